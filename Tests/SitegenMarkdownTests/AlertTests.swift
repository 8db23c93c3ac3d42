import Testing
@testable import SitegenMarkdown

@Suite("Alerts: GitHub markers and ::: containers")
struct AlertTests {
    private let parser = MarkdownParser(options: .init(frontMatter: false, alerts: true))

    /// An alert's opening as rendered, for `kind` titled `title`.
    private func opening(_ kind: Alert.Kind, _ title: String) -> String {
        "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">\n<p class=\"markdown-alert-title\">"
            + AlertBlocks.icon(kind) + title + "</p>\n"
    }

    @Test("each of the five markers, in any case, renders as GitHub's alert with the kind's title")
    func everyKind() throws {
        for kind in Alert.Kind.allCases {
            for written in [kind.rawValue.uppercased(), kind.rawValue, kind.title] {
                let html = try parser.html(from: "> [!\(written)]\n> Read *this*.\n")
                #expect(html == opening(kind, kind.title) + "<p>Read <em>this</em>.</p>\n</div>\n", "\(written)")
            }
        }
    }

    @Test("a title after the marker keeps its inline Markdown; a blank line after the marker is fine")
    func titles() throws {
        #expect(try parser.html(from: "> [!TIP] Faster *builds*\n> Use `-q`.\n")
                == opening(.tip, "Faster <em>builds</em>") + "<p>Use <code>-q</code>.</p>\n</div>\n")
        #expect(try parser.html(from: "> [!WARNING]\n>\n> First.\n>\n> Second.\n")
                == opening(.warning, "Warning") + "<p>First.</p>\n<p>Second.</p>\n</div>\n")
        #expect(try parser.html(from: "> [!NOTE] A & B\n> x\n") == opening(.note, "A &amp; B") + "<p>x</p>\n</div>\n")
    }

    @Test("alerts inside list items and nested quotes")
    func nested() throws {
        #expect(try parser.html(from: "- item\n  > [!CAUTION]\n  > Careful.\n")
                == "<ul>\n<li>item\n" + opening(.caution, "Caution") + "<p>Careful.</p>\n</div>\n</li>\n</ul>\n")
        #expect(try parser.html(from: "> > [!IMPORTANT]\n> > Inner.\n")
                == "<blockquote>\n" + opening(.important, "Important") + "<p>Inner.</p>\n</div>\n</blockquote>\n")
        #expect(try parser.html(from: "> [!NOTE]\n> Outer.\n>\n> > [!TIP]\n> > Inner.\n")
                == opening(.note, "Note") + "<p>Outer.</p>\n" + opening(.tip, "Tip") + "<p>Inner.</p>\n</div>\n</div>\n")
    }

    @Test("Obsidian's, Docsy's and MkDocs' callout types are alerts titled by their name; - and + make one fold, closed or open")
    func calloutTypes() throws {
        #expect(try parser.html(from: "> [!faq]\n> Q?\n") == opening(.note, "Faq") + "<p>Q?</p>\n</div>\n")
        #expect(try parser.html(from: "> [!BUG] Crash\n> x\n") == opening(.caution, "Crash") + "<p>x</p>\n</div>\n")
        #expect(try parser.html(from: "> [!NB]\n> x\n") == opening(.important, "Nb") + "<p>x</p>\n</div>\n")
        #expect(try parser.html(from: "> [!INFO]- Your *opinion*\n> Tell us.\n")
                == "<details class=\"markdown-alert markdown-alert-note\">\n<summary class=\"markdown-alert-title\">" + AlertBlocks.icon(.note)
                    + "Your <em>opinion</em></summary>\n<p>Tell us.</p>\n</details>\n")
        #expect(try parser.html(from: "> [!TIP]+\n> x\n")
                == "<details class=\"markdown-alert markdown-alert-tip\" open>\n<summary class=\"markdown-alert-title\">" + AlertBlocks.icon(.tip)
                    + "Tip</summary>\n<p>x</p>\n</details>\n")
        for text in ["> [!NOTE]-x\n", "> [!NOTE]*\n> x\n", "> [!FAQS]\n> x\n", "> [!" + String(repeating: "a", count: 30) + "]\n"] {
            #expect(try parser.html(from: text) == MarkdownParser(options: .init(frontMatter: false)).html(from: text), "\(text)")
        }
    }

    @Test("what is not a marker stays a quote")
    func notMarkers() throws {
        for text in ["> [!NOTE]x\n", "> [!FOO]\n> x\n", "> x\n> [!NOTE]\n", "> \\[!NOTE]\n> x\n", "[!NOTE]\n",
                     "para\r\r> \\[!NOTE]\r> x\r", "para\r\n\r\n> \\[!NOTE]\r\n> x\r\n"] {
            let plain = try MarkdownParser(options: .init(frontMatter: false)).html(from: text)
            #expect(try parser.html(from: text) == plain, "\(text)")
        }
    }

    @Test("::: containers as Docusaurus, VitePress and Starlight write them")
    func containers() throws {
        #expect(try parser.html(from: ":::note\nA note.\n:::\n") == opening(.note, "Note") + "<p>A note.</p>\n</div>\n")
        #expect(try parser.html(from: ":::tip My title\n\nOne.\n\n```sh\necho :::\n```\n\n:::\n\nAfter.\n")
                == opening(.tip, "My title") + "<p>One.</p>\n<pre><code class=\"language-sh\">echo :::\n</code></pre>\n</div>\n<p>After.</p>\n")
        #expect(try parser.html(from: "::: warning Careful now\nText.\n:::\n") == opening(.warning, "Careful now") + "<p>Text.</p>\n</div>\n")
        #expect(try parser.html(from: ":::danger[Stop]\nText.\n:::\n") == opening(.caution, "Stop") + "<p>Text.</p>\n</div>\n")
        #expect(try parser.html(from: ":::info\nText.\n:::\nMore.\n") == opening(.note, "Note") + "<p>Text.</p>\n</div>\n<p>More.</p>\n")
        #expect(try parser.html(from: "::::note\nOuter.\n\n:::tip\nInner.\n:::\n\n::::\n")
                == opening(.note, "Note") + "<p>Outer.</p>\n" + opening(.tip, "Tip") + "<p>Inner.</p>\n</div>\n</div>\n")
        // A closing right after a list or a quote, which cmark reads as part of its last paragraph.
        #expect(try parser.html(from: ":::note\n- item\n:::\n\nAfter.\n")
                == opening(.note, "Note") + "<ul>\n<li>item</li>\n</ul>\n</div>\n<p>After.</p>\n")
        #expect(try parser.html(from: ":::tip\n> quoted\n> more\n:::\n")
                == opening(.tip, "Tip") + "<blockquote>\n<p>quoted\nmore</p>\n</blockquote>\n</div>\n")
        #expect(try parser.html(from: "- x\n\n  :::note\n  In a list.\n  :::\n")
                == "<ul>\n<li>\n<p>x</p>\n" + opening(.note, "Note") + "<p>In a list.</p>\n</div>\n</li>\n</ul>\n")
    }

    @Test("inline nodes moved out of a paragraph keep their text (they point into the paragraph's source)")
    func movedInlines() throws {
        #expect(try parser.html(from: ":::tip\nRun `x` *now*.\n:::\n") == opening(.tip, "Tip") + "<p>Run <code>x</code> <em>now</em>.</p>\n</div>\n")
        #expect(try parser.html(from: "> [!NOTE] A *b* `c`\n>\n> x\n") == opening(.note, "A <em>b</em> <code>c</code>") + "<p>x</p>\n</div>\n")
        #expect(try parser.html(from: "Before.\n\n:::note\nIn `it`.\n:::\nAfter `too`.\n")
                == "<p>Before.</p>\n" + opening(.note, "Note") + "<p>In <code>it</code>.</p>\n</div>\n<p>After <code>too</code>.</p>\n")
    }

    @Test("thousands of unclosed or nested openings take linear time and render as text")
    func hostileInput() throws {
        let unclosed = String(repeating: ":::note\n\n", count: 20_000)
        #expect(try parser.html(from: unclosed) == MarkdownParser(options: .init(frontMatter: false)).html(from: unclosed))
        let many = String(repeating: "> [!NOTE]\n> x\n\n:::tip\ny\n:::\n\n", count: 20_000)
        #expect(try parser.html(from: many).components(separatedBy: "markdown-alert-title").count == 40_001)
        let oneParagraph = String(repeating: ":::note\nx\n:::\n", count: 20_000)
        #expect(try parser.html(from: oneParagraph).components(separatedBy: "markdown-alert-title").count == 20_001)
        let deep = String(repeating: "> ", count: 200) + "[!NOTE]\n" + String(repeating: "> ", count: 200) + "x\n"
        #expect(try parser.html(from: deep).contains("markdown-alert-note"))
    }

    @Test("an attribute list after a closing keeps its anchor, after the alert")
    func closingWithAttributes() throws {
        let withSyntax = MarkdownParser(options: .init(frontMatter: false, generatorSyntax: true, alerts: true))
        #expect(try withSyntax.html(from: ":::note\nText\n:::\n{: #here}\n\nAfter.\n")
                == opening(.note, "Note") + "<p>Text</p>\n</div>\n<p><a id=\"here\"></a></p>\n<p>After.</p>\n")
    }

    @Test("unclosed, unknown and inline ::: stay text")
    func notContainers() throws {
        let plain = MarkdownParser(options: .init(frontMatter: false))
        for text in [":::note\nNever closed.\n", ":::details\nHidden.\n:::\n", "a :::note b\n", ":::note\nx\n::::\n", ":::notefoo\nx\n:::\n",
                     ":::note[A]junk\nx\n:::\n", "- item\n:::\n"] {
            #expect(try parser.html(from: text) == plain.html(from: text), "\(text)")
        }
    }

    @Test("alerts are off unless asked for: the HTML is cmark-gfm's")
    func offByDefault() throws {
        #expect(try MarkdownParser(options: .init(frontMatter: false)).html(from: "> [!NOTE]\n> x\n")
                == "<blockquote>\n<p>[!NOTE]\nx</p>\n</blockquote>\n")
    }

    @Test("blockquote modifiers learn which alert a quote is, and see the alert's HTML")
    func modifierFacts() throws {
        let seen = InputLog()
        let parser = MarkdownParser(options: .init(frontMatter: false, alerts: true), modifiers: [
            Modifier(target: .blockquotes) { input in
                seen.append(input)
                return "<section>" + input.html + "</section>"
            },
        ])
        let html = try parser.html(from: "> [!TIP] Title\n> x\n\n> plain\n\n:::warning\ny\n:::\n")
        #expect(seen.inputs.map(\.node) == [.blockquote(alert: Alert(kind: .tip, title: "Title")), .blockquote(alert: nil),
                                           .blockquote(alert: Alert(kind: .warning))])
        #expect(html.hasPrefix("<section>" + opening(.tip, "Title") + "<p>x</p>\n</div></section>\n"))
        #expect(html.contains("<section><blockquote>\n<p>plain</p>\n</blockquote></section>"))
    }
}
