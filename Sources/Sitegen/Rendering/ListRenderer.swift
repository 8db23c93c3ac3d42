import Foundation
import SitegenMarkdown
import SitegenTemplates

/// Writes the list pages of a rendered site: every section and the home page, the taxonomy
/// and term pages, paginated; the 404 page; and the alias redirects. Each names the facts it
/// reads to the ``RenderingMemory``, which may keep it from the build before.
struct ListRenderer: Sendable {
    let loaded: LoadedSite
    let pages: [RenderedPage]
    /// Each section's pages in order.
    let orders: [String: [RenderedPage]]
    /// The dated pages, newest first.
    let newest: [RenderedPage]
    /// Each taxonomy's terms.
    let terms: [String: [(name: String, url: String, pages: [RenderedPage])]]
    let theme: Theme
    let context: TemplateContext
    let output: OutputWriter
    let memory: any RenderingMemory
    /// Each section's `_index.md` as HTML (with links rewritten), by section path.
    let sectionHTML: [String: String]

    /// Writes them all; returns how many list pages were written.
    func render() async throws -> Int {
        var jobs: [@Sendable () throws -> Int] = loaded.sections.values.map { section in { try writeSection(section) } }
        jobs += taxonomyJobs()
        jobs.append { try writeNotFound() }
        jobs.append { try writeAliases() }
        let written = try await withThrowingTaskGroup(of: Int.self) { group in
            for job in jobs { group.addTask { try job() } }
            return try await group.reduce(0, +)
        }
        return written
    }

    /// What every template reads through `site`: the menu (from the sections), and the
    /// navigation tree when the theme uses it.
    private var siteDependencies: Set<Dependency> {
        context.navigation == nil ? [.sections] : [.sections, .navigation]
    }

    // MARK: Sections and home

    private func writeSection(_ section: Section) throws -> Int {
        let sectionPages = orders[section.path] ?? []
        let subsections = section.subsectionPaths.compactMap { loaded.sections[$0] }
            .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
        let counts = subsections.map { ($0.path, $0.pageIndices.count) }
        let recent = section.path.isEmpty ? Array(newest.prefix(max(0, loaded.configuration.recentPages))) : []
        if section.path.isEmpty { memory.set(Dependency.recent, Fingerprint.of(recent.map(\.page.sourcePath))) }
        let pager = Pager(sectionPages, perPage: section.paginate ?? loaded.configuration.paginate, url: section.url)
        let html = sectionHTML[section.path] ?? ""
        let site = context.site()
        for page in pager.pages {
            let path = URLPath.outputFile(for: page.url)
            let owner = OutputOwner.list(of: section, page: page.number, layout: loaded.layout)
            guard memory.needsRendering(path, reading: {
                var dependencies = siteDependencies
                dependencies.insert(Dependency.section(section.path))
                dependencies.formUnion(subsections.map { Dependency.section($0.path) })
                dependencies.formUnion(page.items.map { Dependency.listing($0.page.sourcePath) })
                if section.path.isEmpty && page.number == 1 {
                    dependencies.insert(Dependency.recent)
                    dependencies.formUnion(recent.map { Dependency.listing($0.page.sourcePath) })
                }
                return dependencies
            }()) else {
                output.keep(path, owner: owner)
                continue
            }
            if let target = redirectTarget(of: section) {
                try output.write(try redirect(to: target, title: section.title), to: path, owner: owner)
                continue
            }
            var values: [String: TemplateValue] = [
                "section": context.section(section, html: page.number == 1 ? html : "", pages: page.items,
                                           subsections: subsections, pageCounts: Dictionary(counts, uniquingKeysWith: { $1 })),
                "pagination": pager.value(for: page.number, basePath: context.basePath),
                "head": context.listHead(title: section.path.isEmpty ? loaded.configuration.title : section.title, url: page.url,
                                         section: section),
            ]
            if section.path.isEmpty && page.number == 1 {
                values["recent"] = ["pages": .list(recent.map(context.summary))]
                values["hasRecentPages"] = .bool(!recent.isEmpty)
            }
            try write(section.path.isEmpty ? "home" : "section", context.top(site: site, values), at: path, owner: owner)
        }
        return pager.pages.count
    }

    // MARK: Taxonomies

