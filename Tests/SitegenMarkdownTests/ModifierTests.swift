import Testing
import SitegenMarkdown

/// Renders `markdown` with one modifier and returns the HTML and every input it was given.
private func render(_ markdown: String, _ target: Modifier.Target,
                    options: MarkdownParser.Options = .init(),
                    _ transform: @escaping @Sendable (Modifier.Input) -> String) throws -> (html: String, inputs: [Modifier.Input]) {
    let seen = InputLog()
    let parser = MarkdownParser(options: options, modifiers: [Modifier(target: target) { input in
        seen.append(input)
        return transform(input)
    }])
    let html = try parser.html(from: markdown)
    return (html, seen.inputs)
}

/// Collects modifier inputs from `@Sendable` closures.
final class InputLog: Sendable {
    private let storage = LockedInputs()
    func append(_ input: Modifier.Input) { storage.append(input) }
    var inputs: [Modifier.Input] { storage.inputs }
}

import Synchronization
private final class LockedInputs: Sendable {
    private let inputs_ = Mutex<[Modifier.Input]>([])
    func append(_ input: Modifier.Input) { inputs_.withLock { $0.append(input) } }
    var inputs: [Modifier.Input] { inputs_.withLock { $0 } }
}

@Suite("Modifiers")
struct ModifierTests {
    @Test("a code block modifier wraps the block and gets its language, code and source")
    func codeBlocks() throws {
        let (html, inputs) = try render("Intro\n\n```swift title=\"a.swift\"\nlet x = 1\n```\n\nOutro\n", .codeBlocks) {
            "<div class=\"sample\">" + $0.html + "</div>"
        }
        #expect(html == """
            <p>Intro</p>
            <div class="sample"><pre><code class="language-swift">let x = 1
            </code></pre></div>
            <p>Outro</p>

            """)
        #expect(inputs.count == 1)
        #expect(inputs.first?.node == .codeBlock(language: "swift", info: "swift title=\"a.swift\"", code: "let x = 1\n"))
        #expect(inputs.first?.markdown == "```swift title=\"a.swift\"\nlet x = 1\n```")
        #expect(inputs.first?.line == 3)
    }

    @Test("the Ink-style (html, markdown) initializer works")
    func inkStyleInitializer() throws {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .codeBlocks) { html, markdown in
            "<!-- \(markdown.count) -->" + html
        })
        #expect(try parser.html(from: "    code\n") == "<!-- 8 --><pre><code>code\n</code></pre>\n")
    }

    @Test("a heading modifier gets level, plain text and id, and its change lands in the heading")
    func headings() throws {
        let (html, inputs) = try render("# Title\n\n## Getting *started*\n\n## Getting started\n", .headings) { input in
            guard case .heading(let level, _, let id) = input.node, level == 2 else { return input.html }
            return input.html.replacingOccurrences(of: "</h2>", with: " <a href=\"#\(id)\">#</a></h2>")
        }
        #expect(html == """
            <h1>Title</h1>
            <h2>Getting <em>started</em> <a href="#getting-started">#</a></h2>
            <h2>Getting started <a href="#getting-started-1">#</a></h2>

            """)
        #expect(inputs.map(\.node) == [
            .heading(level: 1, text: "Title", id: "title"),
            .heading(level: 2, text: "Getting started", id: "getting-started"),
            .heading(level: 2, text: "Getting started", id: "getting-started-1"),
        ])
        #expect(inputs[1].markdown == "## Getting *started*")
    }

    @Test("modifiers of one target chain in the order they were added")
    func chainOrder() throws {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .horizontalLines) { html, _ in "[" + html + "]" })
        parser.addModifier(Modifier(target: .horizontalLines) { html, _ in "(" + html + ")" })
        #expect(try parser.html(from: "***\n") == "([<hr />])\n")
    }

    @Test("an outer node's modifier sees its children already modified")
    func outerSeesInner() throws {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .blockquotes) { html, _ in html.uppercased() })
        parser.addModifier(Modifier(target: .emphasis) { html, _ in html.replacingOccurrences(of: "em>", with: "i>") })
        #expect(try parser.html(from: "> a *b*\n") == "<BLOCKQUOTE>\n<P>A <I>B</I></P>\n</BLOCKQUOTE>\n")
    }

    @Test("returning nothing removes a block and its line break")
    func removingABlock() throws {
        let (html, _) = try render("a\n\n---\n\nb\n", .horizontalLines) { _ in "" }
        #expect(html == "<p>a</p>\n<p>b</p>\n")
    }

    @Test("blockquote, list and html block modifiers get their facts")
    func blockFacts() throws {
        let (quote, quoteInputs) = try render("> quoted\n", .blockquotes) { "<aside>" + $0.html + "</aside>" }
        #expect(quote == "<aside><blockquote>\n<p>quoted</p>\n</blockquote></aside>\n")
        #expect(quoteInputs.first?.markdown == "> quoted")

        let (list, listInputs) = try render("3. a\n4. b\n\n- x\n\n- y\n", .lists) { $0.html.replacingOccurrences(of: "<li>", with: "<li class=\"i\">") }
        #expect(list.contains("<ol start=\"3\">\n<li class=\"i\">a</li>"))
        #expect(listInputs.map(\.node) == [.list(ordered: true, start: 3, tight: true), .list(ordered: false, start: 0, tight: false)])

        let (html, htmlInputs) = try render("<div>\nraw\n</div>\n", .html) { $0.html.replacingOccurrences(of: "div", with: "section") }
        #expect(html == "<section>\nraw\n</section>\n")
        #expect(htmlInputs.first?.node == .html("<div>\nraw\n</div>\n"))
    }

    @Test("a table modifier gets the column alignments")
    func tables() throws {
        let (html, inputs) = try render("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n", .tables) {
            "<div class=\"table\">" + $0.html + "</div>"
        }
        #expect(html.hasPrefix("<div class=\"table\"><table>\n<thead>"))
        #expect(html.hasSuffix("</tbody>\n</table></div>\n"))
        #expect(inputs.first?.node == .table(alignments: [.left, .center, .right, .none]))
    }

    @Test("loose paragraphs include their <p> tags; tight list paragraphs are bare, as cmark renders them")
    func paragraphs() throws {
        let (html, inputs) = try render("Loose *one*.\n\n- tight\n- list\n", .paragraphs) { "[" + $0.html + "]" }
        #expect(html == "[<p>Loose <em>one</em>.</p>]\n<ul>\n<li>[tight]</li>\n<li>[list]</li>\n</ul>\n")
        #expect(inputs.first?.node == .paragraph(text: "Loose one."))
        #expect(inputs.first?.markdown == "Loose *one*.")
    }

    @Test("a footnote's last paragraph carries its back-reference, and footnote nodes are modified")
    func footnotes() throws {
        let markdown = "See[^n].\n\n[^n]: A [link](https://a.example).\n"
        let (paragraphs, _) = try render(markdown, .paragraphs) { $0.html.replacingOccurrences(of: "<p>", with: "<p class=\"x\">") }
        #expect(paragraphs.contains("<li id=\"fn-n\">\n<p class=\"x\">A <a href=\"https://a.example\">link</a>. <a href=\"#fnref-n\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a></p>\n</li>"))

        let (links, linkInputs) = try render(markdown, .links) { $0.html.replacingOccurrences(of: "<a ", with: "<a rel=\"ext\" ") }
        #expect(links.contains("<p>A <a rel=\"ext\" href=\"https://a.example\">link</a>. <a href=\"#fnref-n\""))
        #expect(linkInputs.map(\.node) == [.link(url: "https://a.example", title: "")])
        #expect(linkInputs.first?.markdown == "[link](https://a.example)")
        #expect(linkInputs.first?.line == 3)

        let (references, referenceInputs) = try render(markdown, .footnoteReferences) { "<span>" + $0.html + "</span>" }
        #expect(references.hasPrefix("<p>See<span><sup class=\"footnote-ref\"><a href=\"#fn-n\" id=\"fnref-n\" data-footnote-ref>1</a></sup></span>.</p>"))
        #expect(referenceInputs.first?.markdown == "[^n]")
        #expect(referenceInputs.first?.node == .footnoteReference(label: "n", number: 1))
    }

    @Test("inline modifiers work inside table cells")
    func insideTableCells() throws {
        let markdown = "| a | b |\n|---|---|\n| ![cat](c.png \"Cat\") | [x](y) `z` |\n"
        let (images, imageInputs) = try render(markdown, .images) { "<figure>" + $0.html + "</figure>" }
        #expect(images.contains("<td><figure><img src=\"c.png\" alt=\"cat\" title=\"Cat\" /></figure></td>"))
        #expect(imageInputs.first?.node == .image(url: "c.png", title: "Cat", alt: "cat"))
        #expect(imageInputs.first?.markdown == "![cat](c.png \"Cat\")")

        let (links, _) = try render(markdown, .links) { _ in "LINK" }
        #expect(links.contains("<td>LINK <code>z</code></td>"))

        let (code, codeInputs) = try render(markdown, .inlineCode) { "<kbd>" + $0.html + "</kbd>" }
        #expect(code.contains("<td><a href=\"y\">x</a> <kbd><code>z</code></kbd></td>"))
        #expect(codeInputs.first?.node == .inlineCode("z"))
        #expect(codeInputs.first?.markdown == "`z`")
    }

    @Test("inline modifiers work in tight list items")
    func insideTightLists() throws {
        let (html, _) = try render("- [a](b)\n- c\n", .links) { $0.html.uppercased() }
        #expect(html == "<ul>\n<li><A HREF=\"B\">A</A></li>\n<li>c</li>\n</ul>\n")
    }

    @Test("text, inline HTML, emphasis, strong and strikethrough modifiers land in place")
    func inlineTargets() throws {
        let (text, textInputs) = try render("a *b*\n", .text) { $0.html.uppercased() }
        #expect(text == "<p>A <em>B</em></p>\n")
        #expect(textInputs.map(\.node) == [.text("a "), .text("b")])

        let (inline, _) = try render("x <span>y</span>\n", .inlineHTML) { $0.html.replacingOccurrences(of: "span", with: "mark") }
        #expect(inline == "<p>x <mark>y</mark></p>\n")

        let (emphasis, _) = try render("*a* **b** ~~c~~\n", .emphasis) { _ in "E" }
        #expect(emphasis == "<p>E <strong>b</strong> <del>c</del></p>\n")
        let (strong, _) = try render("*a* **b** ~~c~~\n", .strong) { _ in "S" }
        #expect(strong == "<p><em>a</em> S <del>c</del></p>\n")
        let (strike, strikeInputs) = try render("*a* **b** ~~c~~\n", .strikethrough) { _ in "D" }
        #expect(strike == "<p><em>a</em> <strong>b</strong> D</p>\n")
        #expect(strikeInputs.first?.markdown == "~~c~~")
    }

    @Test("autolinks are links, with their URL as Markdown when cmark gives no position")
    func autolinks() throws {
        let (html, inputs) = try render("Visit www.example.org now\n", .links) { "[" + $0.html + "]" }
        #expect(html == "<p>Visit [<a href=\"http://www.example.org\">www.example.org</a>] now</p>\n")
        #expect(inputs.first?.node == .link(url: "http://www.example.org", title: ""))
        #expect(inputs.first?.markdown.contains("www.example.org") == true)
    }

    @Test("nodes inside an image's alt text are not targets, the image is")
    func imageAltText() throws {
        let (html, inputs) = try render("![a *b*](i.png)\n", .emphasis) { _ in "X" }
        #expect(html == "<p><img src=\"i.png\" alt=\"a b\" /></p>\n")
        #expect(inputs.isEmpty)
        let (_, imageInputs) = try render("![a *b*](i.png)\n", .images) { $0.html }
        #expect(imageInputs.first?.node == .image(url: "i.png", title: "", alt: "a b"))
    }

    @Test("metadata modifiers change front matter keys and string values")
    func metadata() throws {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .metadataKeys) { html, _ in html.lowercased() })
        parser.addModifier(Modifier(target: .metadataValues) { input in
            guard case .metadataValue(let key, _) = input.node, key == "title" else { return input.html }
            return input.html.uppercased()
        })
        let page = try parser.parse("---\nTitle: hello\nCount: 3\n---\nBody\n")
        #expect(page.frontMatter["title"] == .string("HELLO"))
        #expect(page.frontMatter["count"] == .int(3))
        let (_, lines) = try render("---\ntitle: x\n---\n\nSee www.example.org\n", .links) { $0.html }
        #expect(lines.first?.line == 5)
        #expect(page.html == "<p>Body</p>\n")
    }

    @Test("a modifier sees the document's front matter")
    func frontMatterInInput() throws {
        let (html, _) = try render("---\nlang: swift\n---\n    code\n", .codeBlocks) { input in
            input.html.replacingOccurrences(of: "<code>", with: "<code class=\"\(input.frontMatter["lang"]?.string ?? "")\">")
        }
        #expect(html == "<pre><code class=\"swift\">code\n</code></pre>\n")
    }

    @Test("a document that contains marker-like control characters renders unchanged")
    func controlCharactersInSource() throws {
        let markdown = "a \u{2}abcdefghs0\u{3} b &#x2; *c*\n"
        let (html, _) = try render(markdown, .emphasis) { $0.html }
        #expect(html == (try MarkdownParser().html(from: markdown)))
    }

    @Test("a modifier can be tested on its own with a hand-made input")
    func modifierOnItsOwn() {
        let modifier = Modifier(target: .links) { input in
            guard case .link(let url, _) = input.node, url.hasPrefix("https://") else { return input.html }
            return input.html.replacingOccurrences(of: "<a ", with: "<a rel=\"noopener\" ")
        }
        let input = Modifier.Input(html: "<a href=\"https://x.org\">x</a>", markdown: "[x](https://x.org)",
                                   node: .link(url: "https://x.org", title: ""))
        #expect(modifier.modify(input) == "<a rel=\"noopener\" href=\"https://x.org\">x</a>")
    }
}
