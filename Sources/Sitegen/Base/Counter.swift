import Synchronization

/// A counter shared by tasks.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new value.
    func increment() -> Int { add(1) }

    /// Adds `amount` and returns the new value.
    func add(_ amount: Int) -> Int { value.withLock { $0 += amount; return $0 } }
}
