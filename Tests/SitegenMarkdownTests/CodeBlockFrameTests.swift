import Testing
@testable import SitegenMarkdown

@Suite("Code block titles and tab blocks, as other generators' info strings ask for them")
struct CodeBlockFrameTests {
    private let parser = MarkdownParser(options: .init(generatorSyntax: true))

    @Test("title=, {filename=…} and ,name= put the file name above the block; an empty one or an unknown key does not")
    func titles() throws {
        let html = try parser.html(from: """
            ```js title="jest.config.js"
            a
            ```

            ```toml {filename=hugo.toml}
            b
            ```

            ```css {filename="assets/a b.css" linenos=true}
            c
            ```

            ```toml ,name=config.toml
            d
            ```

            ```py title='it <"s">.py'
            e
            ```

            ```js title=""
            f
            ```

            ```js subtitle=x
            g
            ```
            """)
        #expect(html == """
            <figure class="code-block"><figcaption>jest.config.js</figcaption>
            <pre><code class="language-js">a
            </code></pre>
            </figure>
            <figure class="code-block"><figcaption>hugo.toml</figcaption>
            <pre><code class="language-toml">b
            </code></pre>
            </figure>
            <figure class="code-block"><figcaption>assets/a b.css</figcaption>
            <pre><code class="language-css">c
            </code></pre>
            </figure>
            <figure class="code-block"><figcaption>config.toml</figcaption>
            <pre><code class="language-toml">d
            </code></pre>
            </figure>
            <figure class="code-block"><figcaption>it &lt;&quot;s&quot;&gt;.py</figcaption>
            <pre><code class="language-py">e
            </code></pre>
            </figure>
            <pre><code class="language-js">f
            </code></pre>
            <pre><code class="language-js">g
            </code></pre>

            """)
    }

    @Test("blocks marked tab one after the other are one set of tabs, labelled as Docusaurus' plugin labels them")
    func tabs() throws {
        let html = try parser.html(from: """
            ```js tab title="a.js"
            a
            ```

            ```ts tab
            b
            ```

            ```py tab={"label": "Py <3"}
            c
            ```

            Between.

            ```js tab={"span":2}
            d
            ```

            ```js
            e
            ```

            ```table
            f
            ```
            """)
        #expect(html == """
            <div class="tabs">
            <input type="radio" class="tab-input" name="code-tabs-1" id="code-tabs-1-1" checked><label class="tab-label" for="code-tabs-1-1">JavaScript</label><div class="tab-panel">
            <figure class="code-block"><figcaption>a.js</figcaption>
            <pre><code class="language-js">a
            </code></pre>
            </figure>
            </div>
            <input type="radio" class="tab-input" name="code-tabs-1" id="code-tabs-1-2"><label class="tab-label" for="code-tabs-1-2">TypeScript</label><div class="tab-panel">
            <pre><code class="language-ts">b
            </code></pre>
            </div>
            <input type="radio" class="tab-input" name="code-tabs-1" id="code-tabs-1-3"><label class="tab-label" for="code-tabs-1-3">Py &lt;3</label><div class="tab-panel">
            <pre><code class="language-py">c
            </code></pre>
            </div>
            </div>
            <p>Between.</p>
            <div class="tabs">
            <input type="radio" class="tab-input" name="code-tabs-2" id="code-tabs-2-1" checked><label class="tab-label" for="code-tabs-2-1">JavaScript</label><div class="tab-panel">
            <pre><code class="language-js">d
            </code></pre>
            <pre><code class="language-js">e
            </code></pre>
            </div>
            </div>
            <pre><code class="language-table">f
            </code></pre>

            """)
    }

    @Test("an npm2yarn block is tabs npm, Yarn and pnpm, its commands written for each, its title on each")
    func npm2yarn() throws {
        let html = try parser.html(from: "```bash npm2yarn title=\"Install\"\nnpm install --save-dev jest\n```\n")
        #expect(html.components(separatedBy: "<figcaption>Install</figcaption>").count == 4)
        #expect(html.contains("<label class=\"tab-label\" for=\"code-tabs-1-1\">npm</label><div class=\"tab-panel\">\n<figure class=\"code-block\"><figcaption>Install</figcaption>\n<pre><code class=\"language-bash\">npm install --save-dev jest\n</code></pre>"))
        #expect(html.contains(">Yarn</label><div class=\"tab-panel\">\n<figure class=\"code-block\"><figcaption>Install</figcaption>\n<pre><code class=\"language-bash\">yarn add --dev jest\n</code></pre>"))
        #expect(html.contains(">pnpm</label><div class=\"tab-panel\">\n<figure class=\"code-block\"><figcaption>Install</figcaption>\n<pre><code class=\"language-bash\">pnpm add --save-dev jest\n</code></pre>"))
        #expect(!html.contains("npm2yarn"))
    }

    @Test("a tab in a list item or a quote stays there; code modifiers still see each block; without generator syntax nothing changes")
    func nestingAndModifiers() throws {
        let source = """
            - Step:

              ```js tab
              a
              ```

              ```ts tab title="b.ts"
              b
              ```

            > ```sh title="run"
            > go
            > ```
            """
        var withModifier = parser
        withModifier.addModifier(Modifier(target: .codeBlocks) { input in "<!--seen-->" + input.html })
        let html = try withModifier.html(from: source)
        #expect(html.contains("<li>\n<p>Step:</p>\n<div class=\"tabs\">"))
        #expect(html.components(separatedBy: "<!--seen--><pre>").count == 4)
        #expect(html.contains("<blockquote>\n<figure class=\"code-block\"><figcaption>run</figcaption>\n<!--seen--><pre><code class=\"language-sh\">go"))
        #expect(html.contains("<figcaption>b.ts</figcaption>"))
        let plain = try MarkdownParser().html(from: source)
        #expect(!plain.contains("tabs") && !plain.contains("figure"))
    }

    @Test("hostile info strings: a huge span, broken or overflowing JSON, thousands of blocks, a word tab inside a title")
    func hostile() throws {
        let blocks = String(repeating: "```js tab={\"span\": 1000000}\nx\n```\n\n", count: 2_000)
        let html = try parser.html(from: blocks + """
            Text.

            ```js tab={"label":
            y
            ```

            ```js tab={"span": 99999999999999999999}
            z
            ```

            Text.

            ```js title="tab.js"
            w
            ```
            """)
        // A span takes at most 1,000 blocks: two tabs of 1,000, then a set of two tabs.
        #expect(html.components(separatedBy: "<div class=\"tabs\">").count == 3)
        #expect(html.components(separatedBy: "class=\"tab-panel\"").count == 5)
        #expect(html.components(separatedBy: "<pre>").count == 2_004)
        #expect(html.hasSuffix("<figure class=\"code-block\"><figcaption>tab.js</figcaption>\n<pre><code class=\"language-js\">w\n</code></pre>\n</figure>\n"))
    }
}
