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
        // Between blank lines, the next paragraph's; at the end, nothing's: an id is kept as an anchor.
        #expect(try parser.html(from: "Text\n\n{: #here .c}\n\nAfter\n") == "<p>Text</p>\n<p id=\"here\" class=\"c\">After</p>\n")
        #expect(try parser.html(from: "Text\n\n{: #end}\n") == "<p>Text</p>\n<a id=\"end\"></a>\n")
        // Lists before and after a block, and several in a row, all give it theirs, in their order.
        #expect(try parser.html(from: "{: .x }\nPara\n{: .y }\n") == "<p class=\"x y\">Para</p>\n")
        #expect(try parser.html(from: "{: .x }\n{: .y }\nPara\n") == "<p class=\"x y\">Para</p>\n")
        #expect(try parser.html(from: "Para\n{: .x }\n{: .y }\n") == "<p class=\"x y\">Para</p>\n")
        #expect(try parser.html(from: "{: .a }\n{: .b }\n\nNext\n") == "<p class=\"a b\">Next</p>\n")
        #expect(try parser.html(from: "A\n{: .x }\n\nB\n{: .y }\n") == "<p class=\"x\">A</p>\n<p class=\"y\">B</p>\n")
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
