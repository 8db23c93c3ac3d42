import Testing
@testable import SitegenMarkdown

@Suite("MkDocs admonitions as callouts")
struct AdmonitionTests {
    private let parser = MarkdownParser(options: .init(frontMatter: false, alerts: true, admonitions: true))

    private func opening(_ kind: Alert.Kind, _ title: String) -> String {
        "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">\n<p class=\"markdown-alert-title\">"
            + AlertBlocks.icon(kind) + title + "</p>\n"
    }

    @Test("!!! with a type and a title (its Markdown rendered, as MkDocs renders it): the indented text is the callout's, Markdown and all, blank lines inside kept")
    func titled() throws {
        let html = try parser.html(from: "!!! warning \"Mind the *gap*\"\n    First **bold**.\n\n    Second.\n\nAfter.\n")
        #expect(html == opening(.warning, "Mind the <em>gap</em>") + "<p>First <strong>bold</strong>.</p>\n<p>Second.</p>\n</div>\n<p>After.</p>\n")
    }

    @Test("a title is read apart from the text below it: an unpaired backtick, bracket, star or underscore, a < and a last \\ stay text")
    func titlesApart() throws {
        for (title, shown) in [("<!--", "&lt;!--"), ("a `b", "a `b"), ("[link", "[link"), ("**bold", "**bold"), ("x_y", "x_y"), ("end\\", "end\\"),
                               ("Use `x` *now*", "Use <code>x</code> <em>now</em>")] {
            let html = try parser.html(from: "!!! note \"\(title)\"\n    c` d** --> e_]\n")
            #expect(html == opening(.note, shown) + "<p>c` d** --&gt; e_]</p>\n</div>\n", "\(title)")
        }
        // A bracket never opens math (`\[`), a mark the title escaped stays escaped once, a | opens no table.
        let math = MarkdownParser(options: .init(frontMatter: false, alerts: true, admonitions: true, math: true))
        #expect(try math.html(from: "!!! note \"Array[i] and [x\"\n    body] (z)\n") == opening(.note, "Array[i] and [x") + "<p>body] (z)</p>\n</div>\n")
        #expect(try parser.html(from: "!!! note \"a\\`b 5 \\* 3\"\n    body` more*\n") == opening(.note, "a`b 5 * 3") + "<p>body` more*</p>\n</div>\n")
        #expect(try parser.html(from: "!!! tip \"A | B\"\n    --- | ---\n    1 | 2\n") == opening(.tip, "A | B") + "<p>--- | ---\n1 | 2</p>\n</div>\n")
        // A rule right below the title stays a rule.
        #expect(try parser.html(from: "!!! note\n    ---\n    after\n") == opening(.note, "Note") + "<hr />\n<p>after</p>\n</div>\n")
    }

    @Test("a link's definition right after a block's blank line defines it for the whole page, the block's text too")
    func definitionAfterBlock() throws {
        let html = try parser.html(from: "See [x][page].\n\n!!! note\n    The [`c`][page] decorator.\n\n[page]: https://example.org/p\n")
        #expect(html == "<p>See <a href=\"https://example.org/p\">x</a>.</p>\n" + opening(.note, "Note")
                + "<p>The <a href=\"https://example.org/p\"><code>c</code></a> decorator.</p>\n</div>\n")
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

    private func folded(_ kind: Alert.Kind, _ title: String, open: Bool) -> String {
        "<details class=\"markdown-alert markdown-alert-\(kind.rawValue)\"\(open ? " open" : "")><summary class=\"markdown-alert-title\">"
            + AlertBlocks.icon(kind) + title + "</summary>\n"
    }

