import Foundation
import Testing
import SitegenMarkdown

@Suite("sitegen markdown")
struct MarkdownCommandTests {
    @Test("prints the HTML of each file in order")
    func files() throws {
        let folder = try TemporaryFolder()
        try folder.write("# One\n\n| a |\n|---|\n| ~~b~~ |\n", to: "one.md")
        try folder.write("Two www.example.org\n", to: "two.md")
        let result = try CommandRunner.sitegen(["markdown", "one.md", "two.md"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.output == """
            <h1>One</h1>
            <table>
            <thead>
            <tr>
            <th>a</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td><del>b</del></td>
            </tr>
            </tbody>
            </table>
            <p>Two <a href="http://www.example.org">www.example.org</a></p>

            """)
    }

    @Test("reads standard input when no file is given")
    func standardInput() throws {
        let result = try CommandRunner.sitegen(["markdown"], input: "*hi* <b>raw</b>\n")
        #expect(result.status == 0)
        #expect(result.output == "<p><em>hi</em> <b>raw</b></p>\n")
    }

    @Test("flags choose extensions, smart punctuation, safe mode, heading ids and front matter")
    func flags() throws {
        let text = "---\ntitle: x\n---\n# \"Hi\" -- there\n\n~~a~~ <i>b</i>\n"
        let exact = try CommandRunner.sitegen(["markdown", "--no-extensions", "-e", "table"], input: text)
        #expect(exact.output == "<hr />\n<h2>title: x</h2>\n<h1>&quot;Hi&quot; -- there</h1>\n<p>~~a~~ <i>b</i></p>\n")
        let all = try CommandRunner.sitegen(["markdown", "--smart", "--safe", "--heading-ids", "--front-matter"], input: text)
        #expect(all.output == "<h1 id=\"hi--there\">“Hi” – there</h1>\n<p><del>a</del> <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>\n")
    }

    @Test("a missing file or bad front matter is an error naming the file, with exit status 1")
    func errors() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: [unclosed\n---\nText\n", to: "bad.md")
        let missing = try CommandRunner.sitegen(["markdown", "nope.md"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.error.contains("nope.md"))
        let bad = try CommandRunner.sitegen(["markdown", "--front-matter", "bad.md"], in: folder.url)
        #expect(bad.status == 1)
        #expect(bad.error.hasPrefix("sitegen: error: bad.md:"))
        #expect(bad.error.contains("front matter"))
        let unknown = try CommandRunner.sitegen(["markdown", "-e", "emoji"], input: "x")
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("Unknown extension 'emoji'"))
    }

    @Test("output equals the library's output for the same options")
    func sameAsLibrary() throws {
        let text = SpecExample.all.prefix(200).map(\.markdown).joined(separator: "\n\n")
        let result = try CommandRunner.sitegen(["markdown"], input: text)
        #expect(result.output == (try MarkdownParser(options: .init(frontMatter: false)).html(from: text)))
    }

    @Test("the tour example renders every GFM feature")
    func tourExample() throws {
        let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/markdown/tour.md")
        let result = try CommandRunner.sitegen(["markdown", "--front-matter", "--heading-ids", tour.path])
        #expect(result.status == 0)
        let html = result.output
        #expect(html.hasPrefix("<h1 id=\"a-tour-of-sitegen-markdown\">A tour of sitegen Markdown</h1>\n"))
        #expect(html.contains("<th align=\"center\">Syntax</th>"))
        #expect(html.contains("<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> Parse with cmark-gfm</li>"))
        #expect(html.contains("<li><input type=\"checkbox\" disabled=\"\" /> <del>Write a parser of our own</del></li>"))
        #expect(html.contains("<pre><code class=\"language-swift\">"))
        #expect(html.contains("<img src=\"tour.png\" alt=\"images\" title=\"A title\" />"))
        #expect(html.contains("<section class=\"footnotes\" data-footnotes>"))
        #expect(!html.contains("title: A tour"))
        let page = try MarkdownParser(options: .init(headingIDs: true)).parse(String(contentsOf: tour, encoding: .utf8))
        #expect(html == page.html)
        #expect(page.frontMatter["tags"] == .list([.string("markdown"), .string("gfm")]))
    }
}
