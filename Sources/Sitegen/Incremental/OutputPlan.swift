import Synchronization
import SitegenTemplates

/// Decides, output file by output file, whether a live build must render it, from what the
/// build before recorded: the fingerprint of the values the output's template was given (their
/// own part) and the facts its template read (``ReadLog``), each with its fingerprint then.
/// An output is rendered again when it is new, when its values differ, or when a fact it read
/// has another fingerprint now (``FactValues``); what it reads is then recorded anew. Nothing
/// is listed by hand: what an output depends on is what its render read.
///
/// A plan that is not recording renders everything and records nothing. A partial plan (a page
/// edit's) plans some outputs and keeps the record of the others; a plan limited to some
/// outputs settles every other one as it stands without looking at it.
final class OutputPlan: Sendable {
    private struct Pending {
        let values: UInt64?
        let log: ReadLog
        let facts: FactValues
    }

    private struct State {
        var next: DependencyRecord
        var pending: [String: Pending] = [:]
        var rendered = 0
        var kept = 0
    }

    /// Whether this build keeps a record for the next (a live build).
    let isRecording: Bool
    private let previous: DependencyRecord?
    private let isPartial: Bool
    private let forced: Set<String>
    private let candidates: Set<String>?
    private let state: Mutex<State>

    /// A plan against `previous` (`nil`: render everything); `recording` for a live build;
    /// `partial` when outputs not planned stay as recorded; `forced` outputs render whatever
    /// the record says; `limitedTo` outputs are the only ones that may render (the others are
    /// settled as they stand: those a page edit cannot change, those a browser does not show).
    init(previous: DependencyRecord?, recording: Bool, partial: Bool = false, forced: Set<String> = [],
         limitedTo candidates: Set<String>? = nil) {
        isRecording = recording
        self.previous = previous
        isPartial = partial || candidates != nil
        self.forced = forced
        self.candidates = candidates
        // A partial plan starts from the record it changes; a whole one records anew.
        state = Mutex(State(next: isPartial ? previous ?? DependencyRecord() : DependencyRecord()))
    }

    /// Whether the output at `path` stands without a look at its values (a limited plan's
    /// other outputs).
    func settles(_ path: String) -> Bool {
        isRecording && candidates.map { !$0.contains(path) } ?? false
    }

    /// See ``RenderingMemory/decide(_:_:facts:codeReads:)``.
    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision {
        guard isRecording, let facts else { return .render(nil) }
        if settles(path) { return .keep }
        let fingerprint = FactFingerprint.of(values)
        if let fingerprint, !forced.contains(path), let before = previous?.outputs[path], before.values == fingerprint,
           let previous, before.facts.allSatisfy({ previous.seen[$0] == facts.fingerprint(of: $0) }) {
            state.withLock { state in
                if !isPartial {
                    state.next.set(path, before)
                    for fact in before.facts { state.next.seen[fact] = previous.seen[fact] }
                }
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
            next.set(path, DependencyRecord.Reads(values: entry.values ?? UInt64.random(in: .min ... .max), facts: Array(facts)))
            for fact in facts { next.seen[fact] = entry.facts.fingerprint(of: fact) }
        }
        return next
    }

    /// How many outputs were rendered and how many kept from the build before.
    var counts: (rendered: Int, kept: Int) { state.withLock { ($0.rendered, $0.kept) } }
}
