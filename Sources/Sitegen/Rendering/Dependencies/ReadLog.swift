import Synchronization
import SitegenTemplates

/// The facts one output's render read, recorded as its template reads them: the values it is
/// given are wrapped (``recording(_:)``) so that reading a member of an object that stands for
/// a fact notes the fact.
final class ReadLog: Sendable {
    private let facts = Mutex<Set<Fact>>([])

    /// A log that has read `facts` already (what every output reads, such as the templates).
    init(_ facts: Set<Fact> = []) {
        self.facts.withLock { $0 = facts }
    }

    func read(_ fact: Fact) {
        _ = facts.withLock { $0.insert(fact) }
    }

    /// What was read.
    var read: Set<Fact> { facts.withLock { $0 } }

    /// `value`, with every object in it recording what is read of it in this log.
    func recording(_ value: TemplateValue) -> TemplateValue {
        switch value {
        case .object(let object): .object(RecordingObject(base: object, fact: (object as? any ListedTemplateObject)?.standsFor, log: self))
        case .list(let items): .list(items.map(recording))
        case .null, .bool, .int, .double, .text: value
        }
    }
}

/// An object of an output's values that notes, in its ``ReadLog``, the fact it stands for
/// when a member is read, and hands out its members recording too.
private struct RecordingObject: TemplateObject {
    let base: any TemplateObject
    let fact: Fact?
    let log: ReadLog

    func member(_ name: String) -> TemplateValue? {
        if let fact { log.read(fact) }
        return base.member(name).map(log.recording)
    }
}
