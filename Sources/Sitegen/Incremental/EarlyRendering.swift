import SitegenTemplates

/// The ``RenderingMemory`` of an early render (``EarlyRender``): only the output at ``path``
/// is rendered, its reads recorded; every other output is left alone, and the pages outside
/// ``parsing`` are not parsed but stand by their front matter (``standIn(for:)``).
struct EarlyRendering: RenderingMemory {
    /// The output path rendered.
    let path: String
    /// The indices of the pages published at ``path`` (none, for a list page).
    let pages: [Int]
    /// The source paths of the pages parsed; the others stand in unparsed.
    let parsing: Set<String>
    /// What the output's render read.
    let log = ReadLog()

    var isRecording: Bool { true }
    var rendersFew: Bool { true }

    func changedTargets(_ targets: [String: String]) -> Set<String> { [] }

    func parsed(_ pages: [Page], changedTargets: Set<String>) -> [ParsedPage?] {
        pages.map { parsing.contains($0.sourcePath) ? nil : Self.standIn(for: $0) }
    }

    func remember(_ parsed: [ParsedPage], targets: [String: String]) {}

    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision {
        guard path == self.path else { return .keep }
        for fact in codeReads { log.read(fact) }
        return .render(log)
    }

    func settles(_ path: String) -> Bool { path != self.path }

    func narrowed(_ site: RenderedSite, facts: FactValues) -> [Int]? { pages }

    /// A page as its front matter gives it, without its Markdown parsed: titled by `title`,
    /// else its file's name; described by `description`, else `summary`; no text.
    static func standIn(for page: Page) -> ParsedPage {
        let summary = page.summary ?? ""
        let rendered = RenderedPage(page: page, title: page.explicitTitle ?? page.fileTitle, description: page.description ?? summary,
                                    summary: summary, headings: [], content: "", data: page.data)
        return ParsedPage(revision: page.revision, page: rendered, lookups: [], warnings: [], includes: [],
                          templateTags: ForeignTemplateTags(tallies: [:], shortcodeNames: [], zolaNames: []))
    }
}
