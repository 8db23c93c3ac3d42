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

    /// An observation that ends by itself at the first event after `observer` is released.
    func addBound<Observer: AnyObject & Sendable>(_ observer: Observer,
                                                   _ handler: @escaping @Sendable (Observer, BuildEvent) -> Void) -> ObservationToken {
        let id = nextID.withLock { value in
            value += 1
            return value
        }
        handlers.withLock { handlers in
            handlers[id] = { [weak self, weak observer] event in
                guard let observer else {
                    _ = self?.handlers.withLock { $0.removeValue(forKey: id) }
                    return
                }
                handler(observer, event)
            }
        }
        return ObservationToken { [weak self] in
            _ = self?.handlers.withLock { $0.removeValue(forKey: id) }
        }
    }

    /// How many observations are active.
    var count: Int { handlers.withLock { $0.count } }

    func send(_ event: BuildEvent) {
        let current = handlers.withLock { Array($0.values) }
        for handler in current { handler(event) }
    }
}
