import Testing
@testable import SitegenMarkdown

@Suite("MkDocs admonitions as callouts")
struct AdmonitionTests {
    private let parser = MarkdownParser(options: .init(frontMatter: false, alerts: true, admonitions: true))

    private func opening(_ kind: Alert.Kind, _ title: String) -> String {
        "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">\n<p class=\"markdown-alert-title\">"
            + AlertBlocks.icon(kind) + title + "</p>\n"
    }

    @Test("!!! with a type and a title (plain text, as MkDocs shows it): the indented text is the callout's, Markdown and all, blank lines inside kept")
    func titled() throws {
        let html = try parser.html(from: "!!! warning \"Mind the *gap*\"\n    First **bold**.\n\n    Second.\n\nAfter.\n")
        #expect(html == opening(.warning, "Mind the gap") + "<p>First <strong>bold</strong>.</p>\n<p>Second.</p>\n</div>\n<p>After.</p>\n")
    }

    @Test("each MkDocs type maps onto a kind; a type that is no kind's name is the title")
    func types() throws {
        let cases: [(String, Alert.Kind, String)] = [("note", .note, "Note"), ("tip", .tip, "Tip"), ("warning", .warning, "Warning"),
                                                     ("danger", .caution, "Danger"), ("example", .note, "Example"),
                                                     ("bug", .caution, "Bug"), ("success", .tip, "Success"), ("info", .note, "Info")]
        for (type, kind, title) in cases {
            #expect(try parser.html(from: "!!! \(type)\n    Text.\n") == opening(kind, title) + "<p>Text.</p>\n</div>\n", "\(type)")
        }
    }

    @Test("??? and ???+ blocks, nested admonitions, and code fenced inside")
    func collapsibleAndNested() throws {
        #expect(try parser.html(from: "??? tip \"Hidden\"\n    Text.\n") == opening(.tip, "Hidden") + "<p>Text.</p>\n</div>\n")
        #expect(try parser.html(from: "???+ note\n    Text.\n") == opening(.note, "Note") + "<p>Text.</p>\n</div>\n")
        let nested = try parser.html(from: "!!! note\n    Outer.\n\n    !!! tip\n        Inner.\n\n    ```\n    !!! not an admonition\n    ```\n")
        #expect(nested == opening(.note, "Note") + "<p>Outer.</p>\n" + opening(.tip, "Tip") + "<p>Inner.</p>\n</div>\n"
                + "<pre><code>!!! not an admonition\n</code></pre>\n</div>\n")
    }

    @Test("!!! in a code block, in prose, or without a type stays as written; off by default")
    func notAdmonitions() throws {
        #expect(try parser.html(from: "```\n!!! note\n    x\n```\n") == "<pre><code>!!! note\n    x\n</code></pre>\n")
        #expect(try parser.html(from: "Wow !!! note this.\n") == "<p>Wow !!! note this.</p>\n")
        #expect(try parser.html(from: "!!!\n") == "<p>!!!</p>\n")
        let plain = MarkdownParser(options: .init(frontMatter: false, alerts: true))
        #expect(try plain.html(from: "!!! note\n    x\n") == "<p>!!! note\nx</p>\n")
    }

    @Test("the text keeps its lines: a heading after an admonition is on the line it was written on")
    func lines() throws {
        let markdown = MarkdownParser(options: .init(frontMatter: false, sourcePositions: true, alerts: true, admonitions: true))
        let html = try markdown.html(from: "!!! note\n    One.\n\n## After\n")
        #expect(html.contains("<h2 data-sourcepos=\"4:1-4:8\">After</h2>"))
    }

    @Test("admonitions nested past the containers' limit are left as text, in linear work")
    func deepNesting() throws {
        var text = ""
        for depth in 0..<150 { text += String(repeating: "    ", count: depth) + "!!! note\n" }
        text += String(repeating: "    ", count: 150) + "Deep.\n"
        let html = try parser.html(from: text)
        #expect(html.contains("Deep."))
    }
}
