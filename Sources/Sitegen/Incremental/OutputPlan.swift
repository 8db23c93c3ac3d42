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

    /// Which outputs may render, and which render whatever the record says: set when the plan
    /// is made, or when it is narrowed (``narrow(to:facts:edits:)``) before any output is decided.
    private struct Scope {
        var isPartial: Bool
        var forced: Set<String>
        var candidates: Set<String>?
    }

    /// Whether this build keeps a record for the next (a live build).
    let isRecording: Bool
    private let previous: DependencyRecord?
    /// The content paths of the only files that changed since the build of the record, all
    /// Markdown files read then: ``narrow(to:facts:edits:)`` may narrow the plan to what their
    /// pages change; `nil` when it may not.
    private let narrowsEdits: Set<String>?
    private let scope: Mutex<Scope>
    private let state: Mutex<State>

    /// A plan against `previous` (`nil`: render everything); `recording` for a live build;
    /// `partial` when outputs not planned stay as recorded; `forced` outputs render whatever
    /// the record says; `limitedTo` outputs are the only ones that may render (the others are
    /// settled as they stand: those a page edit cannot change, those a browser does not show).
    /// `narrowsEdits`: the content paths of the only files that changed since the build of
    /// `previous`, each a Markdown file it read (see ``narrow(to:facts:edits:)``).
    init(previous: DependencyRecord?, recording: Bool, partial: Bool = false, forced: Set<String> = [],
         limitedTo candidates: Set<String>? = nil, narrowsEdits: Set<String>? = nil) {
        isRecording = recording
        self.previous = previous
        self.narrowsEdits = narrowsEdits
        let isPartial = partial || candidates != nil
        scope = Mutex(Scope(isPartial: isPartial, forced: forced, candidates: candidates))
        // A partial plan starts from the record it changes; a whole one records anew.
        state = Mutex(State(next: isPartial ? previous ?? DependencyRecord() : DependencyRecord()))
    }

    /// Whether ``narrow(to:facts:edits:)`` may narrow the plan: it was made with the files
    /// that changed, and records.
    var mayNarrow: Bool { isRecording && narrowsEdits != nil }

    /// Whether the output at `path` stands without a look at its values (a limited plan's
    /// other outputs).
    func settles(_ path: String) -> Bool {
        isRecording && scope.withLock { $0.candidates.map { !$0.contains(path) } ?? false }
    }

    /// Narrows a plan made with `narrowsEdits` to what the edited pages change: the outputs
    /// that read a fact of theirs that is not as the build before saw it, and their own. Returns
    /// the indices of the pages of `site` among those outputs; `nil` (the plan stays whole)
    /// when the edit may place, order or name pages otherwise: a page new or with another
    /// title (`edits`: each page parsed anew, by content path, and whether its title is the
    /// one it had), a page in a menu, the top README (whose heading may title the site), or a
    /// `site` that changed (a navigation tree shows pages).
    func narrow(to site: RenderedSite, facts: FactValues, edits: [String: Bool]) -> [Int]? {
        // Every changed file a page parsed anew (not a section's text, not a page gone), each
        // with its title and place.
        guard let narrowsEdits, isRecording, let previous, !edits.isEmpty, Set(edits.keys) == narrowsEdits,
              edits.values.allSatisfy({ $0 }) else { return nil }
        var changed: Set<Fact> = []
        var own: Set<String> = []
        let pages = site.loaded.pages
        // A few edited pages are looked for; many, through an index of every page.
        let index = edits.count > 16 ? Dictionary(pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        for path in edits.keys {
            guard let position = index.map({ $0[path] }) ?? pages.firstIndex(where: { $0.sourcePath == path }),
                  path.lowercased() != "readme.md", !site.loaded.mayChangeListText(path),
                  !site.listTextReads.contains(LinkLookups.readKey(path)) else { return nil }
            let page = pages[position]
            if ["menu", "menus"].contains(where: { page.frontMatter[$0] != nil }) || site.loaded.menus.leads(to: page.url) { return nil }
            changed.formUnion(previous.changed(Fact.facts(ofPage: path), now: facts))
            own.insert(URLPath.outputFile(for: page.url))
        }
        for language in site.configuration.publishedLanguages where previous.hasChanged(.site(language.code), now: facts) {
            return nil
        }
        let affected = previous.readers(of: changed).union(own)
        scope.withLock { $0 = Scope(isPartial: true, forced: own, candidates: affected) }
        state.withLock { $0.next = previous }
        return site.pages.indices.filter { affected.contains(URLPath.outputFile(for: site.pages[$0].page.url)) }
    }

    /// See ``RenderingMemory/decide(_:_:facts:codeReads:)``.
    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision {
        guard isRecording, let facts else { return .render(nil) }
        let scope = scope.withLock { $0 }
        if scope.candidates.map({ !$0.contains(path) }) ?? false { return .keep }
        let fingerprint = FactFingerprint.of(values)
        if let fingerprint, !scope.forced.contains(path), let before = previous?.outputs[path], before.values == fingerprint,
           let previous, before.facts.allSatisfy({ previous.seen($0) == facts.fingerprint(of: $0) }) {
            state.withLock { state in
                if !scope.isPartial {
                    state.next.set(path, before)
                    for fact in before.facts { state.next.see(fact, previous.seen(fact)) }
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
    /// plan, the others as recorded before). Taken out of the plan (once, when the build is
    /// done), so that it is completed in place rather than copied.
    func takeRecord() -> DependencyRecord {
        let reads = reads()
        var next = state.withLock { state in
            defer { state.next = DependencyRecord() }
            return state.next
        }
        next.apply(reads)
        return next
    }

    /// What each output rendered in this build read, with each fact's fingerprint now.
    typealias Reads = [(path: String, reads: DependencyRecord.Reads, seen: [(fact: Fact, fingerprint: UInt64)])]

    /// What the outputs rendered in this build read: for a partial plan, what changes in the
    /// record it started from (``DependencyRecord/apply(_:)``).
    func reads() -> Reads {
        state.withLock { $0.pending }.map { path, entry in
            let facts = entry.log.read
            // Values that cannot be fingerprinted get a number no later build matches.
            return (path, DependencyRecord.Reads(values: entry.values ?? UInt64.random(in: .min ... .max), facts: Array(facts)),
                    facts.map { ($0, entry.facts.fingerprint(of: $0)) })
        }
    }

    /// How many outputs were rendered and how many kept from the build before.
    var counts: (rendered: Int, kept: Int) { state.withLock { ($0.rendered, $0.kept) } }
}
