import Foundation
import SitegenTemplates

/// `sitemap.xml`, `robots.txt` and the Atom and RSS feeds of a rendered site, each rendered
/// with the theme's template of that name (`sitemap.xml.mustache`…), which a site's
/// `templates/` may replace. They need absolute URLs, so they are written only when `baseURL`
/// is absolute (`https://…`); but a Jekyll site without `url:` still has jekyll-feed's feed
/// (`feed.xml`), its links from the site's root, as jekyll-feed writes it.
struct SiteIndexes {
    let site: RenderedSite
    /// `baseURL` without its trailing slash: `https://example.org`, or a path (`/blog`, empty)
    /// for a Jekyll site's feed without `url:`.
    let base: String
    /// Whether `base` is absolute: else only jekyll-feed's feed is written.
    let isAbsolute: Bool

    init?(site: RenderedSite) {
        var base = site.loaded.configuration.baseURL
        isAbsolute = base.hasPrefix("http://") || base.hasPrefix("https://")
        guard isAbsolute || !site.loaded.feedPaths.isEmpty else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        self.site = site
        self.base = base
    }

    /// Writes the Atom and RSS feeds of the site and of each section with dated pages (and, in
    /// a Hugo site, the RSS feed at Hugo's `index.xml` of each of them and of each term), each
    /// unless the memory keeps the file of the build before.
    func writeFeeds(memory: any RenderingMemory, facts: FactValues?, output: OutputWriter) throws {
        let layout = site.loaded.layout
        let hugoKinds = site.loaded.configuration.hugo?.rssKinds ?? []
        let siteFiles = hugoKinds.isEmpty ? [] : Set(site.loaded.files.map(\.outputPath))
        for feed in feeds() {
            let owner = OutputOwner.feed("Atom", folder: feed.source, layout: layout)
            let rss = OutputOwner.feed("RSS", folder: feed.source, layout: layout)
            guard isAbsolute else {
                // Without an address, jekyll-feed's feed alone.
                for path in feed.folder.isEmpty && feed.kind == .home ? site.loaded.feedPaths : [] {
                    try write("atom.xml", feedValues(feed, file: URLPath.lastComponent(of: path)), at: path, owner: owner, memory: memory,
                              facts: facts, output: output)
                }
                continue
            }
            if feed.kind != .term {
                try write("atom.xml", feedValues(feed, file: "atom.xml"), at: feed.folder + "atom.xml", owner: owner, memory: memory, facts: facts,
                          output: output)
                try write("rss.xml", feedValues(feed, file: "rss.xml"), at: feed.folder + "rss.xml", owner: rss, memory: memory, facts: facts,
                          output: output)
            }
            // A Jekyll site's `feed.xml` keeps its URL: the same Atom feed is written there too.
            for path in feed.folder.isEmpty ? site.loaded.feedPaths : [] {
                try write("atom.xml", feedValues(feed, file: URLPath.lastComponent(of: path)), at: path, owner: owner, memory: memory,
                          facts: facts, output: output)
            }
            // A Hugo site's readers are subscribed to its lists' `index.xml`: the RSS feed is written there too, but where the site has a file of its own.
            if hugoKinds.contains(feed.kind.rawValue), !siteFiles.contains(feed.folder + "index.xml") {
                try write("rss.xml", feedValues(feed, file: "index.xml"), at: feed.folder + "index.xml", owner: rss, memory: memory,
                          facts: facts, output: output)
            }
        }
    }

    /// Writes `sitemap.xml` and `robots.txt`, each unless the memory keeps the file of the build before.
    func writeSitemap(memory: any RenderingMemory, facts: FactValues?, output: OutputWriter) throws {
        guard isAbsolute else { return }
        try write("sitemap.xml", sitemapValues(sitemapEntries()), at: "sitemap.xml", owner: .sitemap, memory: memory, facts: facts,
                  output: output)
        // A site's own `robots.txt` (in `static/`, or a Jekyll site's) is published instead.
        guard !site.loaded.files.contains(where: { $0.outputPath == "robots.txt" }),
              !site.liquidFiles.contains(where: { $0.output == "robots.txt" }) else { return }
        try write("robots.txt", top(["sitemapURL": .text(base + "/sitemap.xml")]), at: "robots.txt", owner: .robots, memory: memory,
                  facts: facts, output: output)
    }

