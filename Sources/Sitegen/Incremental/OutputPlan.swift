import Synchronization
import SitegenTemplates

/// Decides, output file by output file, whether a live build must render it, from what the
/// build before recorded: the fingerprint of the values the output's template was given (their
/// own part) and the facts its template read (``ReadLog``), each with its fingerprint then.
/// An output is rendered again when it is new, when its values differ, or when a fact it read
/// has another fingerprint now (``FactValues``); what it reads is then recorded anew. Nothing
/// is listed by hand: what an output depends on is what its render read.
///
/// A plan that is not recording renders everything and records nothing. A partial plan
/// (a page edit's) plans some outputs and keeps the record of the others.
final class OutputPlan: Sendable {
    private struct Pending {
        let values: UInt64?
        let log: ReadLog
        let facts: FactValues
    }

    private struct State {
        var next = DependencyRecord()
        var pending: [String: Pending] = [:]
        var rendered = 0
        var kept = 0
    }

    /// Whether this build keeps a record for the next (a live build).
    let isRecording: Bool
    private let previous: DependencyRecord?
    private let isPartial: Bool
    private let forced: Set<String>
    private let rendersOnlyForced: Bool
    private let state = Mutex(State())

    /// A plan against `previous` (`nil`: render everything); `recording` for a live build;
    /// `partial` when outputs not planned stay as recorded; `forced` outputs render whatever
    /// the record says; with `onlyForced`, nothing else renders (the pages open in a browser,
    /// made first).
    init(previous: DependencyRecord?, recording: Bool, partial: Bool = false, forced: Set<String> = [], onlyForced: Bool = false) {
        isRecording = recording
        self.previous = previous
        isPartial = partial || onlyForced
        self.forced = forced
        rendersOnlyForced = onlyForced
    }

    /// See ``RenderingMemory/decide(_:_:facts:codeReads:)``.
    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision {
        guard isRecording, let facts else { return .render(nil) }
        if rendersOnlyForced && !forced.contains(path) { return .keep }
        let fingerprint = FactFingerprint.of(values)
        if let fingerprint, !forced.contains(path), let before = previous?.outputs[path], before.values == fingerprint,
           let previous, before.facts.allSatisfy({ previous.seen[$0] == facts.fingerprint(of: $0) }) {
            state.withLock { state in
                state.next.outputs[path] = before
                for fact in before.facts { state.next.seen[fact] = previous.seen[fact] }
                state.kept += 1
            }
            return .keep
        }
        let log = ReadLog(codeReads.union([.templates]))
        state.withLock { state in
            state.pending[path] = Pending(values: fingerprint, log: log, facts: facts)
            state.rendered += 1
        }
        return .render(log)
    }

    /// What this build read, for the next one: the outputs planned in it (and, for a partial
    /// plan, the others as recorded before).
    var record: DependencyRecord {
        var (next, pending) = state.withLock { ($0.next, $0.pending) }
        for (path, entry) in pending {
            let facts = entry.log.read
            // Values that cannot be fingerprinted get a number no later build matches.
            next.outputs[path] = DependencyRecord.Reads(values: entry.values ?? UInt64.random(in: .min ... .max),
                                                        facts: Array(facts))
            for fact in facts { next.seen[fact] = entry.facts.fingerprint(of: fact) }
        }
        if isPartial, let previous {
            for (path, reads) in previous.outputs where next.outputs[path] == nil {
                next.outputs[path] = reads
                for fact in reads.facts where next.seen[fact] == nil { next.seen[fact] = previous.seen[fact] }
            }
        }
        return next
    }

    /// How many outputs were rendered and how many kept from the build before.
    var counts: (rendered: Int, kept: Int) { state.withLock { ($0.rendered, $0.kept) } }
}
