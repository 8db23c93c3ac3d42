import Synchronization

/// Warnings gathered from tasks running at once.
final class WarningLog: Sendable {
    private let warnings = Mutex<[SiteError]>([])

    func add(_ warning: SiteError) { warnings.withLock { $0.append(warning) } }

    /// The warnings, sorted by file and line.
    var all: [SiteError] {
        warnings.withLock { $0 }.sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
    }
}
