import Foundation
import SitegenTemplates

/// `sitemap.xml`, `robots.txt` and the Atom and RSS feeds of a rendered site, each rendered
/// with the theme's template of that name (`sitemap.xml.mustache`…), which a site's
/// `templates/` may replace. They need absolute URLs, so they are written only when `baseURL`
/// is absolute (`https://…`).
struct SiteIndexes {
    let site: RenderedSite
    /// `baseURL` without its trailing slash.
    let base: String

    init?(site: RenderedSite) {
        var base = site.loaded.configuration.baseURL
        guard base.hasPrefix("http://") || base.hasPrefix("https://") else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        self.site = site
        self.base = base
    }

    /// Writes the Atom and RSS feeds of the site and of each section with dated pages, each
    /// unless the plan keeps the file of the build before.
    func writeFeeds(plan: any RenderingMemory, output: OutputWriter) throws {
        let full = site.loaded.configuration.feedContent == .full
        for feed in feeds() {
            let sources = feed.pages.map(\.page.sourcePath)
            plan.set(Dependency.feed(feed.folder), Fingerprint.of(feed.title, sources))
            let dependencies = Set([Dependency.feed(feed.folder)] + sources.map(full ? Dependency.page : Dependency.listing))
            let layout = site.loaded.layout
            try write(feed.folder + "atom.xml", owner: .feed("Atom", folder: feed.source, layout: layout), reading: dependencies,
                      plan: plan, output: output) {
                try self.feed("atom.xml", folder: feed.folder, title: feed.title, pages: feed.pages)
            }
            try write(feed.folder + "rss.xml", owner: .feed("RSS", folder: feed.source, layout: layout), reading: dependencies,
                      plan: plan, output: output) {
                try self.feed("rss.xml", folder: feed.folder, title: feed.title, pages: feed.pages)
            }
        }
    }

    /// Writes the text `make` returns at `path`, unless the plan keeps the file of the build before.
    func write(_ path: String, owner: OutputOwner, reading dependencies: Set<Dependency>, plan: any RenderingMemory, output: OutputWriter,
               _ make: () throws -> String) throws {
        if plan.needsRendering(path, reading: dependencies) {
            try output.write(try make(), to: path, owner: owner)
        } else {
            output.keep(path, owner: owner)
        }
    }

    /// A fingerprint of what the sitemap lists, quicker to make than the sitemap.
    func sitemapFingerprint() -> Int {
        var hasher = Hasher()
        for page in site.pages {
            hasher.combine(page.page.url)
            hasher.combine(page.page.updated ?? page.page.date)
        }
        hasher.combine(site.loaded.sections.keys.sorted())
        for taxonomy in site.loaded.configuration.taxonomies {
            for term in site.terms[taxonomy] ?? [] { hasher.combine(term.url) }
        }
        return hasher.finalize()
    }

    /// Every page, section, taxonomy and term URL with its last change, sorted by URL.
    func sitemapEntries() -> [(url: String, lastmod: Date?)] {
        var entries: [(url: String, lastmod: Date?)] = site.pages.map { ($0.page.url, $0.page.updated ?? $0.page.date) }
        var newest: [String: Date] = [:]
        for page in site.pages {
            guard let date = page.page.updated ?? page.page.date else { continue }
            newest[page.page.sectionPath] = max(newest[page.page.sectionPath] ?? date, date)
        }
        entries += site.loaded.sections.values.map { ($0.url, newest[$0.path]) }
        for taxonomy in site.loaded.configuration.taxonomies {
            let terms = site.terms[taxonomy] ?? []
            guard !terms.isEmpty else { continue }
            entries.append((URLPath.folderURL(taxonomy), nil))
            entries += terms.map { ($0.url, $0.pages.compactMap { $0.page.updated ?? $0.page.date }.max()) }
        }
        return entries.sorted { $0.url < $1.url }
    }

