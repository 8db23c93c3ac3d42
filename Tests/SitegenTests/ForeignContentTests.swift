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
}