    /// For each taxonomy: its index page and a page per term.
    private func taxonomyJobs() -> [@Sendable () throws -> Int] {
        var jobs: [@Sendable () throws -> Int] = []
        for taxonomy in loaded.configuration.taxonomies {
            let terms = self.terms[taxonomy] ?? []
            guard !terms.isEmpty else { continue }
            let taxonomyURL = URLPath.folderURL(taxonomy)
            memory.set(Dependency.taxonomy(taxonomy), Fingerprint.of(terms.map { [$0.name, $0.url, String($0.pages.count)] }))
            jobs.append {
                let path = URLPath.outputFile(for: taxonomyURL)
                guard memory.needsRendering(path, reading: siteDependencies.union([Dependency.taxonomy(taxonomy)])) else {
                    output.keep(path, owner: .terms(of: taxonomy))
                    return 1
                }
                let list = terms.map { ["name": .text($0.name), "url": .text(context.basePath + $0.url), "count": .int($0.pages.count)] as TemplateValue }
                try write("taxonomy", context.top(site: context.site(), [
                    "taxonomy": ["name": .text(taxonomy), "title": .text(PageReader.words(taxonomy)), "terms": .list(list)],
                    "head": context.listHead(title: PageReader.words(taxonomy), url: taxonomyURL),
                ]), at: path, owner: .terms(of: taxonomy))
                return 1
            }
            for term in terms {
                let ordered = Self.sorted(term.pages, by: nil)
                memory.set(Dependency.term(term.url), Fingerprint.of(term.name, ordered.map(\.page.sourcePath)))
                jobs.append {
                    let pager = Pager(ordered, perPage: loaded.configuration.paginate, url: term.url)
                    let site = context.site()
                    for page in pager.pages {
                        let path = URLPath.outputFile(for: page.url)
                        let owner = OutputOwner.term(term.name, of: taxonomy, page: page.number)
                        guard memory.needsRendering(path, reading: siteDependencies.union([Dependency.term(term.url)]
                            + page.items.map { Dependency.listing($0.page.sourcePath) })) else {
                            output.keep(path, owner: owner)
                            continue
                        }
                        try write("term", context.top(site: site, [
                            "term": ["name": .text(term.name), "taxonomy": .text(taxonomy), "taxonomyTitle": .text(PageReader.words(taxonomy)),
                                     "taxonomyURL": .text(context.basePath + taxonomyURL), "count": .int(term.pages.count),
                                     "pages": .list(page.items.map(context.summary))],
                            "pagination": pager.value(for: page.number, basePath: context.basePath),
                            "head": context.listHead(title: term.name, url: page.url),
                        ]), at: path, owner: owner)
                    }
                    return pager.pages.count
                }
            }
        }
        return jobs
    }

