import SitegenMarkdown
import Testing

/// kramdown's block and span attribute lists (`{: .note }`), read as Jekyll's kramdown reads
/// them: each expected text is what Jekyll 4.3.1 writes for the same Markdown, but for
/// whitespace between blocks.
@Suite("kramdown attribute lists")
struct KramdownAttributeListTests {
    private let parser = MarkdownParser(options: .init(frontMatter: false, generatorSyntax: true, alerts: true))

    @Test("a list on the line after a heading or paragraph, or before a paragraph or block quote, is that block's")
    func blocks() throws {
        // (A site gives every heading its id too: `<h1 id="focus" class="fs-9">`.)
        #expect(try parser.html(from: "# Focus\n{: .fs-9 }\n") == "<h1 class=\"fs-9\">Focus</h1>\n")
        #expect(try parser.html(from: "Lead text.\n{: .fs-6 .fw-300 }\n") == "<p class=\"fs-6 fw-300\">Lead text.</p>\n")
        #expect(try parser.html(from: "{: .highlight }\nA paragraph\n") == "<p class=\"highlight\">A paragraph</p>\n")
        #expect(try parser.html(from: "Para\n{: #pid .c }\n") == "<p id=\"pid\" class=\"c\">Para</p>\n")
        #expect(try parser.html(from: "{: .warning }\n> A quote\n>\n> Second.\n")
                == "<blockquote class=\"warning\">\n<p>A quote</p>\n<p>Second.</p>\n</blockquote>\n")
        #expect(try parser.html(from: "> {: .note }\n  Indented\n") == "<blockquote>\n<p class=\"note\">Indented</p>\n</blockquote>\n")
        // After a blank line, a list stands for no block: an id is kept as an anchor.
        #expect(try parser.html(from: "Text\n\n{: #here}\n\nAfter\n") == "<p>Text</p>\n<a id=\"here\"></a>\n<p>After</p>\n")
    }

    @Test("a list right after a link is the link's, its address escaped as cmark escapes it")
    func links() throws {
        #expect(try parser.html(from: "[Start](#start){: .btn .btn-primary }\n[Other](https://example.org/a?b=1&c=\"x\"){: .btn }\n")
                == "<p><a href=\"#start\" class=\"btn btn-primary\">Start</a>\n"
                + "<a href=\"https://example.org/a?b=1&amp;c=%22x%22\" class=\"btn\">Other</a></p>\n")
        #expect(try parser.html(from: "[a](x \"T\"){:#l}\n") == "<p><a href=\"x\" title=\"T\" id=\"l\">a</a></p>\n")
        // In code, as written; without the syntax, text.
        #expect(try parser.html(from: "`{: .x}`\n") == "<p><code>{: .x}</code></p>\n")
        #expect(try MarkdownParser(options: .init(frontMatter: false)).html(from: "[a](x){: .b}\n") == "<p><a href=\"x\">a</a>{: .b}</p>\n")
    }
}
