/// What a successful live build leaves for the next to render edited pages without the rest
/// of the site (``PageEdit``): the ``RenderedSite`` the render stage gave back, and where each
/// page is in it.
struct LastBuild: Sendable {
    private(set) var site: RenderedSite
    /// The index of each page by source path.
    let index: [String: Int]
    /// The folders of the page bundles, by site path.
    let bundleFolders: Set<String>
    /// The content paths of the files published from the content folder.
    let publishedFiles: Set<String>
    /// Each page's place among the newest pages, by source path.
    private let newestIndex: [String: Int]
    /// The index of the page whose output is at each output path.
    let pageOfOutput: [String: Int]
    /// The texts of pages that a page's parse read (``LinkLookups/readKey(_:)``), or read
    /// before it was edited: an edit of one of them is for the general build.
    private(set) var readTexts: Set<String>
    /// Whether every page's neighbours have it as their neighbour (a page is then found among
    /// the neighbours of its own neighbours; else every entry is looked at).
    private let neighboursAreMutual: Bool

    init(_ site: RenderedSite) {
        self.site = site
        let index = Dictionary(site.loaded.pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
        self.index = index
        bundleFolders = Set(site.loaded.pages.filter(\.isBundle).map { URLPath.folder(of: $0.sitePath) })
        publishedFiles = Set(site.loaded.files.compactMap(\.contentPath))
        newestIndex = Dictionary(site.newest.enumerated().map { ($1.page.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
        pageOfOutput = Dictionary(site.pages.enumerated().map { (URLPath.outputFile(for: $1.page.url), $0) }, uniquingKeysWith: { first, _ in first })
        readTexts = Set(site.parsed.flatMap { $0.lookups.filter(LinkLookups.isReadKey) }).union(site.listTextReads.filter(LinkLookups.isReadKey))
        neighboursAreMutual = site.neighbours.enumerated().allSatisfy { position, neighbours in
            let path = site.pages[position].page.sourcePath
            return neighbours.previous.map { index[$0.page.sourcePath].map { site.neighbours[$0].next?.page.sourcePath == path } ?? false } ?? true
                && neighbours.next.map { index[$0.page.sourcePath].map { site.neighbours[$0].previous?.page.sourcePath == path } ?? false } ?? true
        }
    }

    /// The place of the page at `source` among the newest pages, if it is dated.
    func newestPosition(of source: String) -> Int? {
        newestIndex[source].flatMap { $0 < site.newest.count && site.newest[$0].page.sourcePath == source ? $0 : nil }
    }

    /// Puts the page parsed anew at `index` wherever it appears, in place: a one-page edit
    /// of a large site changes a few entries, not copies of every list (its place in every list
    /// stays: the caller checks that the order does not change).
    mutating func replace(_ page: ParsedPage, at index: Int) {
        let source = page.page.page.sourcePath
        let rendered = page.page
        readTexts.formUnion(page.lookups.filter(LinkLookups.isReadKey))
        site.parsed[index] = page
        site.pages[index] = rendered
        site.loaded.pages[index] = rendered.page
        site.context.remember(edited: rendered)
        let own = site.neighbours[index]
        let candidates = neighboursAreMutual
            ? [own.previous, own.next].compactMap { $0.flatMap { self.index[$0.page.sourcePath] } } : Array(site.neighbours.indices)
        for position in candidates {
            if site.neighbours[position].previous?.page.sourcePath == source { site.neighbours[position].previous = rendered }
            if site.neighbours[position].next?.page.sourcePath == source { site.neighbours[position].next = rendered }
        }
        func replace(in pages: inout [RenderedPage]) {
            for position in pages.indices where pages[position].page.sourcePath == source { pages[position] = rendered }
        }
        let section = rendered.page.sectionPath
        if site.orders[section] != nil { replace(in: &site.orders[section]!) }
        if let position = newestPosition(of: source) {
            site.newest[position] = rendered
        } else {
            replace(in: &site.newest)
        }
        // A navigation tree of sections shows the pages' titles (a book's shows its summary's).
        if site.context.navigation != nil && site.loaded.summary == nil {
            site.context.navigation = SiteRenderer.navigation(of: site.loaded, orders: site.orders, targets: [:])
        }
        for (language, taxonomy, term) in termPlaces(of: rendered.page) {
            replace(in: &site.terms[language]![taxonomy]![term].pages)
        }
    }

    /// Where in ``RenderedSite/terms`` the terms are that `page` is in: those its own term
    /// names lead to (``ListRenderer/terms(of:in:folder:rules:)``), by language code, taxonomy
    /// and index.
    func termPlaces(of page: Page) -> [(language: String, taxonomy: String, term: Int)] {
        let configuration = site.loaded.configuration
        let languages = configuration.publishedLanguages
        guard let language = languages.count == 1 ? languages.first : languages.first(where: { $0.code == page.language }) else { return [] }
        var places: [(language: String, taxonomy: String, term: Int)] = []
        for (taxonomy, names) in page.terms {
            let urls = Set(names.map { ListRenderer.termURL(taxonomy: taxonomy, term: $0, in: language.path, rules: configuration.hugo) })
            guard let terms = site.terms[language.code]?[taxonomy] else { continue }
            for term in terms.indices where urls.contains(terms[term].url) { places.append((language.code, taxonomy, term)) }
        }
        return places
    }
}
