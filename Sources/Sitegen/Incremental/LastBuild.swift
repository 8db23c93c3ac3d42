/// What a successful live build leaves for the next to render edited pages without the rest
/// of the site (``PageEdit``): the loaded site, each page's parse and neighbours, the lists,
/// and what templates were given.
struct LastBuild: Sendable {
    private(set) var loaded: LoadedSite
    private(set) var parsed: [BuildMemory.ParsedPage]
    private(set) var neighbours: [(previous: RenderedPage?, next: RenderedPage?)]
    /// Each section's pages in order, the dated pages newest first, each taxonomy's terms.
    private(set) var orders: [String: [RenderedPage]]
    private(set) var newest: [RenderedPage]
    private(set) var terms: [String: [(name: String, url: String, pages: [RenderedPage])]]
    let sectionHTML: [String: String]
    private(set) var context: TemplateContext
    let theme: Theme
    let site: Site
    let files: PublishedFiles
    let links: LinkResolver
    /// The index of each page by source path.
    let index: [String: Int]

    init(loaded: LoadedSite, parsed: [BuildMemory.ParsedPage], neighbours: [(previous: RenderedPage?, next: RenderedPage?)],
         orders: [String: [RenderedPage]], newest: [RenderedPage], terms: [String: [(name: String, url: String, pages: [RenderedPage])]],
         sectionHTML: [String: String], context: TemplateContext, theme: Theme, site: Site, files: PublishedFiles, links: LinkResolver) {
        self.loaded = loaded
        self.parsed = parsed
        self.neighbours = neighbours
        self.orders = orders
        self.newest = newest
        self.terms = terms
        self.sectionHTML = sectionHTML
        self.context = context
        self.theme = theme
        self.site = site
        self.files = files
        self.links = links
        index = Dictionary(loaded.pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// This build with the page at `index` parsed anew, wherever it appears (its place in every
    /// list stays: the caller checked that the order does not change).
    func replacing(_ page: BuildMemory.ParsedPage, at index: Int) -> LastBuild {
        var copy = self
        let source = page.page.page.sourcePath
        let swap = { (other: RenderedPage) in other.page.sourcePath == source ? page.page : other }
        copy.parsed[index] = page
        copy.loaded.pages[index] = page.page.page
        copy.context.remember([page.page])
        copy.neighbours = neighbours.map { ($0.previous.map(swap), $0.next.map(swap)) }
        if let section = orders[page.page.page.sectionPath] {
            copy.orders[page.page.page.sectionPath] = section.map(swap)
        }
        copy.newest = newest.map(swap)
        copy.terms = terms.mapValues { terms in terms.map { ($0.name, $0.url, $0.pages.map(swap)) } }
        return copy
    }
}
