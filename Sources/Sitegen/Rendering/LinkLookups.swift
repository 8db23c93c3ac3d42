import Synchronization

/// The content paths one page's links and images were looked up at.
final class LinkLookups: Sendable {
    private let paths = Mutex<Set<String>>([])

    func add(_ path: String) { _ = paths.withLock { $0.insert(path) } }

    var all: Set<String> { paths.withLock { $0 } }
}
