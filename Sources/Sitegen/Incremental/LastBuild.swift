/// What a successful live build leaves for the next to render edited pages without the rest
/// of the site (``PageEdit``): the ``RenderedSite`` the render stage gave back, and where each
/// page is in it.
struct LastBuild: Sendable {
    private(set) var site: RenderedSite
    /// The index of each page by source path.
    let index: [String: Int]

    init(_ site: RenderedSite) {
        self.site = site
        index = Dictionary(site.loaded.pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// This build with the page at `index` parsed anew, wherever it appears (its place in every
    /// list stays: the caller checked that the order does not change).
    func replacing(_ page: ParsedPage, at index: Int) -> LastBuild {
        var copy = self
        let source = page.page.page.sourcePath
        let swap = { (other: RenderedPage) in other.page.sourcePath == source ? page.page : other }
        copy.site.parsed[index] = page
        copy.site.pages[index] = page.page
        copy.site.loaded.pages[index] = page.page.page
        copy.site.context.remember(edited: page.page)
        copy.site.neighbours = site.neighbours.map { ($0.previous.map(swap), $0.next.map(swap)) }
        if let section = site.orders[page.page.page.sectionPath] {
            copy.site.orders[page.page.page.sectionPath] = section.map(swap)
        }
        copy.site.newest = site.newest.map(swap)
        // A navigation tree of sections shows the pages' titles (a book's shows its summary's).
        if site.context.navigation != nil && site.loaded.summary == nil {
            copy.site.context.navigation = SiteRenderer.navigation(of: copy.site.loaded, orders: copy.site.orders, targets: [:])
        }
        copy.site.terms = site.terms.mapValues { $0.mapValues { terms in terms.map { ($0.name, $0.url, $0.pages.map(swap)) } } }
        return copy
    }
}
