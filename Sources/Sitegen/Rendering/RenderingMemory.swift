import SitegenTemplates

/// What rendering may remember from one build to the next, in the rendering's own words: a
/// cache of parsed pages, and for each output whether the file the build before wrote stands.
/// A plain build remembers nothing and renders everything (``PlainBuild``); a live build
/// passes its own, which records what each output's template reads (``ReadLog``).
protocol RenderingMemory: Sendable {
    /// Whether outputs' reads are recorded (only then are facts worth comparing).
    var isRecording: Bool { get }

    /// Whether only a few outputs are rendered (a page a browser asks for before the build is
    /// done): what lists show of each page is then made as it is asked for, not ahead.
    var rendersFew: Bool { get }

    /// Whether ``narrowed(_:facts:)`` may narrow the build to a few outputs (a cached build
    /// after an edit of pages alone): what lists show of each page is then made ahead only
    /// when it does not.
    var mayNarrow: Bool { get }

    /// The link targets (content path → URL) that differ from those the remembered parses
    /// were made with.
    func changedTargets(_ targets: [String: String]) -> Set<String>

    /// The parse of each of `pages` from an earlier build (`nil` for one to parse), if its
    /// file, includes and the link targets it looked up (none of `changedTargets`) are unchanged.
    func parsed(_ pages: [Page], changedTargets: Set<String>) -> [ParsedPage?]

    /// Remembers this build's parses, made with `targets`, for the next build.
    func remember(_ parsed: [ParsedPage], targets: [String: String])

    /// Whether the output at `path`, whose template gets `values`, is rendered: not when the
    /// file the build before wrote stands (neither the values' own part nor any fact the output
    /// read last time, as `facts` has it now, changed); else with the log its reads go to,
    /// when the memory records them. `codeReads` are facts the code that made the values read
    /// (a redirect's page title), recorded with the template's.
    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision

    /// Whether the output at `path` stands as the build before left it, known without making
    /// its values (a page edit's plan knows which outputs may change at all).
    func settles(_ path: String) -> Bool

    /// The pages of `site` whose outputs may differ from the build before, when the memory
    /// knows that the outputs of all the others stand (the text of a few pages changed and
    /// nothing that orders or places them); `nil` when any output may differ. Called once,
    /// after the parse and before anything is rendered.
    func narrowed(_ site: RenderedSite, facts: FactValues) -> [Int]?
}

/// Whether an output is rendered (``RenderingMemory/decide(_:_:facts:codeReads:)``).
enum RenderDecision {
    /// The file the build before wrote stands.
    case keep
    /// Rendered, its template's reads going to the log, if any.
    case render(ReadLog?)
}

extension RenderingMemory {
    var rendersFew: Bool { false }
    var mayNarrow: Bool { false }

    /// The text `render` makes of `values` for the output at `path`, its reads recorded; `nil`
    /// when the memory keeps the file of the build before. See
    /// ``decide(_:_:facts:codeReads:)``.
    func rendering(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact> = [],
                   _ render: (TemplateValue) throws -> String) throws -> String? {
        switch decide(path, values, facts: facts, codeReads: codeReads) {
        case .keep: nil
        case .render(nil): try render(values)
        case .render(let log?): try ReadLog.$current.withValue(log) { try render(values) }
        }
    }
}

/// A build that remembers nothing: every page is parsed, every output rendered, nothing recorded.
struct PlainBuild: RenderingMemory {
    var isRecording: Bool { false }
    func changedTargets(_ targets: [String: String]) -> Set<String> { [] }
    func parsed(_ pages: [Page], changedTargets: Set<String>) -> [ParsedPage?] { Array(repeating: nil, count: pages.count) }
    func remember(_ parsed: [ParsedPage], targets: [String: String]) {}
    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision { .render(nil) }
    func settles(_ path: String) -> Bool { false }
    func narrowed(_ site: RenderedSite, facts: FactValues) -> [Int]? { nil }
}

extension RenderingMemory where Self == PlainBuild {
    /// A build that remembers nothing.
    static var plain: PlainBuild { PlainBuild() }
}
