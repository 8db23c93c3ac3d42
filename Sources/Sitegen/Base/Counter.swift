import Synchronization

/// A counter shared by tasks.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new value.
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}
