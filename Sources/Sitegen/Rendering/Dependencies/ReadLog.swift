import Synchronization

/// The facts one output's render read, recorded as its template reads them: while the output
/// renders, the log is ``current``, and an object of the template model that stands for a fact
/// (``FactTemplateObject``) notes the fact when a member of it is read.
final class ReadLog: Sendable {
    private struct State {
        var facts: Set<Fact> = []
        /// The fact read last, which a template reads again and again (`page.title`, `page.url`…).
        var last: Fact?
    }

    private let state = Mutex(State())

    /// The log of the output being rendered on this task, if its reads are recorded.
    @TaskLocal static var current: ReadLog?

    /// A log that has read `facts` already (what every output reads, such as the templates).
    init(_ facts: Set<Fact> = []) {
        state.withLock { $0.facts = facts }
    }

    func read(_ fact: Fact) {
        state.withLock { state in
            guard state.last != fact else { return }
            state.last = fact
            state.facts.insert(fact)
        }
    }

    /// What was read.
    var read: Set<Fact> { state.withLock { $0.facts } }
}

extension FactTemplateObject {
    /// Notes, in the log of the output being rendered, that a member of this object was read.
    func noteRead() {
        ReadLog.current?.read(fact)
    }
}