    @Test("??? folds (a details drawn as the alert, closed; ???+ open), nested admonitions, and code fenced inside")
    func collapsibleAndNested() throws {
        #expect(try parser.html(from: "??? tip \"Hidden <b>\"\n    Text.\n") == folded(.tip, "Hidden &lt;b&gt;", open: false)
                + "<p>Text.</p>\n</details>\n")
        #expect(try parser.html(from: "???+ note\n    Text.\n") == folded(.note, "Note", open: true) + "<p>Text.</p>\n</details>\n")
        let nested = try parser.html(from: "!!! note\n    Outer.\n\n    !!! tip\n        Inner.\n\n    ```\n    !!! not an admonition\n    ```\n")
        #expect(nested == opening(.note, "Note") + "<p>Outer.</p>\n" + opening(.tip, "Tip") + "<p>Inner.</p>\n</div>\n"
                + "<pre><code>!!! not an admonition\n</code></pre>\n</div>\n")
    }

    @Test("!!! in a code block, in prose, or without a type stays as written; off by default")
    func notAdmonitions() throws {
        #expect(try parser.html(from: "```\n!!! note\n    x\n```\n") == "<pre><code>!!! note\n    x\n</code></pre>\n")
        // A longer fence holding a shorter one, as docs showing the syntax write it; a fence with an info string closes nothing.
        #expect(try parser.html(from: "````markdown\n```python\n!!! note\n    y\n```\n````\n\n~~~\n```js\n!!! tip\n~~~\n")
                == "<pre><code class=\"language-markdown\">```python\n!!! note\n    y\n```\n</code></pre>\n<pre><code>```js\n!!! tip\n</code></pre>\n")
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
        let folded = try markdown.html(from: "??? note\n    One.\n\n## After\n")
        #expect(folded.contains("<h2 data-sourcepos=\"4:1-4:8\">After</h2>"))
    }

    @Test("an admonition with no indented text is an empty callout, the text after it its own, whatever the marker")
    func emptyAdmonitions() throws {
        for marker in ["!!! note", "??? note", "???+ note", "!!! warning \"Title\""] {
            for text in ["\(marker)\n\nText\n", "\(marker)\nText\n", "# T\n\n\(marker)"] {
                let html = try parser.html(from: text)
                #expect(html.contains("markdown-alert"), "\(text)")
            }
        }
    }

    @Test("admonitions nested past the containers' limit are left as text, in linear work")
    func deepNesting() throws {
        var text = ""
        for depth in 0..<150 { text += String(repeating: "    ", count: depth) + "!!! note\n" }
        text += String(repeating: "    ", count: 150) + "Deep.\n"
        let html = try parser.html(from: text)
        #expect(html.contains("Deep."))
    }

    // MARK: Content tabs

    private func tab(set: Int, _ number: Int, _ title: String, checked: Bool) -> String {
        "<input type=\"radio\" class=\"tab-input\" name=\"content-tabs-\(set)\" id=\"content-tabs-\(set)-\(number)\""
            + (checked ? " checked" : "") + "><label class=\"tab-label\" for=\"content-tabs-\(set)-\(number)\">\(title)</label>"
            + "<div class=\"tab-panel\">"
    }

    @Test("=== \"Tab\" blocks that follow each other make one set of tabs: radio buttons and labels, the first checked, Markdown inside")
    func contentTabs() throws {
        let html = try parser.html(from: "=== \"Python\"\n\n    ```python\n    x = 1\n    ```\n\n=== \"C & *C++*\"\n\n    Some **C**.\n\nAfter.\n")
        #expect(html == "<div class=\"tabs\">" + tab(set: 1, 1, "Python", checked: true) + "\n"
                + "<pre><code class=\"language-python\">x = 1\n</code></pre>\n"
                + "</div>" + tab(set: 1, 2, "C &amp; *C++*", checked: false) + "\n<p>Some <strong>C</strong>.</p>\n</div></div>\n<p>After.</p>\n")
    }

    @Test("===+ selects a tab, ===! starts a new set, admonitions and tabs nest in each other, and the text keeps its lines")
    func contentTabsNesting() throws {
        let html = try parser.html(from: "=== \"A\"\n    a\n===+ \"B\"\n    b\n===! \"C\"\n    !!! note\n        Inside.\n")
        #expect(html.contains(tab(set: 1, 2, "B", checked: true)))
        #expect(html.contains(tab(set: 1, 1, "A", checked: false)))
        #expect(html.contains("name=\"content-tabs-") && html.components(separatedBy: "<div class=\"tabs\">").count == 3)
        #expect(html.contains(opening(.note, "Note") + "<p>Inside.</p>\n</div>"))
        let inAdmonition = try parser.html(from: "!!! tip\n    === \"X\"\n        x\n")
        #expect(inAdmonition.contains("<label class=\"tab-label\""))
        #expect(try parser.html(from: "??? tip\n    === \"X\"\n        x\n").contains("<label class=\"tab-label\""))
        let markdown = MarkdownParser(options: .init(frontMatter: false, sourcePositions: true, alerts: true, admonitions: true))
        #expect(try markdown.html(from: "=== \"A\"\n    a\n\n=== \"B\"\n    b\n\n## After\n").contains("<h2 data-sourcepos=\"7:1-7:8\">After</h2>"))
        #expect(try parser.html(from: "```\n=== \"A\"\n    a\n```\n") == "<pre><code>=== &quot;A&quot;\n    a\n</code></pre>\n")
        #expect(try parser.html(from: "=== not a tab\n") == "<p>=== not a tab</p>\n")
    }
}
