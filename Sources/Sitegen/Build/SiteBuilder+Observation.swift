extension SiteBuilder {
    /// Calls `handler` with every event of the builds that follow, until the token is cancelled.
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (BuildEvent) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Calls `handler` when a build starts.
    @discardableResult
    public func observeBuildStarted(_ handler: @escaping @Sendable () -> Void) -> ObservationToken {
        observe { if case .started = $0 { handler() } }
    }

    /// Calls `handler` with each page's URL once it is rendered and written.
    @discardableResult
    public func observePageRendered(_ handler: @escaping @Sendable (_ url: String) -> Void) -> ObservationToken {
        observe { if case .pageRendered(let url, _, _) = $0 { handler(url) } }
    }

    /// Calls `handler` with each step's name and duration when it finishes.
    @discardableResult
    public func observeStepFinished(_ handler: @escaping @Sendable (_ name: String, _ seconds: Double) -> Void) -> ObservationToken {
        observe { if case .stepFinished(let name, let seconds) = $0 { handler(name, seconds) } }
    }

    /// Calls `handler` with the summary of each successful build.
    @discardableResult
    public func observeBuildFinished(_ handler: @escaping @Sendable (BuildSummary) -> Void) -> ObservationToken {
        observe { if case .finished(let summary) = $0 { handler(summary) } }
    }

    /// Calls `handler` with the message of each failed build.
    @discardableResult
    public func observeBuildFailed(_ handler: @escaping @Sendable (_ message: String) -> Void) -> ObservationToken {
        observe { if case .failed(let message) = $0 { handler(message) } }
    }

    /// Calls `handler` with `observer` and every event, for as long as `observer` exists: the
    /// observation ends by itself when the object is released.
    @discardableResult
    public func addObserver<Observer: AnyObject & Sendable>(
        _ observer: Observer, _ handler: @escaping @Sendable (Observer, BuildEvent) -> Void
    ) -> ObservationToken {
        observers.addBound(observer, handler)
    }
}
