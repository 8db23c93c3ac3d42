import Foundation

/// `sitemap.xml`, `robots.txt` and the Atom and RSS feeds of a rendered site. They need
/// absolute URLs, so they are written only when `baseURL` is absolute (`https://…`).
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
        let full = site.loaded.configuration.feedContent == "full"
        for feed in feeds() {
            let sources = feed.pages.map(\.page.sourcePath)
            plan.set(Dependency.feed(feed.folder), Fingerprint.of(feed.title, sources))
            let dependencies = Set([Dependency.feed(feed.folder)] + sources.map(full ? Dependency.page : Dependency.listing))
            let layout = site.loaded.layout
            try write(feed.folder + "atom.xml", owner: .feed("Atom", folder: feed.source, layout: layout), reading: dependencies,
                      plan: plan, output: output) {
                atom(folder: feed.folder, title: feed.title, pages: feed.pages)
            }
            try write(feed.folder + "rss.xml", owner: .feed("RSS", folder: feed.source, layout: layout), reading: dependencies,
                      plan: plan, output: output) {
                rss(folder: feed.folder, title: feed.title, pages: feed.pages)
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

    /// The sitemap of `entries`: every page and list page once, with `lastmod` from `updated` or `date`.
    func sitemap(_ entries: [(url: String, lastmod: Date?)]) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"]
        for entry in entries {
            var line = "<url><loc>\(XMLText.url(base + entry.url))</loc>"
            if let lastmod = entry.lastmod { line += "<lastmod>\(DateText.iso(lastmod))</lastmod>" }
            lines.append(line + "</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    func robots() -> String {
        "User-agent: *\nAllow: /\nSitemap: \(base)/sitemap.xml\n"
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
        site.loaded.configuration.feedContent == "full" ? page.content : page.description
    }

    /// The feeds' author: `author`, else the site's title, else its address.
    private var author: String {
        let configuration = site.loaded.configuration
        return [configuration.author, configuration.title].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? base
    }

    func atom(folder: String, title: String, pages: [RenderedPage]) -> String {
        let configuration = site.loaded.configuration
        let home = base + URLPath.encoded("/" + folder)
        let updated = pages.compactMap { $0.page.updated ?? $0.page.date }.max() ?? Date(timeIntervalSince1970: 0)
        let full = configuration.feedContent == "full"
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
            "<title>\(XMLText.escape(title))</title>",
            "<link href=\"\(XMLText.url(home))\"/>",
            "<link rel=\"self\" href=\"\(XMLText.url(home))atom.xml\"/>",
            "<id>\(XMLText.url(home))</id>",
            "<updated>\(Self.rfc3339(updated))</updated>",
            // Atom requires an author for every entry: without `author`, the site is its author.
            "<author><name>\(XMLText.escape(author))</name></author>",
        ]
        for page in pages {
            let url = XMLText.url(base + page.page.url)
            let element = full ? "content type=\"html\"" : "summary"
            lines += [
                "<entry>",
                "<title>\(XMLText.escape(page.title))</title>",
                "<link href=\"\(url)\"/>",
                "<id>\(url)</id>",
                "<updated>\(Self.rfc3339(page.page.updated ?? page.page.date ?? updated))</updated>",
                "<\(element)>\(XMLText.escape(body(of: page)))</\(full ? "content" : "summary")>",
                "</entry>",
            ]
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    func rss(folder: String, title: String, pages: [RenderedPage]) -> String {
        let configuration = site.loaded.configuration
        let home = base + URLPath.encoded("/" + folder)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">",
            "<channel>",
            "<title>\(XMLText.escape(title))</title>",
            "<link>\(XMLText.url(home))</link>",
            "<description>\(XMLText.escape(configuration.description.isEmpty ? title : configuration.description))</description>",
            "<language>\(XMLText.escape(configuration.language))</language>",
            "<atom:link href=\"\(XMLText.url(home))rss.xml\" rel=\"self\" type=\"application/rss+xml\"/>",
        ]
        for page in pages {
            let url = XMLText.url(base + page.page.url)
            lines += [
                "<item>",
                "<title>\(XMLText.escape(page.title))</title>",
                "<link>\(url)</link>",
                "<guid>\(url)</guid>",
                "<pubDate>\(Self.rfc822(page.page.date ?? Date(timeIntervalSince1970: 0)))</pubDate>",
                "<description>\(XMLText.escape(body(of: page)))</description>",
                "</item>",
            ]
        }
        lines += ["</channel>", "</rss>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rfc3339(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
