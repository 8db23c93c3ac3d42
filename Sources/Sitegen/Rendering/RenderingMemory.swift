import SitegenTemplates

/// What rendering may remember from one build to the next, in the rendering's own words: a
/// cache of parsed pages, and for each output whether the file the build before wrote stands.
/// A plain build remembers nothing and renders everything (``PlainBuild``); a live build
/// passes its own, which records what each output's template reads (``ReadLog``).
protocol RenderingMemory: Sendable {
    /// Whether outputs' reads are recorded (only then are facts worth fingerprinting).
    var isRecording: Bool { get }

    /// The link targets (content path → URL) that differ from those the remembered parses
    /// were made with.
    func changedTargets(_ targets: [String: String]) -> Set<String>

    /// The parse of `page` from an earlier build, if its file, includes and the link targets
    /// it looked up (none of `changedTargets`) are unchanged.
    func parsed(_ page: Page, changedTargets: Set<String>) -> ParsedPage?

    /// Remembers this build's parses, made with `targets`, for the next build.
    func remember(_ parsed: [ParsedPage], targets: [String: String])

    /// The values to render the output at `path` with, given the values its template gets
    /// (recording what the template reads of them, when the memory records), or `nil` when
    /// the file the build before wrote stands: neither the values' own part nor any fact the
    /// output read last time (fingerprinted in `facts`) changed. `codeReads` are facts the
    /// code that made the values read (a redirect's page title), recorded with the template's.
    func values(toRender path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> TemplateValue?
}

extension RenderingMemory {
    /// The values to render the output at `path` with, the template's reads recorded; see
    /// ``values(toRender:_:facts:codeReads:)``.
    func values(toRender path: String, _ values: TemplateValue, facts: FactValues?) -> TemplateValue? {
        self.values(toRender: path, values, facts: facts, codeReads: [])
    }
}

/// A build that remembers nothing: every page is parsed, every output rendered, nothing recorded.
struct PlainBuild: RenderingMemory {
    var isRecording: Bool { false }
    func changedTargets(_ targets: [String: String]) -> Set<String> { [] }
    func parsed(_ page: Page, changedTargets: Set<String>) -> ParsedPage? { nil }
    func remember(_ parsed: [ParsedPage], targets: [String: String]) {}
    func values(toRender path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> TemplateValue? { values }
}

extension RenderingMemory where Self == PlainBuild {
    /// A build that remembers nothing.
    static var plain: PlainBuild { PlainBuild() }
}
