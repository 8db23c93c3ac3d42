import Testing
@testable import SitegenMarkdown

@Suite("Definition lists, as Goldmark and kramdown write them")
struct DefinitionListTests {
    private let parser = MarkdownParser(options: .init(generatorSyntax: true))

    @Test("terms and `: ` definitions make one list across paragraphs; a definition's later lines are its own")
    func lists() throws {
        let html = try parser.html(from: """
            Intro.

            `title` (or *first*)
            : The summary text.

            `open`
            : Start expanded.
            : Second one.

            Term one
            Term two
            :   Defined
            over two lines.

            After.
            """)
        // As Hugo 0.168 renders it.
        #expect(html == """
            <p>Intro.</p>
            <dl>
            <dt><code>title</code> (or <em>first</em>)</dt>
            <dd>The summary text.</dd>
            <dt><code>open</code></dt>
            <dd>Start expanded.</dd>
            <dd>Second one.</dd>
            <dt>Term one</dt>
            <dt>Term two</dt>
            <dd>Defined
            over two lines.</dd>
            </dl>
            <p>After.</p>

            """)
    }

    @Test("a paragraph that starts with `: `, a lone `:`, code and plain CommonMark stay as they are")
    func notLists() throws {
        #expect(try parser.html(from: ": starts\nwith a colon\n\nA\n:\n\n```\nA\n: b\n```\n") == """
            <p>: starts
            with a colon</p>
            <p>A
            :</p>
            <pre><code>A
            : b
            </code></pre>

            """)
        #expect(try MarkdownParser().html(from: "A\n: b\n") == "<p>A\n: b</p>\n")
    }

    @Test("a definition list in a list item and a quote, and the heading after it keeps its id")
    func nested() throws {
        let ids = MarkdownParser(options: .init(headingIDs: true, generatorSyntax: true))
        #expect(try ids.html(from: "- Term\n  : Def\n\n> Q\n> : A\n\n## Next\n") == """
            <ul>
            <li>
            <dl>
            <dt>Term</dt>
            <dd>Def</dd>
            </dl>
            </li>
            </ul>
            <blockquote>
            <dl>
            <dt>Q</dt>
            <dd>A</dd>
            </dl>
            </blockquote>
            <h2 id="next">Next</h2>

            """)
    }
}
