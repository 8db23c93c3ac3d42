import Foundation
import Sitegen
import Testing

/// Content written for other generators builds as it is.
@Suite("Content from other generators")
struct ForeignContentTests {
    @Test("dates as Jekyll and Hugo sites write them, quoted or not, and one-digit date prefixes, are dates")
    func datesAsSitesWriteThem() async throws {
        let site = try TestSite()
        let pages = [
            "content/posts/2013-06-07-welcome.md": "---\ntitle: Welcome\ndate: \"2013-06-07 21:02:13 +0200\"\n---\nHi\n",
            "content/posts/pacific.md": "---\ntitle: Pacific\ndate: 2016-01-01 12:00:00 -0800\n---\nHi\n",
            "content/posts/local.md": "---\ntitle: Local\ndate: '2024-03-01 10:00'\n---\nHi\n",
            "content/posts/2016-1-5-short-prefix.md": "---\ntitle: Short prefix\n---\nHi\n",
        ]
        for (path, text) in pages { try site.write(text, to: path) }
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root)).buildInMemory()
        let dates = Dictionary(uniqueKeysWithValues: build.pages.map { ($0.page.url, $0.page.date?.timeIntervalSince1970) })
        #expect(dates["/posts/welcome/"] == 1_370_631_733)
        #expect(dates["/posts/pacific/"] == 1_451_678_400)
        #expect(dates["/posts/local/"] == 1_709_287_200)
        #expect(dates["/posts/short-prefix/"] == 1_451_952_000)
    }

    @Test("bare URLs are links only where the site's generator links them: not with kramdown, Python-Markdown, mdBook or Zola",
          arguments: [
              ("_config.yml", "title: T\n", "a.md", "a.html", false),
              ("_config.yml", "title: T\nmarkdown: CommonMarkGhPages\n", "a.md", "a.html", true),
              ("mkdocs.yml", "site_name: T\n", "docs/a.md", "a/index.html", false),
              ("mkdocs.yml", "site_name: T\nmarkdown_extensions:\n  - pymdownx.magiclink\n", "docs/a.md", "a/index.html", true),
              ("book.toml", "[book]\ntitle = \"T\"\n", "src/a.md", "a.html", false),
              ("config.toml", "base_url = \"https://example.org\"\ntitle = \"T\"\n", "content/a.md", "a/index.html", false),
              ("hugo.toml", "baseURL = \"https://example.org/\"\ntitle = \"T\"\n", "content/a.md", "a/index.html", true),
          ])
    func bareURLs(configuration: String, text: String, page: String, output: String, links: Bool) async throws {
        let site = try TestSite()
        try site.write(text, to: configuration)
        try site.write("---\ntitle: A\n---\nVisit https://example.com/x or write to a@b.org.\n", to: page)
        if configuration == "book.toml" { try site.write("# Summary\n\n- [A](a.md)\n", to: "src/SUMMARY.md") }
        _ = try await site.build()
        let html = try site.page(output)
        #expect(html.contains("<a href=\"https://example.com/x\">") == links, "\(html)")
        #expect(html.contains("<p>Visit https://example.com/x or write to a@b.org.</p>") == !links)
    }

    @Test("a front matter key given twice is a warning on its line, and the last one counts")
    func repeatedKeys() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: First\npublished: true\ntags:\n  - a\ntitle: Second\npublished: true\n---\nText\n", to: "content/a.md")
        let summary = try await site.build()
        #expect(try site.page("a/index.html").contains("<title>Second"))
        #expect(summary.warnings.map(\.description).sorted() == [
            "content/a.md:6: `title` is given more than once; the last one counts",
            "content/a.md:7: `published` is given more than once; the last one counts",
        ])
    }

    @Test("a layout that names no template is one warning per name, and its pages render with the page template")
    func missingLayouts() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\nlayout: post\n---\nText A\n", to: "content/a.md")
        try site.write("---\ntitle: B\nlayout: post\n---\nText B\n", to: "content/b.md")
        try site.write("---\ntitle: C\n\nlayout: layouts/docs.njk\n---\nText C\n", to: "content/c.md")
        let summary = try await site.build()
        #expect(try site.page("b/index.html").contains("<p>Text B</p>"))
        #expect(try site.page("c/index.html").contains("<p>Text C</p>"))
        #expect(summary.warnings.map(\.description) == [
            "content/a.md:3: `layout: post` names no template (and 1 more page); rendered with the page template. "
                + "Add templates/post.mustache to give it one",
            "content/c.md:4: `layout: layouts/docs.njk` names no template; rendered with the page template. "
                + "Add templates/layouts/docs.njk.mustache to give it one",
        ])
    }
}