    /// Renders `template` with `values` at `path`, unless the memory keeps the file of the build before.
    private func write(_ template: String, _ values: @autoclosure () -> TemplateValue, at path: String, owner: OutputOwner,
                       memory: any RenderingMemory, facts: FactValues?, output: OutputWriter) throws {
        if memory.settles(path) {
            output.keep(path, owner: owner)
            return
        }
        guard let text = try memory.rendering(path, values(), facts: facts, { try site.theme.templates.render(template, with: $0) }) else {
            output.keep(path, owner: owner)
            return
        }
        try output.write(text, to: path, owner: owner)
    }

    /// One URL of the sitemap: its last change, and its translations' URLs (absolute).
    struct SitemapEntry {
        let url: String
        let lastmod: Date?
        var alternates: [(language: String, url: String)] = []
    }

    /// Every page, section, taxonomy and term URL with its last change and its translations,
    /// sorted by URL.
    func sitemapEntries() -> [SitemapEntry] {
        let translations = site.context.translations
        func entry(_ url: String, _ lastmod: Date?, _ key: TranslationTable.Key) -> SitemapEntry {
            SitemapEntry(url: url, lastmod: lastmod,
                         alternates: translations.isEmpty ? [] : translations.alternates(of: key, prefix: base).map {
                             ($0.code, XMLText.percentEncoded($0.url))
                         })
        }
        let listed = site.pages.filter(\.page.isInSitemap)
        var entries = listed.map { entry($0.page.url, $0.page.updated ?? $0.page.date, .page($0.page.translationKey)) }
        var newest: [String: Date] = [:]
        for page in site.pages {
            guard let date = page.page.updated ?? page.page.date else { continue }
            newest[page.page.sectionPath] = max(newest[page.page.sectionPath] ?? date, date)
        }
        let languages = site.loaded.configuration.publishedLanguages
        let redirectsRoot = site.loaded.configuration.redirectsRoot
        entries += site.loaded.sections.values.filter {
            !(redirectsRoot && $0.path.isEmpty) && $0.hasListPage && $0.isInSitemap
        }.map {
            entry($0.url, newest[$0.path], .section($0.translationKey))
        }
        for language in languages {
            for taxonomy in site.loaded.configuration.taxonomies {
                let terms = site.terms[language.code]?[taxonomy] ?? []
                guard !terms.isEmpty else { continue }
                entries.append(entry(ListRenderer.taxonomyURL(taxonomy, in: language.path, rules: site.loaded.configuration.hugo), nil, .taxonomy(taxonomy)))
                entries += terms.map {
                    entry($0.url, $0.pages.compactMap { $0.page.updated ?? $0.page.date }.max(),
                          .term(taxonomy: taxonomy, slug: ListRenderer.slug(ofTermURL: $0.url)))
                }
            }
        }
        return entries.sorted { $0.url < $1.url }
    }

    /// The values of the sitemap's template (the theme's `sitemap.xml`) for `entries`: every
    /// page and list page once, with `lastmod` from `updated` or `date`, and in a site with
    /// `languages:` the `xhtml:link rel="alternate" hreflang` of each translation.
    private func sitemapValues(_ entries: [SitemapEntry]) -> TemplateValue {
        let list = entries.map { entry -> TemplateValue in
            var values: [String: TemplateValue] = ["permalink": .text(XMLText.percentEncoded(base + entry.url))]
            if let lastmod = entry.lastmod { values["lastmod"] = .text(DateText.iso(lastmod)) }
            if !entry.alternates.isEmpty {
                values["alternates"] = .list(entry.alternates.map { ["language": .text($0.language), "url": .text($0.url)] })
            }
            return .object(TemplateDictionary(values))
        }
        return top(["entries": .list(list), "hasAlternates": .bool(!site.context.translations.isEmpty)])
    }

    /// `values` with what every template gets, in `language` (by default the site's).
    private func top(_ values: [String: TemplateValue], language: String? = nil) -> TemplateValue {
        site.context.top(site: site.context.site(language ?? site.loaded.configuration.language), values)
    }

