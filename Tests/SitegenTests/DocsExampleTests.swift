import Foundation
import Testing
import Sitegen

@Suite("Building Examples/docs with the docs theme")
struct DocsExampleTests {
    @Test("the sidebar nests sections by weight with their pages in order")
    func sidebar() async throws {
        let site = try TestSite(example: "docs")
        let summary = try await site.build()
        #expect(summary.pages == 9)
        let page = try site.page("guides/templates/index.html")
        let sidebar = try #require(page.range(of: "<aside class=\"sidebar\">").map { page[$0.lowerBound...] })
        let links = sidebar.matches(of: #/<li><a href="([^"]*)">/#).map { String($0.output.1) }
        #expect(Array(links.prefix(10)) == [
            "/getting-started/", "/getting-started/installation/", "/getting-started/first-site/",
            "/guides/", "/guides/content/", "/guides/templates/", "/guides/shortcodes/", "/guides/plugins/",
            "/guides/plugins/modifiers/", "/guides/plugins/steps/",
        ])
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/assets/docs.css\">"))
        #expect(site.exists("assets/docs.css") && site.exists("assets/style.css"))
    }

    @Test("pages have an on-this-page table of contents and previous/next links within their section")
    func pageNavigation() async throws {
        let site = try TestSite(example: "docs")
        try await site.build()
        let installation = try site.page("getting-started/installation/index.html")
        #expect(installation.contains("<p class=\"toc-title\">On this page</p>"))
        #expect(installation.contains("<li><a href=\"#building-from-source\">Building from source</a>\n<ol>\n<li><a href=\"#checking-the-installation\">Checking the installation</a></li>"))
        #expect(installation.contains("<a rel=\"next\" href=\"/getting-started/first-site/\">Your first site →</a>"))
        let steps = try site.page("guides/plugins/steps/index.html")
        #expect(steps.contains("<a rel=\"prev\" href=\"/guides/plugins/modifiers/\">← Writing a modifier</a>"))
        #expect(!steps.contains("rel=\"next\""))
        #expect(try site.page("guides/index.html").contains("<h1>Guides</h1>"), "section pages come from the default theme")
    }

    @Test("sitegen check finds nothing wrong in Examples/docs")
    func clean() throws {
        let result = try Sitegen.run(["check", TestSite.examples.appendingPathComponent("docs").path])
        #expect(result.status == 0)
        #expect(result.output == "No problems found.\n")
    }

    @Test("the shortcodes guide draws its tabs, callouts, figure, video and math")
    func shortcodesGuide() async throws {
        let site = try TestSite(example: "docs")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let page = try site.page("guides/shortcodes/index.html")
        #expect(page.contains("<div class=\"tabs\">") && page.contains("<label class=\"tab-label\" for=\"tabs-1-3\">Notes</label>"))
        #expect(page.contains("<div class=\"markdown-alert markdown-alert-note\">") && page.contains("markdown-alert-warning"))
        #expect(page.contains("<figure><img src=\"/guides/shortcodes/layers.svg\""))
        #expect(page.contains("<iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1\""))
        #expect(page.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(page.contains("prices such as $5 and $10 stay text"))
        #expect(site.exists("guides/shortcodes/layers.svg"))
    }
}
