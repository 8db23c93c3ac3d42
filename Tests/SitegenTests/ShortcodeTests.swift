import Foundation
import SitegenLimits
import Testing
@testable import Sitegen

/// Shortcodes of other generators run as their generator would show them: built-ins, the
/// components of popular themes, a site's own shortcode templates, and math.
@Suite("Shortcodes, components and math")
struct ShortcodeTests {
    /// The HTML of the page `content/a.md` holding `text`, and the build's warnings.
    private func built(_ text: String, files: [String: String] = [:]) async throws -> (html: String, warnings: [String]) {
        let site = try TestSite()
        try site.write(text, to: "content/a.md")
        for (path, contents) in files { try site.write(contents, to: path) }
        let summary = try await site.build()
        let page = try site.page("a/index.html")
        let content = page.components(separatedBy: "<div class=\"content\">").dropFirst().first?.components(separatedBy: "</article>").first ?? page
        return (content, summary.warnings.map(\.description))
    }

    @Test("Hugo's figure: image, link, title, Markdown caption and attribution, sizes, lazy loading")
    func figure() async throws {
        let (html, warnings) = try await built("""
            {{< figure src="/a.png" link="https://example.org" target="_blank" title="Title" caption="A *fine* view" attr="Me" attrlink="/me/" width="300" class="wide" >}}
            """)
        #expect(warnings.isEmpty)
        #expect(html.contains("<figure class=\"wide\"><a href=\"https://example.org\" target=\"_blank\"><img src=\"/a.png\" alt=\"A fine view\" "
                              + "width=\"300\" loading=\"lazy\" decoding=\"async\"></a><figcaption><h4>Title</h4><p>A <em>fine</em> view "
                              + "<a href=\"/me/\">Me</a></p></figcaption></figure>"))
        #expect(!html.contains("<p><figure"))
    }

    @Test("Hugo's highlight is a code block of the page, highlighted, with line numbers and marked lines; its text is not Markdown")
    func highlight() async throws {
        let (html, _) = try await built("""
            {{< highlight go "linenos=table,hl_lines=2" >}}
            // *not emphasis*
            func main() {}
            {{< /highlight >}}

            After.
            """)
        #expect(html.contains("<pre><code class=\"language-go\"><span class=\"line\"><span class=\"ln\">1</span>"))
        #expect(html.contains("<span class=\"line hl\"><span class=\"ln\">2</span>"))
        #expect(html.contains("// *not emphasis*") && !html.contains("<em>not emphasis</em>"))
        #expect(html.contains("<p>After.</p>"))
    }

    @Test("YouTube and Vimeo embeds load nothing from the video site until the reader asks; gist, X and Instagram are cards with no script")
    func embeds() async throws {
        let (html, _) = try await built("""
            {{< youtube id="dQw4w9WgXcQ" title="A song" start="30" >}}

            {{< vimeo 55073825 >}}

            {{< gist spf13 7896402 img.html >}}

            {{< x user="SanDiegoZoo" id="1453110110599868418" >}}

            {{< instagram CxOWiQNP2MO >}}
            """)
        #expect(html.contains("<iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;start=30\" srcdoc=\""))
        #expect(html.contains("title=\"A song\" loading=\"lazy\""))
        #expect(html.contains("https://player.vimeo.com/video/55073825?autoplay=1&amp;dnt=1"))
        #expect(html.contains("<a href=\"https://gist.github.com/spf13/7896402\"><span class=\"embed-card-site\">GitHub Gist</span>"
                              + "<span class=\"embed-card-title\">spf13/7896402 · img.html</span>"))
        #expect(html.contains("https://x.com/SanDiegoZoo/status/1453110110599868418") && html.contains("Post by @SanDiegoZoo"))
        #expect(html.contains("https://www.instagram.com/p/CxOWiQNP2MO/"))
        #expect(!html.contains("<script"))
        // An id that is not one is not embedded.
        let (odd, warnings) = try await built("{{< youtube \"x\\\" onload=alert(1)\" >}}\n")
        #expect(!odd.contains("<iframe"))
        #expect(warnings == ["content/a.md:1: `youtube` needs an id of letters, digits, `-` and `_`; left as text"])
    }

    @Test("details, param (escaped, as Hugo's template writes it), comment and qr")
    func textBuiltins() async throws {
        let (html, _) = try await built("""
            ---
            title: A
            params:
              version: "2.1"
            html: "<b>x</b>"
            ---
            {{< details summary="See *more*" open=true >}}
            Hidden **text**.
            {{< /details >}}

            Version {{< param version >}}, site {{< param siteKey >}}, {{< param html >}}.{{% comment %}}Not shown{{% /comment %}}

            {{< qr text="https://example.org" alt="Example" />}}
            """, files: ["sitegen.yml": "siteKey: blue\n"])
        #expect(html.contains("<details class=\"details\" open><summary>See <em>more</em></summary>\n<p>Hidden <strong>text</strong>.</p>\n</details>"))
        #expect(html.contains("<p>Version 2.1, site blue, &lt;b&gt;x&lt;/b&gt;.</p>"))
        #expect(!html.contains("Not shown"))
        #expect(html.contains("<span class=\"qr\"><svg") && html.contains("aria-label=\"Example\""))
    }

    @Test("in a Hugo site, Hugo's tags in code blocks and spans run as Hugo runs them; escaped ones show; in other sites code stays as written")
    func hugoTagsInCode() async throws {
        let page = """
            ```sh
            git checkout v{{% param version %}}
            echo {{< param version >}}
            ```

            Run `v{{% param version %}}` or `{{</* param version */>}}`; not `{{ zola() }}`.

            ```go-html-template
            {{</* param version */>}}
            ```
            """
        let (hugo, warnings) = try await built(page, files: ["hugo.toml": "title = \"H\"\n[params]\nversion = \"2.1\"\n"])
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(hugo.contains("<pre><code class=\"language-sh\">git checkout v2.1\n"))
        #expect(hugo.contains("<span class=\"nb\">echo</span> <span class=\"mi\">2</span>.1"))
        #expect(hugo.contains("Run <code>v2.1</code> or <code>{{&lt; param version &gt;}}</code>"))
        #expect(hugo.contains("<code>{{ zola() }}</code>"))
        #expect(hugo.contains("{{&lt; param version &gt;}}"))
        // A call alone on its line in code is text of the code, not a block of HTML (nor a comment shown as text).
        let (own, _) = try await built("```text\n{{< echo \"version: 1\" >}}\n  {{< echo \"b: 2\" >}}\n```\n",
                                       files: ["hugo.toml": "title = \"H\"\n", "layouts/shortcodes/echo.html": "{{ .Get 0 }}"])
        #expect(own.contains("<pre><code class=\"language-text\">version: 1\n  b: 2\n</code></pre>"), "\(own)")
        let (plain, _) = try await built(page, files: ["sitegen.yml": "title: S\nversion: \"2.1\"\n"])
        #expect(plain.contains("git checkout v<span class=\"o\">{{</span>% param version %<span class=\"o\">}}</span>"))
        #expect(plain.contains("<code>v{{% param version %}}</code>"))
    }

    @Test("callouts of popular themes are the alerts the theme draws, kind and title from their arguments")
    func callouts() async throws {
        let (html, warnings) = try await built("""
            {{% alert title="Heads up" color="warning" %}}Docsy **alert**.{{% /alert %}}

            {{% hint danger %}}
            hugo-book hint.
            {{% /hint %}}

            {{< callout type="info" >}}Hextra callout.{{< /callout >}}

            {{% notice tip "Relearn title" %}}
            Relearn notice.
            {{% /notice %}}
            """)
        #expect(warnings.isEmpty)
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-warning\">") && html.contains("Heads up</p>"))
        #expect(html.contains("<p>Docsy <strong>alert</strong>.</p>"))
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-caution\">") && html.contains("<p>hugo-book hint.</p>"))
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-note\">") && html.contains("<p>Hextra callout.</p>"))
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-tip\">") && html.contains("Relearn title</p>"))
    }

    @Test("tabs of Docsy, hugo-book, Hextra and Relearn: radio buttons and labels that work without JavaScript, Markdown and nested shortcodes inside; titles are text")
    func tabs() async throws {
        let (html, _) = try await built("""
            {{< tabs items="JSON,YAML,<img src=x onerror=alert(1)>" >}}
            {{< tab >}}**json**{{< /tab >}}
            {{< tab >}}
            {{% hint info %}}yaml{{% /hint %}}
            {{< /tab >}}
            {{< tab >}}three{{< /tab >}}
            {{< /tabs >}}

            {{< tabpane >}}
            {{< tab header="Go" lang="go" >}}
            fmt.Println("*hi*")
            {{< /tab >}}
            {{< /tabpane >}}

            ## After the tabs
            """)
        #expect(html.contains("<div class=\"tabs\">"))
        #expect(html.contains("<input type=\"radio\" class=\"tab-input\" name=\"tabs-1\" id=\"tabs-1-1\" checked><label class=\"tab-label\" for=\"tabs-1-1\">JSON</label><div class=\"tab-panel\">"))
        #expect(html.contains("id=\"tabs-1-2\"><label class=\"tab-label\" for=\"tabs-1-2\">YAML</label>"))
        #expect(html.contains("<strong>json</strong>"))
        #expect(html.contains("for=\"tabs-1-3\">&lt;img src=x onerror=alert(1)&gt;</label>"))
        #expect(html.contains("markdown-alert-note") && html.contains("yaml"))
        // Docsy's tabpane shows its tabs' text as code in the tab's language.
        #expect(html.contains("for=\"tabs-2-1\">Go</label><div class=\"tab-panel\"><pre><code class=\"language-go\">"))
        #expect(html.contains("*hi*") && !html.contains("<em>hi</em>"))
        #expect(html.contains("<h2 id=\"after-the-tabs\">After the tabs"))
    }

    @Test("cards, columns, steps and buttons")
    func layoutComponents() async throws {
        let (html, _) = try await built("""
            {{< cards >}}
            {{< card link="/b/" title="Bee" subtitle="A page" >}}
            {{< /cards >}}

            {{% columns ratio="1:2" %}}
            - ### Left
              One.
            - ### Right
              Two.
            {{% /columns %}}

            {{% steps %}}
            ### First
            Do this.
            ### Second
            Then that.
            {{% /steps %}}

            {{< button href="https://example.org" >}}Go **there**{{< /button >}}
            """)
        #expect(html.contains("<div class=\"cards\">") && html.contains("<a class=\"card\" href=\"/b/\"><p class=\"card-title\">Bee</p><p class=\"card-subtitle\">A page</p></a>"))
        #expect(html.contains("<div class=\"columns\" style=\"--column-1: 1; --column-2: 2\">\n<ul>"))
        #expect(html.contains("<div class=\"steps\">\n<h3 id=\"first\">First</h3>"))
        #expect(html.contains("<a class=\"button\" href=\"https://example.org\" rel=\"noopener\">Go <strong>there</strong></a>"))
    }

    @Test("a site's own shortcodes: templates/shortcodes/NAME.mustache with named and positional params, rendered inner, page and site")
    func ownShortcodes() async throws {
        let (html, warnings) = try await built("""
            ---
            title: Own
            ---
            {{< note kind="tip" >}}Inner **bold**{{< /note >}} and {{< say hello >}}.
            """, files: [
                "templates/shortcodes/note.mustache": "<aside class=\"{{params.kind}}\">{{{inner}}}<small>{{page.title}} · {{site.title}}</small></aside>",
                "templates/shortcodes/say.mustache": "<b>{{params.0}}{{#positional}}!{{/positional}}</b>",
                "sitegen.yml": "title: Site\n",
            ])
        #expect(warnings.isEmpty)
        #expect(html.contains("<aside class=\"tip\"><p>Inner <strong>bold</strong></p>\n<small>Own · Site</small></aside>"))
        #expect(html.contains("<b>hello!</b>"))
    }

    @Test("math: inline and display formulas become MathML; prices stay text; a formula that cannot be read is a warning at its line, shown as code")
    func math() async throws {
        let (html, warnings) = try await built("""
            Euler $e^{i\\pi}+1=0$, for $5 and $10.

            $$
            \\frac{a}{b}
            $$

            {{< katex display=true >}}x^2{{< /katex >}}

            Bad $\\frac{1}{$ formula.
            """)
        #expect(html.contains("<p>Euler <math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><msup><mi>e</mi>"))
        #expect(html.contains(", for $5 and $10.</p>"))
        #expect(html.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\"><semantics><mrow><mfrac><mi>a</mi><mi>b</mi></mfrac></mrow><annotation encoding=\"application/x-tex\">\\frac{a}{b}</annotation>"))
        #expect(html.contains("display=\"block\"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow>"))
        #expect(html.contains("<code class=\"math-error\">\\frac{1}{</code>"))
        #expect(warnings == ["content/a.md:9: formula not rendered: this { is not closed; shown as written"])
    }

    @Test("shortcodes in code blocks and spans stay as written; a shortcode nothing knows is one warning naming it, its inner calls run")
    func untouchedAndUnknown() async throws {
        let (html, warnings) = try await built("""
            ---
            author: Ann
            ---
            ```
            {{< figure src="x.png" >}} $x$
            ```

            `{{< figure src="y.png" >}}`

            {{< mystery >}}{{< param author >}}{{< /mystery >}}
            """)
        #expect(html.contains("<pre><code>{{&lt; figure src=&quot;x.png&quot; &gt;}} $x$\n</code></pre>"))
        #expect(html.contains("<code>{{&lt; figure src=&quot;y.png&quot; &gt;}}</code>"))
        #expect(html.contains("{{&lt; mystery &gt;}}Ann{{&lt; /mystery &gt;}}"))
        #expect(warnings.count == 1 && warnings[0].hasPrefix("content/a.md:10: 1 Hugo shortcode") && warnings[0].hasSuffix("named mystery"))
    }

    @Test("a call on lines of its own keeps the file's lines: a broken link after shortcodes and formulas is reported at its own line")
    func linesKept() async throws {
        let (_, warnings) = try await built("""
            {{% hint %}}
            Text.
            {{% /hint %}}
            $$
            x
            $$
            {{< highlight go >}}
            a
            {{< /highlight >}}
            [broken](missing.md)
            """)
        #expect(warnings.contains { $0.hasPrefix("content/a.md:10:") }, "\(warnings)")
    }

    @Test("hostile shortcodes: nesting past the limit is an error at its line; thousands of calls and unclosed tags build in linear work")
    func hostile() async throws {
        let site = try TestSite()
        let depth = 10_000
        try site.write(String(repeating: "{{< details >}}\n", count: depth) + String(repeating: "{{< /details >}}\n", count: depth),
                       to: "content/deep.md")
        await #expect(throws: (any Error).self) { try await site.build() }
        do {
            _ = try await site.build()
        } catch {
            #expect("\(error)".contains("content/deep.md:\(Limits.shortcodeDepth + 1): shortcodes nest more than"))
        }
        let many = String(repeating: "{{< figure src=\"a.png\" >}} {{< details >}}x{{< /details >}} {{< tabs >}}\n", count: 3_000)
        let (html, _) = try await built(many)
        #expect(html.components(separatedBy: "<figure>").count == 3_001)
    }

    @Test("in a live build, a changed shortcode template or data file renders the pages that use it again")
    func liveBuild() async throws {
        let site = try TestSite()
        try site.write("Hello {{< greet >}} {{< param colour >}}.\n", to: "content/a.md")
        try site.write("<b>one</b>", to: "templates/shortcodes/greet.mustache")
        try site.write("colour: red\n", to: "sitegen.yml")
        let live = LiveSiteBuilder(site: Site(), root: site.root)
        try await live.build()
        #expect(try site.page("a/index.html").contains("<p>Hello <b>one</b> red.</p>"))
        let template = try site.write("<b>two</b>", to: "templates/shortcodes/greet.mustache")
        try await live.build(changed: [template.path])
        #expect(try site.page("a/index.html").contains("<p>Hello <b>two</b> red.</p>"))
    }

    @Test("a shortcode whose output calls itself is not run again: its own tag is text, once")
    func recursiveShortcodes() async throws {
        let (html, _) = try await built("{{< again >}}\n", files: [
            "layouts/shortcodes/again.html": "<i>{{ `{{< again >}}` | safeHTML }}</i>",
        ])
        #expect(html.contains("<i>{{< again >}}</i>"))
    }

    @Test("a page whose shortcodes make more than 16 MB is an error at the call that goes over")
    func expansionLimit() async throws {
        let site = try TestSite()
        try site.write("# Big\n\n" + String(repeating: "{{< readfile \"big.txt\" >}}\n", count: 20), to: "content/a.md")
        try site.write(String(repeating: "a", count: 1_000_000), to: "content/big.txt")
        do {
            _ = try await site.build()
            Issue.record("the build should fail")
        } catch {
            #expect("\(error)".contains("content/a.md:18: the page grows past 16 MB with its shortcodes (Limits: expanded page size)"), "\(error)")
        }
    }
}
