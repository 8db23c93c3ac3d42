import Synchronization

/// The observers of a build, called from whichever task the event happens on.
final class BuildObservers: Sendable {
    private let handlers = Mutex<[Int: @Sendable (BuildEvent) -> Void]>([:])
    private let nextID = Mutex(0)

    func add(_ handler: @escaping @Sendable (BuildEvent) -> Void) -> ObservationToken {
        let id = nextID.withLock { value in
            value += 1
            return value
        }
        handlers.withLock { $0[id] = handler }
        return ObservationToken { [weak self] in
            _ = self?.handlers.withLock { $0.removeValue(forKey: id) }
        }
    }

    func send(_ event: BuildEvent) {
        let current = handlers.withLock { Array($0.values) }
        for handler in current { handler(event) }
    }
}
