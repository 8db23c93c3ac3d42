import Foundation
import SitegenMarkdown
import SitegenTemplateDialects
import SitegenTemplates

/// Writes the list pages of a rendered site: every section and the home page, the taxonomy
/// and term pages, paginated; the 404 page; and the alias redirects. Each output's values go
/// through the ``RenderingMemory``, which may keep the file of the build before.
package struct ListRenderer: Sendable {
    /// A taxonomy's term: its name as first written, its list's URL, its pages.
    package typealias Term = (name: String, url: String, pages: [RenderedPage])

    let loaded: LoadedSite
    let pages: [RenderedPage]
    /// Each section's pages in order.
    let orders: [String: [RenderedPage]]
    /// The dated pages, newest first.
    let newest: [RenderedPage]
    /// Each taxonomy's terms, by language code, then taxonomy.
    let terms: [String: [String: [Term]]]
    let theme: Theme
    let context: TemplateContext
    let output: OutputWriter
    let memory: any RenderingMemory
    /// Each section's `_index.md` as HTML (with links rewritten), by section path.
    let sectionHTML: [String: String]
    /// The site's facts as the memory compares them (`nil` when it records nothing).
    let facts: FactValues?
    /// The published files and images, whose tags list pages complete (``ImageTags``); `nil`: left as they are.
    var files: PublishedFiles?
    /// The redirect pages of a Jekyll site made by its own `_layouts/redirect.html`, by URL.
    var redirectHTML: [String: String] = [:]
    /// The pages of a Jekyll site made by its own layouts (``JekyllLayouts``), by URL: a
    /// folder's `index.html` that names one is its list's first page.
    var layoutHTML: [String: String] = [:]
    /// A Jekyll site's files other than HTML with front matter, their Liquid run.
    var liquidFiles: [RenderedSite.LiquidFile] = []
    /// jekyll-paginate's pages after the first (their HTML in ``layoutHTML``).
    var paginatedPages: [(url: String, section: String, number: Int)] = []

    /// Writes them all; returns how many list pages were written.
    func render() async throws -> Int {
        // Jekyll makes no lists of folders, categories or tags: a page of the site's own at one's URL
        // (`permalink: /`, `permalink: /categories/`) is kept instead.
        let taken = loaded.configuration.jekyllPermalinks == nil ? [] : Set(loaded.pages.map(\.url))
        var jobs: [@Sendable () throws -> Int] = loaded.sections.values.filter { $0.hasListPage && !taken.contains($0.url) }.map { section in
            { try writeSection(section) }
        }
        for language in loaded.configuration.publishedLanguages {
            jobs += taxonomyJobs(in: language, taken: taken)
            jobs.append { try writeNotFound(in: language) }
        }
        jobs.append { try writeAliases() }
        if !liquidFiles.isEmpty || !paginatedPages.isEmpty { jobs.append { try writeLiquidFiles() } }
        let all = jobs
        return try await Parallel.tasks(all.count) { try all[$0]() }.reduce(0, +)
    }

    // MARK: Sections and home

    private func writeSection(_ section: Section) throws -> Int {
        let sectionPages = orders[section.path] ?? []
        let subsections = section.subsectionPaths.compactMap { loaded.sections[$0] }.filter(\.hasListPage)
            .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
        let counts = subsections.map { ($0.path, $0.pageIndices.count) }
        // Each language's home page: the site's, or a language's folder (`fr`).
        let home = loaded.configuration.publishedLanguages.first { $0.path == section.path }
        let recent = home.map { Self.newest(newest, in: $0.code, count: loaded.configuration.recentPages) } ?? []
        // A Hugo site's home page lists the pages of its main sections, page by page, as Hugo's themes do.
        let listed = home.flatMap { home in loaded.configuration.hugo.map { _ in Self.mainSectionPages(of: home, in: newest, loaded: loaded) } }
        let pager = Pager(listed ?? sectionPages, perPage: section.paginate ?? loaded.configuration.paginate, url: section.url)
        let html = sectionHTML[section.path] ?? ""
        let site = context.site(section.language)
        let translation = TranslationTable.Key.section(section.translationKey)
        for page in pager.pages {
            let path = URLPath.outputFile(for: page.url)
            let owner = OutputOwner.list(of: section, page: page.number, layout: loaded.layout)
            if settled(path, owner: owner) { continue }
            if page.number == 1, let html = redirectHTML[section.url] ?? layoutHTML[section.url] {
                try writeMade(html, at: path, owner: owner)
                continue
            }
            // A folder's page drawn by the site's own layout has no numbered pages of sitegen's list.
            if layoutHTML[section.url] != nil { continue }
            if let target = redirectTarget(of: section) {
                try writeRedirect(to: target, title: section.title, language: section.language, at: path, owner: owner)
                continue
            }
            var values: [String: TemplateValue] = [
                "section": context.section(section, html: page.number == 1 ? html : "", pages: page.items,
                                           subsections: subsections, pageCounts: Dictionary(counts, uniquingKeysWith: { $1 })),
                "pagination": pager.value(for: page.number, basePath: context.basePath),
                "head": context.listHead(title: home.map { $0.title ?? loaded.configuration.title } ?? section.title, url: page.url,
                                         section: section, language: section.language, translation: translation),
            ]
            // A Hugo site's home page lists its main sections' pages already: no list of recent pages besides.
            if home != nil && page.number == 1 && listed == nil {
                values["recent"] = ["pages": .list(recent.map(context.summary))]
                values["hasRecentPages"] = .bool(!recent.isEmpty)
            }
            try write(home != nil ? "home" : "section", context.top(site: site, values, url: page.url), at: path, owner: owner)
        }
        return pager.pages.count
    }

    // MARK: Taxonomies

    /// For each taxonomy: its index page and a page per term, in `language`.
    /// `taken`: the URLs at which a Jekyll site's own page stands, where no list is made.
    private func taxonomyJobs(in language: SiteLanguage, taken: Set<String>) -> [@Sendable () throws -> Int] {
        var jobs: [@Sendable () throws -> Int] = []
        let site = context.site(language.code)
        let hugo = loaded.configuration.hugo
        for taxonomy in loaded.configuration.taxonomies {
            let terms = self.terms[language.code]?[taxonomy] ?? []
            // Hugo publishes every taxonomy's list page in every language, terms or not.
            guard !terms.isEmpty || hugo != nil else { continue }
            let taxonomyURL = Self.taxonomyURL(taxonomy, in: language.path, rules: hugo)
            let own = loaded.taxonomyContent[URLPath.path(taxonomy, in: language.path)]
            let title = own?.title ?? context.strings?.text(taxonomy, in: language.code) ?? PageReader.words(taxonomy)
            let html = own.flatMap { sectionHTML[$0.path] }
            let folder = URLPath.path(taxonomy, in: language.path) + "/"
            let termContent = Dictionary(loaded.taxonomyContent.values.filter { $0.path.hasPrefix(folder) }.map { section in
                (URLPath.encoded(hugo?.component(URLPath.lastComponent(of: section.path)) ?? ""), section)
            }, uniquingKeysWith: { first, _ in first })
            // A term's title: a Hugo site's `tags/swift/_index.md` gives it; else, as Hugo titles it, its term in title case.
            let termTitle = { @Sendable (term: Term) -> String in
                termContent[Self.slug(ofTermURL: term.url)]?.title ?? Self.title(ofTerm: term.name, hugo: hugo)
            }
            if !taken.contains(taxonomyURL) { jobs.append {
                // A Hugo site's taxonomy page lists its terms page by page, as its lists of pages.
                let pager = Pager(terms, perPage: hugo == nil ? 0 : loaded.configuration.paginate, url: taxonomyURL)
                for page in pager.pages {
                    let path = URLPath.outputFile(for: page.url)
                    let owner = OutputOwner.terms(of: taxonomy, page: page.number)
                    let list = page.items.map {
                        ["name": .text(termTitle($0)), "url": .text(context.basePath + $0.url), "count": .int($0.pages.count)] as TemplateValue
                    }
                    var taxonomyValues: [String: TemplateValue] = ["name": .text(taxonomy), "title": .text(title), "terms": .list(list)]
                    if let html, page.number == 1 { taxonomyValues["content"] = .text(html) }
                    var values: [String: TemplateValue] = [
                        "taxonomy": .object(TemplateDictionary(taxonomyValues)),
                        "head": context.listHead(title: title, url: page.url, language: language.code, translation: .taxonomy(taxonomy)),
                    ]
                    if hugo != nil { values["pagination"] = pager.value(for: page.number, basePath: context.basePath) }
                    try write("taxonomy", context.top(site: site, values, url: page.url), at: path, owner: owner)
                }
                return pager.pages.count
            } }
            for term in terms where !taken.contains(term.url) {
                let translation = TranslationTable.Key.term(taxonomy: taxonomy, slug: Self.slug(ofTermURL: term.url))
                jobs.append {
                    let owners = Pager(term.pages, perPage: loaded.configuration.paginate, url: term.url).pages.map {
                        (path: URLPath.outputFile(for: $0.url), owner: OutputOwner.term(term.name, of: taxonomy, page: $0.number))
                    }
                    // A page edit settles most term pages: they are kept before their pages are even sorted.
                    if owners.allSatisfy({ memory.settles($0.path) }) {
                        output.keep(owners)
                        return owners.count
                    }
                    let pager = Pager(Self.sorted(term.pages, by: nil), perPage: loaded.configuration.paginate, url: term.url)
                    for page in pager.pages {
                        let path = URLPath.outputFile(for: page.url)
                        let owner = OutputOwner.term(term.name, of: taxonomy, page: page.number)
                        if settled(path, owner: owner) { continue }
                        var termValues: [String: TemplateValue] = [
                            "name": .text(term.name), "taxonomy": .text(taxonomy), "taxonomyTitle": .text(title),
                            "taxonomyURL": .text(context.basePath + taxonomyURL), "count": .int(term.pages.count),
                            "pages": .list(page.items.map(context.summary)),
                        ]
                        // A Hugo site's `tags/swift/_index.md`: the term page's title and text.
                        let title = termTitle(term)
                        if title != term.name { termValues["title"] = .text(title) }
                        if page.number == 1, let own = termContent[Self.slug(ofTermURL: term.url)], let html = sectionHTML[own.path] {
                            termValues["content"] = .text(html)
                        }
                        try write("term", context.top(site: site, [
                            "term": .object(TemplateDictionary(termValues)),
                            "pagination": pager.value(for: page.number, basePath: context.basePath),
                            "head": context.listHead(title: title, url: page.url, language: language.code, translation: translation),
                        ], url: page.url), at: path, owner: owner)
                    }
                    return pager.pages.count
                }
            }
        }
        return jobs
    }

    /// The pages a Hugo site's home page in `language` lists: those of its main sections
    /// (``HugoURLRules/homeSections(_:configuration:)``), newest first.
    static func mainSectionPages(of language: SiteLanguage, in newest: [RenderedPage], loaded: LoadedSite) -> [RenderedPage] {
        guard let hugo = loaded.configuration.hugo else { return [] }
        let main = hugo.homeSections(loaded.sections, configuration: loaded.configuration)
        return newest.filter { rendered in
            guard rendered.page.language == language.code else { return false }
            let below = language.path.isEmpty ? rendered.page.sectionPath : String(rendered.page.sectionPath.dropFirst(language.path.count + 1))
            let top = below.split(separator: "/").first.map { $0.lowercased() } ?? ""
            return main.contains(top)
        }
    }

    /// The terms of a taxonomy among `pages` (of the language published at `folder`), sorted
    /// by name, each with its URL and pages. Terms that differ only in case or spaces (`Swift`,
    /// `swift`) are one term.
    static func terms(of taxonomy: String, in pages: [RenderedPage], folder: String = "", rules: HugoURLRules? = nil) -> [Term] {
        var byURL: [String: (name: String, pages: [RenderedPage])] = [:]
        var urls: [String: String] = [:]
        for page in pages {
            for term in page.page.terms[taxonomy] ?? [] where !term.isEmpty {
                let url = urls[term] ?? termURL(taxonomy: taxonomy, term: term, in: folder, rules: rules)
                urls[term] = url
                byURL[url, default: (term, [])].pages.append(page)
            }
        }
        return byURL.map { (name: $0.value.name, url: $0.key, pages: $0.value.pages) }
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Each language's terms of each taxonomy, by language code, then taxonomy.
    static func terms(of taxonomies: [String], in pages: [RenderedPage], languages: [SiteLanguage],
                      rules: HugoURLRules? = nil) -> [String: [String: [Term]]] {
        let byLanguage = languages.count == 1 ? [languages[0].code: pages] : Dictionary(grouping: pages, by: \.page.language)
        var terms: [String: [String: [Term]]] = [:]
        for language in languages {
            let pages = byLanguage[language.code] ?? []
            terms[language.code] = Dictionary(taxonomies.map { ($0, Self.terms(of: $0, in: pages, folder: language.path, rules: rules)) },
                                              uniquingKeysWith: { first, _ in first })
        }
        return terms
    }

    /// The title of the term `name` without a page of its own: in a Hugo site, as Hugo titles
    /// it (in title case, unless `capitalizeListTitles = false`); else the term as written.
    static func title(ofTerm name: String, hugo: HugoURLRules?) -> String {
        hugo?.capitalizesListTitles == true ? GoTextFunctions.title(name) : name
    }

    /// A term's list page, by the term's ``Slug``, in the language published at `folder`:
    /// `c#` → `/tags/c%23/`, `/fr/tags/c%23/`.
    /// A Hugo site's `rules` may place it otherwise (``HugoURLRules/termURL(taxonomy:term:in:)``).
    static func termURL(taxonomy: String, term: String, in folder: String = "", rules: HugoURLRules? = nil) -> String {
        if let rules { return rules.termURL(taxonomy: taxonomy, term: term, in: folder) }
        return URLPath.folderURL(URLPath.path(taxonomy, in: folder)) + URLPath.component(term) + "/"
    }

    /// A taxonomy's list page in the language published at `folder`: `/tags/`, `/fr/tags/`; a
    /// Hugo site's `rules` may place it otherwise.
    static func taxonomyURL(_ taxonomy: String, in folder: String, rules: HugoURLRules?) -> String {
        rules?.taxonomyURL(taxonomy, in: folder) ?? URLPath.folderURL(URLPath.path(taxonomy, in: folder))
    }

    /// The last component of a term's URL: what a term shares with its translations.
    /// (`/tags/swift/` and a Hugo site's ugly `/tags/swift.html` are both `swift`.)
    static func slug(ofTermURL url: String) -> String {
        url.hasSuffix(".html") ? URLPath.lastComponent(of: String(url.dropLast(5))) : URLPath.lastComponent(of: String(url.dropLast()))
    }

    // MARK: 404 and aliases

    private func writeNotFound(in language: SiteLanguage) throws -> Int {
        let path = URLPath.path("404.html", in: language.path)
        // A Jekyll site's own `404.html` (or `404.md`) is a page.
        guard theme.templates.has("404"), layoutHTML["/" + path] == nil,
              loaded.configuration.jekyllPermalinks == nil || !loaded.pages.contains(where: { $0.url == "/" + path }) else { return 0 }
        let title = language.title ?? loaded.configuration.title
        try write("404", context.top(site: context.site(language.code), [
            "head": context.listHead(title: title, url: nil, language: language.code, translation: .notFound),
        ]), at: path, owner: .notFound)
        return 1
    }

    /// A small page at each alias (of a page or of a folder's own page) that sends the reader
    /// (and search engines) to the page.
    private func writeAliases() throws -> Int {
        var count = 0
        func writeAlias(_ alias: String, to url: String, title: String, language: String, owner: OutputOwner, reading: Set<Fact>) throws {
            count += 1
            try writeRedirect(to: context.absoluteBase + url, title: title, language: language, at: URLPath.outputFile(for: alias),
                              owner: owner, reading: reading)
        }
        for page in pages where !page.page.aliases.isEmpty {
            for alias in page.page.aliases {
                // The page's front matter says which aliases it has: page, not listing.
                // The page's title is read here, not by the template.
                try writeAlias(alias, to: page.page.url, title: page.title, language: page.page.language,
                               owner: OutputOwner.alias(alias, of: page.page, layout: loaded.layout), reading: [.listing(page.page.sourcePath)])
            }
        }
        let layout = loaded.layout
        // Jekyll's `redirect_to`: the page is a redirect at its own URL.
        for redirect in loaded.redirects {
            count += 1
            let path = URLPath.outputFile(for: redirect.page.url), owner = OutputOwner.page(redirect.page, layout: loaded.layout)
            if let html = redirectHTML[redirect.page.url] {
                try writeMade(html, at: path, owner: owner)
            } else {
                try writeRedirect(to: JekyllRedirects.address(redirect.target, base: context.absoluteBase),
                                  title: redirect.page.explicitTitle ?? redirect.page.fileTitle,
                                  language: redirect.page.language, at: path, owner: owner)
            }
        }
        for section in loaded.sections.values where !section.aliases.isEmpty {
            // A list page without a file has aliases only from the site's `redirects` (or a Hugo site's `/en/`).
            let owner = { (alias: String) in
                section.sourcePath.map { OutputOwner.alias(alias, ofFile: layout.contentPath(ofSitePath: $0), layout: layout) }
                    ?? OutputOwner.redirect(alias, configuration: (layout.configuration ?? layout.foreignConfiguration).map(layout.display))
            }
            for alias in section.aliases {
                try writeAlias(alias, to: section.url, title: section.title, language: section.language, owner: owner(alias), reading: [])
            }
        }
        return count
    }

    /// A page at `path` that sends the reader (and search engines) to `target`: the theme's `alias` template.
    private func writeRedirect(to target: String, title: String, language: String, at path: String, owner: OutputOwner,
                               reading: Set<Fact> = []) throws {
        try write("alias", context.top(site: context.site(language), ["url": .text(target), "title": .text(title)]), at: path, owner: owner,
                  reading: reading)
    }

    /// A redirect page made by a Jekyll site's own layout (``redirectHTML``) at `path`: its
    /// text is what the output depends on.
    private func writeMade(_ html: String, at path: String, owner: OutputOwner) throws {
        guard let text = try memory.rendering(path, .text(html), facts: facts, { _ in html }) else {
            output.keep(path, owner: owner)
            return
        }
        try output.write(text, to: path, owner: owner)
    }

    /// Writes a Jekyll site's files whose Liquid ran (``liquidFiles``), each at its path; none is a list page.
    private func writeLiquidFiles() throws -> Int {
        for file in liquidFiles {
            let source = LoadedSite.StaticFile(path: loaded.layout.sourcePath(ofContentPath: file.contentPath), outputPath: file.output,
                                               contentPath: file.contentPath)
            try writeMade(file.text, at: file.output, owner: .file(source, layout: loaded.layout))
        }
        for page in paginatedPages {
            guard let html = layoutHTML[page.url], let section = loaded.sections[page.section] else { continue }
            try writeMade(html, at: URLPath.outputFile(for: page.url), owner: .list(of: section, page: page.number, layout: loaded.layout))
        }
        return paginatedPages.count
    }

    /// Where Zola's `redirect_to` of a section's `_index.md` leads (a Jekyll folder's
    /// `index.html`: as its pages', ``JekyllRedirects/address(_:base:)``); for the site's root
    /// when every language has its own folder (`prefixDefaultLanguage`), the default language's home.
    private func redirectTarget(of section: Section) -> String? {
        if section.path.isEmpty && loaded.configuration.redirectsRoot {
            return context.absoluteBase + loaded.configuration.defaultLanguage.homeURL
        }
        if loaded.configuration.jekyllPermalinks != nil {
            return JekyllRedirects.target(of: section.source.frontMatter).map { JekyllRedirects.address($0, base: context.absoluteBase) }
        }
        guard section.source.frontMatter["redirect_to"] != nil,
              let target = ContentLoader.redirectTarget(of: section.source.frontMatter, from: section.path,
                                                             in: loaded.pages, loaded.sections) else { return nil }
        return target.contains("://") ? target : context.absoluteBase + target
    }

    /// Whether the memory settles the output at `path` as the build before left it, without a
    /// look at its values (then kept): checked before the values are made.
    private func settled(_ path: String, owner: OutputOwner) -> Bool {
        guard memory.settles(path) else { return false }
        output.keep(path, owner: owner)
        return true
    }

    /// Renders `template` with `values` at `path`, unless the memory keeps the file of the build before.
    /// `reading`: the facts this code read to make the values, besides what the template reads.
    private func write(_ template: String, _ values: @autoclosure () -> TemplateValue, at path: String, owner: OutputOwner,
                       reading: Set<Fact> = []) throws {
        if settled(path, owner: owner) { return }
        guard let text = try memory.rendering(path, values(), facts: facts, codeReads: reading, { try theme.templates.render(template, with: $0) })
        else {
            output.keep(path, owner: owner)
            return
        }
        if let files, files.images.settings.responsive, path.hasSuffix(".html") {
            try output.write(ImageTags.completed(text, outputPath: path, files: files, copies: true), to: path, owner: owner)
        } else {
            try output.write(text, to: path, owner: owner)
        }
    }

    // MARK: Order

    /// By `sort` (`date`, `weight`, `title`); by default newest first when the pages have
    /// dates, otherwise by weight, then file name.
    static func sorted(_ pages: [RenderedPage], by sort: SortOrder?) -> [RenderedPage] {
        // Keys first, then indices sorted by them (a stable sort): a page is compared without being copied.
        let dated = pages.contains { $0.page.date != nil }
        let keys = pages.map { sortKey($0, by: sort, dated: dated) }
        return pages.indices.sorted { keys[$0] < keys[$1] }.map { pages[$0] }
    }

    /// Whether `pages`, in the order ``sorted(_:by:)`` gave them, is still in that order when
    /// only the pages at `positions` changed: each is in order with the pages beside it.
    static func isInOrder(_ pages: [RenderedPage], by sort: SortOrder?, at positions: [Int]) -> Bool {
        let dated = pages.contains { $0.page.date != nil }
        return positions.allSatisfy { position in
            let key = sortKey(pages[position], by: sort, dated: dated)
            return (position == 0 || sortKey(pages[position - 1], by: sort, dated: dated) <= key)
                && (position + 1 >= pages.count || key <= sortKey(pages[position + 1], by: sort, dated: dated))
        }
    }

    /// Whether the pages of a term, which ``sorted(_:by:)`` orders by its default, keep their
    /// order when the page `old` among them becomes `new`: no other page's key is between the
    /// two (or equal to either), so that it passes none.
    static func keepsTermOrder(_ pages: [RenderedPage], changing old: RenderedPage, to new: RenderedPage) -> Bool {
        let dated = pages.contains { $0.page.date != nil }
        let (before, after) = (sortKey(old, by: nil, dated: dated), sortKey(new, by: nil, dated: dated))
        guard before != after else { return true }
        let (low, high) = before < after ? (before, after) : (after, before)
        return pages.allSatisfy { page in
            guard page.page.sourcePath != new.page.sourcePath else { return true }
            let key = sortKey(page, by: nil, dated: dated)
            return key < low || high < key
        }
    }

    /// Whether the dated pages `newest`, newest first (``newest(_:)`` of the site's pages), are
    /// still in that order when only the pages at `positions` changed. `index`: each page's
    /// place among the site's pages, which orders pages of equal keys.
    static func isNewestOrder(_ newest: [RenderedPage], at positions: [Int], index: (RenderedPage) -> Int) -> Bool {
        func key(_ page: RenderedPage) -> (Int, Double, Int, String, Int) {
            let (undated, date, weight, title) = sortKey(page, by: .date, dated: true)
            return (undated, date, weight, title, index(page))
        }
        return positions.allSatisfy { position in
            (position == 0 || key(newest[position - 1]) < key(newest[position]))
                && (position + 1 >= newest.count || key(newest[position]) < key(newest[position + 1]))
        }
    }

    /// What ``sorted(_:by:)`` orders a page by (`dated`: whether any page of the list has a
    /// date): newest first, dated pages first, ties and undated pages by weight, then title;
    /// by weight, then title; by title; without dates, by weight, then file.
    private static func sortKey(_ page: RenderedPage, by sort: SortOrder?, dated: Bool) -> (Int, Double, Int, String) {
        switch sort {
        case .date:
            let date = page.page.date.map { -$0.timeIntervalSinceReferenceDate }
            return (date == nil ? 1 : 0, date ?? 0, page.page.weight, page.title)
        case .weight: return (0, 0, page.page.weight, page.title)
        case .title: return (0, 0, 0, page.title.lowercased())
        case nil: return dated ? sortKey(page, by: .date, dated: true) : (0, 0, page.page.weight, page.page.sourcePath)
        }
    }

    /// The dated pages, newest first.
    static func newest(_ pages: [RenderedPage]) -> [RenderedPage] {
        byNewest(pages).lazy.filter { pages[$0].page.date != nil }.map { pages[$0] }
    }

    /// The first `count` of the pages of `pages` at `indices`, as ``newest(_:)`` orders them
    /// (dated pages only, newest first, ties in the order of `pages`), without sorting them all:
    /// a section's feed.
    static func newest(_ indices: [Int], of pages: [RenderedPage], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var first: [(Int, Double, Int, String, Int)] = []
        for index in indices where pages[index].page.date != nil {
            let (undated, date, weight, title) = sortKey(pages[index], by: .date, dated: true)
            let key = (undated, date, weight, title, index)
            guard first.count < count || key < first[first.count - 1] else { continue }
            var low = 0, high = first.count
            while low < high {
                let middle = (low + high) / 2
                if first[middle] < key { low = middle + 1 } else { high = middle }
            }
            first.insert(key, at: low)
            if first.count > count { first.removeLast() }
        }
        return first.map(\.4)
    }

    /// The first `count` of `newest` (pages newest first) in `language`: a home page's recent
    /// pages, a language's feed.
    static func newest(_ newest: [RenderedPage], in language: String, count: Int) -> [RenderedPage] {
        Array(newest.lazy.filter { $0.page.language == language }.prefix(max(0, count)))
    }

    /// The indices of `pages` newest first: dated pages first, by date, newest first; ties
    /// and undated pages by weight, then title.
    private static func byNewest(_ pages: [RenderedPage]) -> [Int] {
        let keys = pages.map { sortKey($0, by: .date, dated: true) }
        return pages.indices.sorted { keys[$0] < keys[$1] }
    }
}

extension ListRenderer {
    /// The list pages of `site`, written through `output`.
    init(site: RenderedSite, output: OutputWriter, memory: any RenderingMemory, facts: FactValues?) {
        self.init(loaded: site.loaded, pages: site.pages, orders: site.orders, newest: site.newest, terms: site.terms,
                  theme: site.theme, context: site.context, output: output, memory: memory, sectionHTML: site.sectionHTML,
                  facts: facts, files: site.files, redirectHTML: site.redirectHTML, layoutHTML: site.layoutHTML,
                  liquidFiles: site.liquidFiles, paginatedPages: site.paginatedPages)
    }
}
