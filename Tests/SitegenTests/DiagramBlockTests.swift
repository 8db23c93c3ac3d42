import Testing
@testable import Sitegen

@Suite("Mermaid code blocks are diagrams, the script loaded once a page")
struct DiagramBlockTests {
    @Test("a block at the top, in a list item (on the item's line too), in a quote; a fence that shows one stays code")
    func blocks() async throws {
        let site = try TestSite()
        try site.write("""
            # Diagrams

            ```mermaid
            graph TD
              A --> B
            ```

            - ```mermaid
              flowchart LR
                  C --> D
              ```

              ```mermaid
              sequenceDiagram
                  E->>F: <hi>
              ```

            - After.

            > ```Mermaid
            > pie
            > ```

            ````markdown
            ```mermaid
            graph X
            ```
            ````
            """, to: "content/a.md")
        try await site.build()
        let page = try site.page("a/index.html")
        #expect(page.contains("<pre class=\"mermaid\">graph TD\n  A --&gt; B\n</pre>\n<script type=\"module\">import mermaid"))
        #expect(page.components(separatedBy: "import mermaid").count == 2)
        #expect(page.contains("<li>\n<pre class=\"mermaid\">flowchart LR\n    C --&gt; D\n</pre>\n<pre class=\"mermaid\">sequenceDiagram\n    E-&gt;&gt;F: &lt;hi&gt;\n</pre>\n</li>\n<li>\n<p>After.</p>"))
        #expect(page.contains("<blockquote>\n<pre class=\"mermaid\">pie\n</pre>\n</blockquote>"))
        #expect(page.contains("<code class=\"language-markdown\">"))
        #expect(page.contains("graph X"))
        #expect(!page.contains("&lt;!--"))
    }

    @Test("a page with the shortcode and a block loads the script once; a page with neither not at all")
    func scriptOnce() async throws {
        let site = try TestSite()
        try site.write("title = \"H\"\n", to: "hugo.toml")
        try site.write("{{< mermaid >}}\ngraph A\n{{< /mermaid >}}\n\n```mermaid\ngraph B\n```\n", to: "content/a.md")
        try site.write("```go\nx\n```\n", to: "content/b.md")
        try await site.build()
        #expect(try site.page("a/index.html").components(separatedBy: "import mermaid").count == 2)
        #expect(try site.page("a/index.html").contains("<pre class=\"mermaid\">graph B\n</pre>"))
        #expect(!(try site.page("b/index.html")).contains("mermaid"))
    }
}