    /// The sitemap of `entries` (the theme's `sitemap.xml` template): every page and list page
    /// once, with `lastmod` from `updated` or `date`.
    func sitemap(_ entries: [(url: String, lastmod: Date?)]) throws -> String {
        let list = entries.map { entry -> TemplateValue in
            var values: [String: TemplateValue] = ["permalink": .text(XMLText.percentEncoded(base + entry.url))]
            if let lastmod = entry.lastmod { values["lastmod"] = .text(DateText.iso(lastmod)) }
            return .object(TemplateDictionary(values))
        }
        return try render("sitemap.xml", ["entries": .list(list)])
    }

    /// `robots.txt` (the theme's template): everything allowed, and where the sitemap is.
    func robots() throws -> String {
        try render("robots.txt", ["sitemapURL": .text(base + "/sitemap.xml")])
    }

    private func render(_ template: String, _ values: [String: TemplateValue]) throws -> String {
        let context = TemplateContext(configuration: site.loaded.configuration, sections: site.loaded.sections, data: site.loaded.data,
                                      now: Date())
        return try site.theme.templates.render(template, with: context.top(site: context.site(), values))
    }

    /// The feeds to write: the site's at the root, and each section's with dated pages; each with
    /// its output folder (`posts/`, decoded) and the section's folder in the content (`posts/`).
    func feeds() -> [(folder: String, source: String, title: String, pages: [RenderedPage])] {
        let configuration = site.loaded.configuration
        var feeds = [(folder: "", source: "", title: configuration.title, pages: Array(site.newest.prefix(20)))]
        var bySection: [String: [RenderedPage]] = [:]
        for page in site.newest where bySection[page.page.sectionPath, default: []].count < 20 {
            bySection[page.page.sectionPath, default: []].append(page)
        }
        for section in site.loaded.sections.values.sorted(by: { $0.path < $1.path }) where !section.path.isEmpty {
            let pages = bySection[section.path] ?? []
            if !pages.isEmpty {
                feeds.append((String(URLPath.outputFile(for: section.url).dropLast("index.html".count)), section.path + "/",
                              "\(section.title) · \(configuration.title)", pages))
            }
        }
        return feeds
    }


    /// An entry's text: the whole page or its summary, by `feedContent`.
    private func body(of page: RenderedPage) -> String {
        site.loaded.configuration.feedContent == .full ? page.content : page.description
    }

    /// The feeds' author: `author`, else the site's title, else its address.
    private var author: String {
        let configuration = site.loaded.configuration
        return [configuration.author, configuration.title].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? base
    }

    /// A feed (the theme's `atom.xml` or `rss.xml` template) of `pages`, for the list at `folder`.
    func feed(_ template: String, folder: String, title: String, pages: [RenderedPage]) throws -> String {
        let configuration = site.loaded.configuration
        let updated = pages.compactMap { $0.page.updated ?? $0.page.date }.max() ?? Date(timeIntervalSince1970: 0)
        let entries = pages.map { page -> TemplateValue in
            [
                "title": .text(page.title),
                "permalink": .text(XMLText.percentEncoded(base + page.page.url)),
                "updated": .text(DateText.rfc3339(page.page.updated ?? page.page.date ?? updated)),
                "published": .text(DateText.rfc822(page.page.date ?? Date(timeIntervalSince1970: 0))),
                "content": .text(body(of: page)),
            ]
        }
        let feed: TemplateValue = [
            "title": .text(title),
            "url": .text(XMLText.percentEncoded(base + URLPath.encoded("/" + folder))),
            "updated": .text(DateText.rfc3339(updated)),
            // Atom requires an author for every entry: without `author`, the site is its author.
            "author": .text(author),
            "description": .text(configuration.description.isEmpty ? title : configuration.description),
            "isFull": .bool(configuration.feedContent == .full),
            "entries": .list(entries),
        ]
        return try render(template, ["feed": feed])
    }
}