    /// One feed: its output folder (`posts/`, decoded), the section's folder in the content
    /// (`posts/`), its title, language, kind of list and pages.
    struct Feed {
        /// The kinds of list a feed is of, by Hugo's names.
        enum Kind: String {
            case home, section, term
        }

        let folder: String
        let source: String
        let title: String
        let language: SiteLanguage
        let kind: Kind
        /// Its pages, newest first: found only when the feed is rendered (a page edit's build
        /// renders few feeds).
        let pages: () -> [RenderedPage]
    }

    /// The feeds to write: each language's at its root (the site's at `/`), and each section's
    /// with dated pages; in a Hugo site whose terms have RSS feeds, each term's with dated pages
    /// (written at its `index.xml` alone).
    func feeds() -> [Feed] {
        let configuration = site.loaded.configuration
        let languages = configuration.publishedLanguages
        var feeds: [Feed] = []
        let site = site
        for language in languages {
            let folder = language.path.isEmpty ? "" : language.path + "/"
            feeds.append(Feed(folder: folder, source: folder, title: language.title ?? configuration.title, language: language, kind: .home,
                              pages: { ListRenderer.newest(site.newest, in: language.code, count: 20) }))
        }
        let roots = Set(languages.map(\.path))
        for section in site.loaded.sections.values.sorted(by: { $0.path < $1.path })
        where !section.path.isEmpty && !roots.contains(section.path) && section.hasListPage
            && section.pageIndices.contains(where: { site.pages[$0].page.date != nil }) {
            let language = site.context.language(section.language)
            feeds.append(Feed(folder: String(URLPath.outputFile(for: section.url).dropLast("index.html".count)),
                              source: section.path + "/", title: "\(section.title) · \(language.title ?? configuration.title)",
                              language: language, kind: .section,
                              pages: { ListRenderer.newest(section.pageIndices, of: site.pages, count: 20).map { site.pages[$0] } }))
        }
        guard configuration.hugo?.rssKinds.contains(Feed.Kind.term.rawValue) == true else { return feeds }
        for language in languages {
            for (_, terms) in (site.terms[language.code] ?? [:]).sorted(by: { $0.key < $1.key }) {
                // A term at an ugly URL (`/tags/swift.html`) has no folder of its own.
                for term in terms where term.url.hasSuffix("/") && term.pages.contains(where: { $0.page.date != nil }) {
                    let folder = String(URLPath.outputFile(for: term.url).dropLast("index.html".count))
                    let name = ListRenderer.title(ofTerm: term.name, hugo: configuration.hugo)
                    feeds.append(Feed(folder: folder, source: folder, title: "\(name) · \(language.title ?? configuration.title)",
                                      language: language, kind: .term,
                                      pages: { Array(ListRenderer.newest(term.pages).prefix(20)) }))
                }
            }
        }
        return feeds
    }

    /// The feeds' author: `author`, else the site's title, else its address.
    private var author: String {
        let configuration = site.loaded.configuration
        return [configuration.author, configuration.title].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? base
    }

    /// The values of a feed's templates (the theme's `atom.xml` and `rss.xml`): its pages, for
    /// the list at its folder, written at `file` there.
    private func feedValues(_ feed: Feed, file: String) -> TemplateValue {
        let configuration = site.loaded.configuration
        let pages = feed.pages()
        let updated = pages.compactMap { $0.page.updated ?? $0.page.date }.max() ?? Date(timeIntervalSince1970: 0)
        let entries = pages.map { TemplateValue.object(FeedEntry($0, base: base, configuration: configuration)) }
        let description = feed.language.description ?? configuration.description
        let value: TemplateValue = [
            "title": .text(feed.title),
            "url": .text(XMLText.percentEncoded(base + URLPath.encoded("/" + feed.folder))),
            // The feed's own file, which the feed links as itself.
            "file": .text(XMLText.percentEncoded(URLPath.encoded(file))),
            "updated": .text(DateText.rfc3339(updated)),
            // Atom requires an author for every entry: without `author`, the site is its author.
            "author": .text(author),
            "description": .text(description.isEmpty ? feed.title : description),
            "language": .text(feed.language.code),
            "isFull": .bool(configuration.feedContent == .full),
            "entries": .list(entries),
        ]
        return top(["feed": value], language: feed.language.code)
    }
}
