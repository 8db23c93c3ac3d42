import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Sitegen

/// The elements of an XML document, in order, with their text.
private final class XMLElements: NSObject, XMLParserDelegate {
    var elements: [(name: String, text: String, attributes: [String: String])] = []
    private var text = ""

    static func parse(_ data: Data) -> XMLElements? {
        let parser = XMLParser(data: data)
        let collector = XMLElements()
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, "", attributes))
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if let index = elements.lastIndex(where: { $0.name == name && $0.text.isEmpty }) { elements[index].text = text }
        text = ""
    }

    func texts(_ name: String) -> [String] { elements.filter { $0.name == name }.map(\.text) }
}

@Suite("Feeds and sitemap")
struct FeedTests {
    private func built() async throws -> TestSite {
        let site = try TestSite(example: "blog")
        try await site.build()
        return site
    }

    @Test("the Atom feed parses and has its required elements, with absolute links, newest first")
    func atom() async throws {
        let site = try await built()
        let feed = try #require(XMLElements.parse(Data(contentsOf: site.output.appendingPathComponent("atom.xml"))))
        #expect(feed.texts("title").first == "Field Notes")
        #expect(feed.texts("id").first == "https://fieldnotes.example.org/")
        #expect(feed.texts("updated").count == 4)
        let links = feed.elements.filter { $0.name == "link" }.compactMap { $0.attributes["href"] }
        #expect(links.allSatisfy { $0.hasPrefix("https://fieldnotes.example.org/") })
        #expect(Array(feed.texts("title").dropFirst()) == ["A weekend in the hills", "Measuring a build", "Why I went back to static sites"])
        #expect(try site.page("index.html").contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Field Notes\" href=\"/atom.xml\">"))
    }

    @Test("the RSS feed parses and has channel and item elements")
    func rss() async throws {
        let site = try await built()
        let feed = try #require(XMLElements.parse(Data(contentsOf: site.output.appendingPathComponent("rss.xml"))))
        #expect(feed.elements.first?.name == "rss")
        #expect(feed.texts("link").first == "https://fieldnotes.example.org/")
        #expect(feed.texts("guid") == ["https://fieldnotes.example.org/posts/a-weekend-in-the-hills/",
                                       "https://fieldnotes.example.org/posts/measuring-a-build/",
                                       "https://fieldnotes.example.org/posts/why-static-sites/"])
        #expect(feed.texts("pubDate").first == "Sat, 14 Mar 2026 00:00:00 GMT")
    }

    @Test("the sitemap lists every page and list page once, with lastmod; robots.txt points at it")
    func sitemap() async throws {
        let site = try await built()
        let sitemap = try #require(XMLElements.parse(Data(contentsOf: site.output.appendingPathComponent("sitemap.xml"))))
        let locations = sitemap.texts("loc")
        let htmlFiles = site.outputFiles().filter { $0.hasSuffix("index.html") }
        #expect(htmlFiles.contains("tags/walks/index.html"))
        #expect(locations.count == htmlFiles.count)
        #expect(Set(locations).count == locations.count)
        #expect(Set(locations) == Set(htmlFiles.map { "https://fieldnotes.example.org/" + $0.dropLast("index.html".count) }))
        #expect(sitemap.elements.contains { $0.name == "lastmod" && $0.text == "2026-02-05" })
        #expect(try site.page("robots.txt") == "User-agent: *\nAllow: /\nSitemap: https://fieldnotes.example.org/sitemap.xml\n")
    }

    @Test("`sitemap: false` leaves a page, or a folder's own page, out of the sitemap")
    func sitemapFalse() async throws {
        let site = try TestSite()
        try site.write("title: T\nbaseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Docs\nsitemap: false\n---\n\nDocs.\n", to: "content/docs/_index.md")
        try site.write("---\ntitle: A\n---\n\nA.\n", to: "content/docs/a.md")
        try site.write("---\ntitle: B\nsitemap: false\n---\n\nB.\n", to: "content/docs/b.md")
        try await site.build()
        let sitemap = try #require(XMLElements.parse(Data(contentsOf: site.output.appendingPathComponent("sitemap.xml"))))
        #expect(sitemap.texts("loc") == ["https://example.org/", "https://example.org/docs/a/"])
    }

    @Test("without an absolute baseURL there are no feeds or sitemap")
    func relativeBase() async throws {
        let site = try TestSite()
        try site.write("---\ndate: 2026-01-01\n---\n# A\n", to: "content/a.md")
        try await site.build()
        #expect(!site.exists("atom.xml"))
        #expect(!site.exists("sitemap.xml"))
    }

    @Test("each section with dated pages has its own feeds; feedContent: full puts the whole page in")
    func sectionFeedsAndFullContent() async throws {
        let site = try TestSite(example: "blog")
        try site.write(try String(contentsOf: site.root.appendingPathComponent("sitegen.yml"), encoding: .utf8) + "feedContent: full\n",
                       to: "sitegen.yml")
        try await site.build()
        let feed = try #require(XMLElements.parse(Data(contentsOf: site.output.appendingPathComponent("posts/atom.xml"))))
        #expect(feed.texts("title").first == "Posts · Field Notes")
        #expect(feed.elements.first { $0.name == "link" && $0.attributes["rel"] == "self" }?.attributes["href"]
                == "https://fieldnotes.example.org/posts/atom.xml")
        #expect(feed.texts("content").contains { $0.contains("<h2 id=\"reading-the-numbers\">") })
        #expect(!site.exists("docs/atom.xml"), "no dated pages, no feed")
        let rss = try #require(XMLElements.parse(Data(contentsOf: site.output.appendingPathComponent("posts/rss.xml"))))
        #expect(rss.texts("description").contains { $0.contains("<p>No laptop, two days, thirty kilometres.</p>") })
    }
}
