import Foundation
import Testing
import Sitegen
import TestSupport

@Suite("Syntax highlighting in site builds")
struct SyntaxHighlightingTests {
    static let page = """
    ---
    title: Code
    ---
    ```swift
    let greeting = "Hello, \\(name)" // say it
    ```

    ```nosuchlanguage
    a < b && "c"
    ```

    ```rs {linenos=true hl_lines=[2,"4-5"] linenostart=9}
    fn main() {
        let x = 1;
        // three
        let y = 2;
        let z = 3;
    }
    ```

    ```
    no language at all
    ```
    """

    @Test("an info string's words after commas are classes as mdBook writes them; Zola's key=value words are not")
    func commaWords() async throws {
        let site = try TestSite()
        try site.write("```rust,ignore\nlet x = 1;\n```\n\n```rust,compile_fail,E0597\nfn f() {}\n```\n\n"
                       + "```toml,name=config.toml\na = 1\n```\n\n```rust,a\"b\nx\n```\n", to: "content/code.md")
        _ = try await site.build()
        let html = try site.page("code/index.html")
        #expect(html.contains("<code class=\"language-rust ignore\"><span class=\"kd\">let</span>"), "\(html)")
        #expect(html.contains("<code class=\"language-rust compile_fail E0597\">"))
        #expect(html.contains("<code class=\"language-toml\">"))
        // A word that is no class name leaves the class as cmark wrote it.
        #expect(html.contains("<code class=\"language-rust,a&quot;b\">"))
    }

    @Test("code blocks are coloured by default, inside cmark's own pre and code elements, with Pygments' class names")
    func onByDefault() async throws {
        let site = try TestSite()
        try site.write(Self.page, to: "content/code.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let html = try site.page("code/index.html")
        #expect(html.contains("<pre><code class=\"language-swift\"><span class=\"kd\">let</span> <span class=\"n\">greeting</span> <span class=\"o\">=</span> <span class=\"s2\">&quot;Hello, </span><span class=\"si\">\\(</span><span class=\"n\">name</span><span class=\"si\">)</span><span class=\"s2\">&quot;</span> <span class=\"c1\">// say it</span>\n</code></pre>"))
        // An unknown language, and no language, stay as cmark-gfm wrote them.
        #expect(html.contains("<pre><code class=\"language-nosuchlanguage\">a &lt; b &amp;&amp; &quot;c&quot;\n</code></pre>"))
        #expect(html.contains("<pre><code>no language at all\n</code></pre>"))
        // Hugo's options, as Hugo renders them: numbers from 9, padded; the block's lines 2, 4 and 5 marked.
        #expect(html.contains("<span class=\"line\"><span class=\"ln\"> 9</span><span class=\"cl\">"))
        #expect(html.contains("<span class=\"line hl\"><span class=\"ln\">10</span><span class=\"cl\">"))
        #expect(html.contains("<span class=\"line\"><span class=\"ln\">11</span><span class=\"cl\">"))
        #expect(html.contains("<span class=\"line hl\"><span class=\"ln\">12</span><span class=\"cl\">"))
        #expect(html.contains("<span class=\"line hl\"><span class=\"ln\">13</span><span class=\"cl\">"))
        #expect(html.contains("<span class=\"line\"><span class=\"ln\">14</span><span class=\"cl\"><span class=\"p\">}</span>\n</span></span></code></pre>"))
        // The theme colours it, light and dark.
        let css = try site.page("assets/style.css")
        #expect(css.contains("pre :is(.k, .kd"))
        #expect(css.contains("--code-keyword: #ff7b72;"))
    }

    @Test("marked lines count from the block's first line, and a block of an unknown language still gets its lines")
    func markedLines() async throws {
        let site = try TestSite()
        try site.write("```js {2}\na\nb\n```\n\n```text {linenos=inline hl_lines=1}\n<x>\n```\n", to: "content/lines.md")
        try await site.build()
        let html = try site.page("lines/index.html")
        #expect(html.contains("<span class=\"line hl\"><span class=\"cl\"><span class=\"nx\">b</span>\n</span></span>")
                || html.contains("<span class=\"line hl\"><span class=\"cl\"><span class=\"n\">b</span>\n</span></span>"), "\(html)")
        #expect(html.contains("<code class=\"language-text\"><span class=\"line hl\"><span class=\"ln\">1</span><span class=\"cl\">&lt;x&gt;\n</span></span></code>"))
    }

    @Test("`highlight: false` in sitegen.yml leaves code as cmark-gfm wrote it; a value that is not true or false is an error")
    func keyTurnsItOff() async throws {
        let site = try TestSite()
        try site.write(Self.page, to: "content/code.md")
        try site.write("highlight: false\n", to: "sitegen.yml")
        try await site.build()
        let html = try site.page("code/index.html")
        #expect(html.contains("<pre><code class=\"language-swift\">let greeting = &quot;Hello, \\(name)&quot; // say it\n</code></pre>"))
        #expect(!html.contains("<span class=\"line"))
        try site.write("highlight: yes please\n", to: "sitegen.yml")
        await #expect { try await site.build() } throws: { "\($0)".contains("sitegen.yml:1: `highlight` must be true or false") }
    }

    struct Shouting: CodeHighlighter {
        func highlight(_ code: String, language: String) -> String? {
            language == "shout" ? "<span class=\"k\">" + code.uppercased() + "</span>" : nil
        }
    }

    @Test("a Swift site swaps the highlighter with a plugin, and its own code block modifiers see the coloured HTML")
    func swappedHighlighter() async throws {
        let site = try TestSite()
        try site.write("```shout\nhello\n```\n\n```swift\nlet x = 1\n```\n", to: "content/loud.md")
        var custom = Site()
        custom.install(.syntaxHighlighting(Shouting()))
        custom.addModifier(Modifier(target: .codeBlocks) { html, _ in "<div class=\"sample\">" + html + "</div>" })
        try await site.build(site: custom)
        let html = try site.page("loud/index.html")
        #expect(html.contains("<div class=\"sample\"><pre><code class=\"language-shout\"><span class=\"k\">HELLO\n</span></code></pre></div>"))
        #expect(html.contains("<div class=\"sample\"><pre><code class=\"language-swift\">let x = 1\n</code></pre></div>"))

        var plain = Site()
        plain.codeHighlighter = nil
        try await site.build(site: plain)
        #expect(try site.page("loud/index.html").contains("<pre><code class=\"language-shout\">hello\n</code></pre>"))
    }

    @Test("`sitegen markdown --highlight` colours code as builds do; without the flag the HTML is cmark-gfm's")
    func markdownCommand() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("highlight-\(UUID().uuidString).md")
        try "```swift {2}\nlet a = 1\nlet b = 2\n```\n".write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let highlighted = try ProcessRunner.run(ProcessRunner.sitegen, ["markdown", "--highlight", input.path])
        #expect(highlighted.status == 0)
        #expect(highlighted.output.contains("<span class=\"line hl\"><span class=\"cl\"><span class=\"kd\">let</span> <span class=\"n\">b</span>"))
        let plain = try ProcessRunner.run(ProcessRunner.sitegen, ["markdown", input.path])
        #expect(plain.output == "<pre><code class=\"language-swift\">let a = 1\nlet b = 2\n</code></pre>\n")
    }
}
