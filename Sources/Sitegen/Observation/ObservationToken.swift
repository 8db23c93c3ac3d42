import Synchronization

/// Keeps an observation going until ``cancel()``.
public final class ObservationToken: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    /// Ends the observation; calling it again does nothing.
    public func cancel() {
        let cancel = cancellation.withLock { handler in
            defer { handler = nil }
            return handler
        }
        cancel?()
    }
}
