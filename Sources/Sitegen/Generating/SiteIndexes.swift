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

    /// Every page and list page once, with `lastmod` from `updated` or `date`.
    func sitemap() -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"]
        var entries: [(url: String, lastmod: Date?)] = site.pages.map { ($0.page.url, $0.page.updated ?? $0.page.date) }
        entries += site.loaded.sections.values.map { section in
            (section.url, site.pages.filter { $0.page.sectionPath == section.path }.compactMap { $0.page.updated ?? $0.page.date }.max())
        }
        for taxonomy in site.loaded.configuration.taxonomies {
            let terms = ListRenderer.terms(of: taxonomy, in: site.pages)
            guard !terms.isEmpty else { continue }
            entries.append((URLPath.folderURL(URLPath.urlize(taxonomy)), nil))
            entries += terms.map { ($0.url, $0.pages.compactMap { $0.page.updated ?? $0.page.date }.max()) }
        }
        for entry in entries.sorted(by: { $0.url < $1.url }) {
            var line = "<url><loc>\(HTMLText.escapeAttribute(base + entry.url))</loc>"
            if let lastmod = entry.lastmod { line += "<lastmod>\(DateText.iso(lastmod))</lastmod>" }
            lines.append(line + "</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    func robots() -> String {
        "User-agent: *\nAllow: /\nSitemap: \(base)/sitemap.xml\n"
    }

    /// The newest dated pages, newest first.
    private var feedPages: [RenderedPage] {
        Array(site.pages.filter { $0.page.date != nil }.sorted(by: ListRenderer.newestFirst).prefix(20))
    }

    func atom() -> String {
        let configuration = site.loaded.configuration
        let pages = feedPages
        let updated = pages.compactMap { $0.page.updated ?? $0.page.date }.max() ?? Date(timeIntervalSince1970: 0)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
            "<title>\(HTMLText.escapeAttribute(configuration.title))</title>",
            "<link href=\"\(HTMLText.escapeAttribute(base))/\"/>",
            "<link rel=\"self\" href=\"\(HTMLText.escapeAttribute(base))/atom.xml\"/>",
            "<id>\(HTMLText.escapeAttribute(base))/</id>",
            "<updated>\(Self.rfc3339(updated))</updated>",
        ]
        if let author = configuration.author { lines.append("<author><name>\(HTMLText.escapeAttribute(author))</name></author>") }
        for page in pages {
            let url = HTMLText.escapeAttribute(base + page.page.url)
            lines += [
                "<entry>",
                "<title>\(HTMLText.escapeAttribute(page.title))</title>",
                "<link href=\"\(url)\"/>",
                "<id>\(url)</id>",
                "<updated>\(Self.rfc3339(page.page.updated ?? page.page.date ?? updated))</updated>",
                "<summary>\(HTMLText.escapeAttribute(page.description))</summary>",
                "</entry>",
            ]
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    func rss() -> String {
        let configuration = site.loaded.configuration
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">",
            "<channel>",
            "<title>\(HTMLText.escapeAttribute(configuration.title))</title>",
            "<link>\(HTMLText.escapeAttribute(base))/</link>",
            "<description>\(HTMLText.escapeAttribute(configuration.description.isEmpty ? configuration.title : configuration.description))</description>",
            "<language>\(HTMLText.escapeAttribute(configuration.language))</language>",
            "<atom:link href=\"\(HTMLText.escapeAttribute(base))/rss.xml\" rel=\"self\" type=\"application/rss+xml\"/>",
        ]
        for page in feedPages {
            let url = HTMLText.escapeAttribute(base + page.page.url)
            lines += [
                "<item>",
                "<title>\(HTMLText.escapeAttribute(page.title))</title>",
                "<link>\(url)</link>",
                "<guid>\(url)</guid>",
                "<pubDate>\(Self.rfc822(page.page.date ?? Date(timeIntervalSince1970: 0)))</pubDate>",
                "<description>\(HTMLText.escapeAttribute(page.description))</description>",
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