    /// The terms of a taxonomy, sorted by name, each with its URL and pages. Terms that differ
    /// only in case or spaces (`Swift`, `swift`) are one term.
    static func terms(of taxonomy: String, in pages: [RenderedPage]) -> [(name: String, url: String, pages: [RenderedPage])] {
        var byURL: [String: (name: String, pages: [RenderedPage])] = [:]
        var urls: [String: String] = [:]
        for page in pages {
            for term in page.page.terms[taxonomy] ?? [] where !term.isEmpty {
                let url = urls[term] ?? termURL(taxonomy: taxonomy, term: term)
                urls[term] = url
                byURL[url, default: (term, [])].pages.append(page)
            }
        }
        return byURL.map { (name: $0.value.name, url: $0.key, pages: $0.value.pages) }
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// A term's list page, by the term's ``Slug``: `c#` → `/tags/c%23/`.
    static func termURL(taxonomy: String, term: String) -> String {
        URLPath.folderURL(taxonomy) + URLPath.component(term) + "/"
    }

    // MARK: 404 and aliases

    private func writeNotFound() throws -> Int {
        guard theme.templates.has("404") else { return 0 }
        if memory.needsRendering("404.html", reading: siteDependencies) {
            try write("404", context.top(site: context.site(), ["head": context.listHead(title: loaded.configuration.title, url: nil)]),
                      at: "404.html", owner: .notFound)
        } else {
            output.keep("404.html", owner: .notFound)
        }
        return 1
    }

    /// A small page at each alias (of a page or of a folder's own page) that sends the reader
    /// (and search engines) to the page.
    private func writeAliases() throws -> Int {
        var count = 0
        func writeRedirect(_ alias: String, to url: String, title: String, owner: OutputOwner, reading dependencies: Set<Dependency>) throws {
            count += 1
            let path = URLPath.outputFile(for: alias)
            guard memory.needsRendering(path, reading: dependencies) else {
                output.keep(path, owner: owner)
                return
            }
            try output.write(redirect(to: context.absoluteBase + url, title: title), to: path, owner: owner)
        }
        for page in pages where !page.page.aliases.isEmpty {
            for alias in page.page.aliases {
                // The page's front matter says which aliases it has: page, not listing.
                try writeRedirect(alias, to: page.page.url, title: page.title, owner: OutputOwner.alias(alias, of: page.page, layout: loaded.layout),
                                  reading: [Dependency.page(page.page.sourcePath)])
            }
        }
        for section in loaded.sections.values where !section.aliases.isEmpty {
            guard let source = section.sourcePath else { continue }
            let contentPath = loaded.layout.contentPath(ofSitePath: source)
            for alias in section.aliases {
                try writeRedirect(alias, to: section.url, title: section.title,
                                  owner: OutputOwner.alias(alias, ofFile: contentPath, layout: loaded.layout), reading: [Dependency.sections])
            }
        }
        return count
    }

    /// A page that sends the reader (and search engines) to `target`: the theme's `alias` template.
    private func redirect(to target: String, title: String) throws -> String {
        try theme.templates.render("alias", with: context.top(site: context.site(), ["url": .text(target), "title": .text(title)]))
    }

    /// Where Zola's `redirect_to` of a section's `_index.md` leads.
    private func redirectTarget(of section: Section) -> String? {
        guard section.source.frontMatter["redirect_to"] != nil,
              let target = ContentLoader.redirectTarget(of: section.source.frontMatter, from: section.path,
                                                             in: loaded.pages, loaded.sections) else { return nil }
        return target.contains("://") ? target : context.absoluteBase + target
    }

    private func write(_ template: String, _ values: TemplateValue, at path: String, owner: OutputOwner) throws {
        try output.write(try theme.templates.render(template, with: values), to: path, owner: owner)
    }

    // MARK: Order

    /// By `sort` (`date`, `weight`, `title`); by default newest first when the pages have
    /// dates, otherwise by weight, then file name.
    static func sorted(_ pages: [RenderedPage], by sort: SortOrder?) -> [RenderedPage] {
        // Keys first, then indices sorted by them: a page is compared without being copied.
        let order: [Int]
        switch sort {
        case .date:
            order = byNewest(pages)
        case .weight:
            let keys = pages.map { ($0.page.weight, $0.title) }
            order = pages.indices.sorted { keys[$0] < keys[$1] }
        case .title:
            let keys = pages.map { $0.title.lowercased() }
            order = pages.indices.sorted { keys[$0] < keys[$1] }
        case nil:
            if pages.contains(where: { $0.page.date != nil }) {
                order = byNewest(pages)
            } else {
                let keys = pages.map { ($0.page.weight, $0.page.sourcePath) }
                order = pages.indices.sorted { keys[$0] < keys[$1] }
            }
        }
        return order.map { pages[$0] }
    }

    /// The dated pages, newest first.
    static func newest(_ pages: [RenderedPage]) -> [RenderedPage] {
        byNewest(pages).lazy.filter { pages[$0].page.date != nil }.map { pages[$0] }
    }

    /// The indices of `pages` newest first: dated pages first, by date, newest first; ties
    /// and undated pages by weight, then title.
    private static func byNewest(_ pages: [RenderedPage]) -> [Int] {
        let keys = pages.map { page -> (Int, Double, Int, String) in
            let date = page.page.date.map { -$0.timeIntervalSinceReferenceDate }
            return (date == nil ? 1 : 0, date ?? 0, page.page.weight, page.title)
        }
        return pages.indices.sorted { keys[$0] < keys[$1] }
    }
}

extension ListRenderer {
    /// The list pages of `site`, written through `output`.
    init(site: RenderedSite, output: OutputWriter, memory: any RenderingMemory) {
        self.init(loaded: site.loaded, pages: site.pages, orders: site.orders, newest: site.newest, terms: site.terms,
                  theme: site.theme, context: site.context, output: output, memory: memory, sectionHTML: site.sectionHTML)
    }
}
