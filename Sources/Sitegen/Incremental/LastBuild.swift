/// What a successful live build leaves for the next to render one edited page without the
/// rest of the site (``PageEdit``): the loaded site, each page's parse and neighbours, and
/// what the page template was given.
struct LastBuild: Sendable {
    private(set) var loaded: LoadedSite
    private(set) var parsed: [BuildMemory.ParsedPage]
    let neighbours: [(previous: RenderedPage?, next: RenderedPage?)]
    let context: TemplateContext
    let theme: Theme
    let site: Site
    let files: PublishedFiles
    let links: LinkResolver
    /// The index of each page by source path.
    let index: [String: Int]

    init(loaded: LoadedSite, parsed: [BuildMemory.ParsedPage], neighbours: [(previous: RenderedPage?, next: RenderedPage?)],
         context: TemplateContext, theme: Theme, site: Site, files: PublishedFiles, links: LinkResolver) {
        self.loaded = loaded
        self.parsed = parsed
        self.neighbours = neighbours
        self.context = context
        self.theme = theme
        self.site = site
        self.files = files
        self.links = links
        index = Dictionary(loaded.pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func replace(_ page: BuildMemory.ParsedPage, at index: Int) {
        parsed[index] = page
        loaded.pages[index] = page.page.page
    }
}
