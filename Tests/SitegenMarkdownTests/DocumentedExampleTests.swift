import Foundation
import SitegenMarkdown
import Testing

/// The examples of `SitegenMarkdown` in the README and in its catalog run as written: each
/// test holds the example's lines, checks that the document shows them so, and runs them.
@Suite("The Markdown library's documented examples")
struct DocumentedExampleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether the file at `path` (from the repository's root) shows `lines` one after another.
    private static func shows(_ lines: String, in path: String) throws -> Bool {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).contains(lines)
    }

    private static let text = """
        ---
        title: Notes
        ---
        # Notes

        ## Setup

        ```swift
        let answer = 42
        ```

        ![A ridge](ridge.png)
        """

    @Test("the catalog's example gives each heading link the id of its heading")
    func catalogExample() throws {
        #expect(try Self.shows("""
            var parser = MarkdownParser()                       // GFM, raw HTML kept, front matter read
            parser.options.headingIDs = true                    // <h2 id="…">: what the links below lead to
            parser.addModifier(Modifier(target: .codeBlocks) { html, markdown in
                "<div class=\\"sample\\">" + html + "</div>"
            })
            parser.addModifier(Modifier(target: .headings) { input in
                guard case .heading(let level, _, let id) = input.node, level == 2 else { return input.html }
                return input.html.replacingOccurrences(of: "</h2>", with: " <a href=\\"#\\(id)\\">#</a></h2>")
            })
            let page = try parser.parse(text)
            """, in: "Sources/SitegenMarkdown/SitegenMarkdown.docc/SitegenMarkdown.md"))
        let text = Self.text
        var parser = MarkdownParser()                       // GFM, raw HTML kept, front matter read
        parser.options.headingIDs = true                    // <h2 id="…">: what the links below lead to
        parser.addModifier(Modifier(target: .codeBlocks) { html, markdown in
            "<div class=\"sample\">" + html + "</div>"
        })
        parser.addModifier(Modifier(target: .headings) { input in
            guard case .heading(let level, _, let id) = input.node, level == 2 else { return input.html }
            return input.html.replacingOccurrences(of: "</h2>", with: " <a href=\"#\(id)\">#</a></h2>")
        })
        let page = try parser.parse(text)
        #expect(page.html.contains("<h2 id=\"setup\">Setup <a href=\"#setup\">#</a></h2>"))
        #expect(page.html.contains("<div class=\"sample\"><pre><code class=\"language-swift\">let answer = 42\n</code></pre></div>"))
        #expect(page.frontMatter["title"]?.string == "Notes")
        #expect(page.title == "Notes")
        #expect(page.headings.map(\.id) == ["notes", "setup"])
    }

    @Test("the README's example makes images load lazily")
    func readmeExample() throws {
        #expect(try Self.shows("""
            var parser = MarkdownParser()
            parser.addModifier(Modifier(target: .images) { html, _ in
                html.replacingOccurrences(of: "<img ", with: "<img loading=\\"lazy\\" ")
            })
            let page = try parser.parse(text)   // page.html, page.frontMatter, page.title, page.headings
            """, in: "README.md"))
        let text = Self.text
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .images) { html, _ in
            html.replacingOccurrences(of: "<img ", with: "<img loading=\"lazy\" ")
        })
        let page = try parser.parse(text)   // page.html, page.frontMatter, page.title, page.headings
        #expect(page.html.contains("<img loading=\"lazy\" src=\"ridge.png\" alt=\"A ridge\" />"))
        #expect(page.headings.map(\.text) == ["Notes", "Setup"])
    }
}
