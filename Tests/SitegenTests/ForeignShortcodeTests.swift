import Foundation
import SitegenMarkdown
import Testing
@testable import Sitegen

/// The shortcode and include files a site already has from Hugo, Zola or Jekyll run as their
/// generator runs them, and Jekyll's pages run their Liquid.
@Suite("Other generators' shortcode files and Liquid pages")
struct ForeignShortcodeTests {
    @Test("a Hugo shortcode reads the site's data files (.Site.Data, site.Data), and a page shows a data file's change")
    func hugoShortcodeReadsData() async throws {
        let site = try TestSite()
        try site.write("title = 'Hugo'\n[params]\nnote = 'a param'\n", to: "hugo.toml")
        try site.write("release:\n  version: 1.4.2\nmirrors: [eu, us]\n", to: "data/project.yaml")
        try site.write("{{ .Site.Data.project.release.version }}|{{ site.Data.project.release.version }}|"
                       + "{{ range .Site.Data.project.mirrors }}<i>{{ . }}</i>{{ end }}|{{ .Site.Params.note }}", to: "layouts/shortcodes/release.html")
        try site.write("---\ntitle: Download\n---\nGet {{< release >}}.\n", to: "content/download.md")
        try await site.build()
        #expect(try site.page("download/index.html").contains("<p>Get 1.4.2|1.4.2|<i>eu</i><i>us</i>|a param.</p>"))
        // The page's parse read the data: a live build after the data file changed shows the new value.
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        try await harness.rebuild(changing: ["data/project.yaml"]) { try site.write("release:\n  version: 1.5.0\n", to: "data/project.yaml") }
        #expect(try site.page("download/index.html").contains("<p>Get 1.5.0|1.5.0||a param.</p>"))
    }

    @Test("a Hugo site's shortcode files run (the site's before its theme's); one that uses what sitegen does not run is one warning at its line")
    func hugoShortcodeFiles() async throws {
        let site = try TestSite()
        try site.write("baseURL = 'https://example.org/'\ntitle = 'Hugo'\ntheme = 'plain'\n", to: "hugo.toml")
        try site.write("""
            ---
            title: Quotes
            ---
            {{< quote author="Ann" >}}Be *kind*.{{< /quote >}}

            {{< video "clip.mp4" >}}

            {{< fancy >}}
            """, to: "content/a.md")
        try site.write("""
            {{- $who := .Get "author" | default "someone" -}}
            <blockquote class="quote">{{ .Inner | markdownify }}<cite>{{ $who }} on {{ .Page.Title }}</cite></blockquote>
            """, to: "layouts/shortcodes/quote.html")
        try site.write("<p>theme's own quote</p>", to: "themes/plain/layouts/shortcodes/quote.html")
        try site.write("<video src=\"{{ .Get 0 }}\" controls></video>", to: "themes/plain/layouts/_shortcodes/video.html")
        try site.write("<div>\n{{ partial \"fancy.html\" . }}\n</div>", to: "themes/plain/layouts/shortcodes/fancy.html")
        let summary = try await site.build()
        let html = try site.page("a/index.html")
        #expect(html.contains("<blockquote class=\"quote\">Be <em>kind</em>.<cite>Ann on Quotes</cite></blockquote>"))
        #expect(html.contains("<video src=\"clip.mp4\" controls></video>"))
        #expect(html.contains("<p>{{&lt; fancy &gt;}}</p>"))
        let warnings = summary.warnings.map(\.description)
        #expect(warnings.contains("themes/plain/layouts/shortcodes/fancy.html:2: shortcode `fancy` uses partial, which sitegen does not run; "
                                  + "its calls are shown as written"), "\(warnings)")
    }

    @Test("a shortcode file that is not UTF-8 is named at its line, its calls shown as written")
    func shortcodeFileNotUTF8() async throws {
        let site = try TestSite()
        try site.write("title = \"H\"\n", to: "hugo.toml")
        try site.write("# A\n\n{{< caf >}}\n", to: "content/a.md")
        try site.write("", to: "layouts/shortcodes/caf.html")
        try (Data("<p>\nCaf".utf8) + Data([0xE9, 0x0A])).write(to: site.root.appendingPathComponent("layouts/shortcodes/caf.html"))
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description).contains("layouts/shortcodes/caf.html:2: shortcode `caf` could not run: is not UTF-8 text: "
                                                              + "this line holds the byte 0xE9, which UTF-8 does not allow here; save the file as "
                                                              + "UTF-8; its calls are shown as written"), "\(summary.warnings)")
        #expect(try site.page("a/index.html").contains("<p>{{&lt; caf &gt;}}</p>"))
    }

    @Test("a Zola site's shortcode files run with their arguments, body, nth and page; .md shortcodes give Markdown")
    func zolaShortcodeFiles() async throws {
        let site = try TestSite()
        try site.write("base_url = \"https://example.org\"\ntitle = \"Zola\"\n", to: "config.toml")
        try site.write("""
            +++
            title = "Notes"
            +++
            {% note(kind="tip", open=true) %}
            Body with **bold**.
            {% end %}

            {{ badge(text="New", count=3) }} {{ badge(text="Old", count=1) }}

            {{ md_quote(who="Bo") }}
            """, to: "content/a.md")
        try site.write("<aside class=\"{{ kind }}\">{% if open %}open {% endif %}{{ body | markdown | safe }}</aside>",
                       to: "templates/shortcodes/note.html")
        try site.write("<span class=\"badge\">{{ text }} {{ count + 1 }} #{{ nth }} {{ page.title }}</span>", to: "templates/shortcodes/badge.html")
        try site.write("> *{{ who }}* said so", to: "templates/shortcodes/md_quote.md")
        _ = try await site.build()
        let html = try site.page("a/index.html")
        #expect(html.contains("<aside class=\"tip\">open <p>Body with <strong>bold</strong>.</p>\n</aside>"))
        #expect(html.contains("<span class=\"badge\">New 4 #1 Notes</span> <span class=\"badge\">Old 2 #2 Notes</span>"))
        #expect(html.contains("<blockquote>\n<p><em>Bo</em> said so</p>\n</blockquote>"))
    }

    @Test("a Jekyll site's pages run their Liquid: site.posts, site.data, includes with parameters, highlight, post_url, link, filters")
    func jekyllLiquid() async throws {
        let site = try TestSite()
        try site.write("title: Jekyll blog\nurl: https://example.org\nversion: 1.2\n", to: "_config.yml")
        try site.write("---\ntitle: First\ncategory: News\n---\nHello from the first post.\n\nMore.\n", to: "_posts/2024-01-02-first.md")
        try site.write("---\ntitle: Second\ncategories: [News, Releases]\ntags: growth  team\tweb\n---\nThe second.\n", to: "_posts/2024-02-03-second.md")
        try site.write("stable: \"1.17\"\nversions: [\"1.16\", \"1.17\"]\n", to: "_data/elixir.yml")
        try site.write("v1_18:\n  name: v1.18\nv1_17:\n  name: v1.17\n", to: "_data/releases.yml")
        try site.write("<span class=\"note\">{{ include.text | upcase }}</span>", to: "_includes/note.html")
        try site.write("""
            ---
            title: About
            ---
            Version {{ site.version }}, stable {{ site.data.elixir.stable }}.

            {% include note.html text="careful" %}

            {% for post in site.posts %}- [{{ post.title }}]({{ post.url }}) on {{ post.date | date: "%B %-d, %Y" }}
            {% endfor %}
            Newest: [link]({% post_url 2024-02-03-second %}); about: {% link about.md %}.

            {% highlight ruby %}
            puts "{{ 1 | plus: 1 }}"
            {% endhighlight %}

            {% raw %}{{ kept }}{% endraw %}

            Releases ({{ site.data.releases | size }}): {% for release in site.data.releases %}{{ release[0] }}={{ release[1].name }} {% endfor %}
            """, to: "about.md")
        try site.write("""
            ---
            title: Releases
            ---
            <ul>{% for post in site.categories["Releases"] %}<li>{{ post.title }}</li>{% endfor %}</ul>
            {% for post in site.posts %}{% for tag in post.tags %}<span>#{{ tag }}</span>{% endfor %}{% endfor %}
            """, to: "releases.html")
        let summary = try await site.build()
        let about = try site.page("about.html")
        #expect(about.contains("<p>Version 1.2, stable 1.17.</p>"))
        #expect(about.contains("<span class=\"note\">CAREFUL</span>"))
        #expect(about.contains("<li><a href=\"/news/releases/2024/02/03/second.html\">Second</a> on February 3, 2024</li>"))
        #expect(about.contains("<li><a href=\"/news/2024/01/02/first.html\">First</a> on January 2, 2024</li>"))
        #expect(about.contains("Newest: <a href=\"/news/releases/2024/02/03/second.html\">link</a>; about: /about.html."))
        #expect(about.contains("<pre><code class=\"language-ruby\">") && about.contains("2"))
        #expect(about.contains("{{ kept }}"))
        // A data file's map is walked as [key, value] pairs, in the file's order, as Jekyll does.
        #expect(about.contains("Releases (2): v1_18=v1.18 v1_17=v1.17"))
        #expect(try site.page("releases.html").contains("<ul><li>Second</li></ul>"))
        // Jekyll reads a text of tags as words.
        #expect(try site.page("releases.html").contains("<span>#growth</span><span>#team</span><span>#web</span>"))
        #expect(try site.page("tags/team/index.html").contains("Second"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("site.url and site.baseurl are as _config.yml writes them, as Jekyll gives them (baseurl: / stays /)")
    func jekyllSiteURL() async throws {
        let page = "---\ntitle: A\n---\n[i]({{ site.url }}/install.sh) [b]({{ site.baseurl }}/x/) <{{ site.url }}{{ site.baseurl }}>\n"
        for (config, expected) in [
            ("url: https://elixir-lang.org\n", "<a href=\"https://elixir-lang.org/install.sh\">i</a> <a href=\"/x/\">b</a> <a href=\"https://elixir-lang.org\">"),
            ("url: https://x.org:8080\nbaseurl: /blog\n", "<a href=\"https://x.org:8080/install.sh\">i</a> <a href=\"/blog/x/\">b</a> <a href=\"https://x.org:8080/blog\">"),
            ("url: https://x.org\nbaseurl: /\n", "<a href=\"https://x.org/install.sh\">i</a> <a href=\"//x/\">b</a> <a href=\"https://x.org/\">"),
            ("", "<a href=\"/install.sh\">i</a> <a href=\"/x/\">b</a> &lt;&gt;"),
        ] {
            let site = try TestSite()
            try site.write("title: J\n" + config, to: "_config.yml")
            try site.write(page, to: "a.md")
            try await site.build()
            #expect(try site.page("a.html").contains(expected), "\(config)")
        }
        #expect(JekyllLiquid.urlParts(of: "https://x.org/a/b/") == ("https://x.org", "/a/b"))
        #expect(JekyllLiquid.urlParts(of: "/") == ("", ""))
    }

    /// The HTML of `page` as `a.md` of a Jekyll site, and as a page of a site of sitegen's own.
    private static func jekyllAndPlain(_ page: String) async throws -> (jekyll: String, plain: String) {
        let site = try TestSite()
        try site.write("title: J\n", to: "_config.yml")
        try site.write(page, to: "a.md")
        try await site.build()
        let plain = try TestSite()
        try plain.write(page, to: "content/a.md")
        try await plain.build()
        return (try site.page("a.html"), try plain.page("a/index.html"))
    }

    @Test("kramdown's markdown=\"1\" elements hold Markdown in a Jekyll site, nested too; raw ones, code and unclosed ones stay")
    func kramdownMarkdownElements() async throws {
        let page = """
            ---
            title: A
            ---
            <div class="links" markdown="1">
              - [Start](/start/) *now*
              <div class='sub' markdown='1'>
              **Deeper**
              </div>
            <div class="raw">
            *raw*
            </div>
            </div>

            <section markdown="block">
            Never *closed*

            ```html
            <div markdown="1">
            </div>
            ```
            """
        let (html, plainHTML) = try await Self.jekyllAndPlain(page)
        #expect(html.contains("<div class=\"links\">\n<ul>\n<li><a href=\"/start/\">Start</a> <em>now</em></li>\n</ul>\n  <div class='sub'>\n<p><strong>Deeper</strong></p>\n  </div>\n<div class=\"raw\">\n*raw*\n</div>\n</div>"))
        // Never closed: closed at the page's end, as kramdown closes it.
        #expect(html.contains("<section>\n<p>Never <em>closed</em></p>"))
        #expect(html.contains("</code></pre>\n</section>"))
        #expect(html.contains("<span class=\"na\">markdown</span><span class=\"o\">=</span><span class=\"s\">&quot;1&quot;</span>"))
        #expect(plainHTML.contains("<div class=\"links\" markdown=\"1\">"))
        // An inner element never closed closes with the one around it; 20,000 never closed cost one pass.
        var fragments = HTMLFragments()
        let inner = KramdownHTMLBlocks.rewritten("<div markdown=\"1\">\n<section markdown=\"1\">\n*a*\n</DIV >\n", fragments: &fragments)
        #expect(inner != nil && fragments.html == ["<div>", "<section>", "</section></div>"])
        let many = String(repeating: "<div markdown=\"1\">\n", count: 20_000)
        var more = HTMLFragments()
        #expect(KramdownHTMLBlocks.rewritten(many[...], fragments: &more) != nil)
        #expect(more.html.count == 20_001 && more.html.last == String(repeating: "</div>", count: 20_000))
    }

    @Test("kramdown's HTML blocks in a Jekyll site: blank lines (one a Liquid if left) keep them whole, text after them is Markdown")
    func kramdownRawHTMLBlocks() async throws {
        let page = """
            ---
            title: A
            ---
            Intro

            <div class="box">
              <p>one</p>

                <p>two</p>
            {% if true %}
                <SPAN>three</SPAN>
            {% endif %}
            <div class="inner">

            </div>
            </DIV>
            After *this*

            <span>inline</span>

            <section>
            Never *closed*

            ```html
            <div>

            </div>
            ```
            """
        let (html, plainHTML) = try await Self.jekyllAndPlain(page)
        #expect(html.contains("<p>Intro</p>\n<div class=\"box\">\n  <p>one</p>\n\n    <p>two</p>\n\n    <SPAN>three</SPAN>\n\n<div class=\"inner\">\n\n</div>\n</DIV>\n<p>After <em>this</em></p>"))
        #expect(!html.contains("&lt;p&gt;two"))
        #expect(html.contains("<p><span>inline</span></p>"))
        // Never closed: read as CommonMark reads it; code stays code.
        #expect(html.contains("<section>\nNever *closed*"))
        #expect(html.contains("<pre><code class=\"language-html\">"))
        // Other sites read CommonMark's way.
        #expect(plainHTML.contains("<pre><code>&lt;p&gt;two&lt;/p&gt;"))
        // Thousands of elements never closed cost a bounded look each.
        var fragments = HTMLFragments()
        let many = String(repeating: "<div>\n\n", count: 20_000)
        #expect(KramdownRawHTML.rewritten(many[...], fragments: &fragments) == nil)
        let closed = "<div>\n\n</div>\n" + String(repeating: "<p>\n\n</p>\n", count: 3)
        #expect(KramdownRawHTML.rewritten(closed[...], fragments: &fragments) != nil && fragments.html.count == 4)
        // Not in a list item, nor inside HTML CommonMark reads on: there the comment's blank lines would end them.
        for kept in ["1. step\n\n   <details>\n\n   body\n\n   </details>\n\n2. next\n", "<div>\n<div>\n\ne\n</div>\nafter *c*\n",
                     "- item\n  <div>\n\n  x\n  </div>\n"] {
            var none = HTMLFragments()
            #expect(KramdownRawHTML.rewritten(kept[...], fragments: &none) == nil, "\(kept)")
        }
    }

    @Test("include_relative brings in a file from the page's folder, with parameters; one that climbs out or is missing is a warning")
    func jekyllIncludeRelative() async throws {
        let site = try TestSite()
        try site.write("title: J\n", to: "_config.yml")
        try site.write("Shared *text* for {{ include.who }} on {{ page.title }}.\n", to: "docs/_shared.md")
        try site.write("# Inside\n", to: "_includes/_shared.md")
        try site.write("---\ntitle: Guide\n---\n{% include_relative _shared.md who=\"you\" %}\n\n{% include _shared.md %}\n", to: "docs/guide.md")
        try site.write("---\ntitle: Up\n---\n{% include_relative ../secret.md %}\n", to: "docs/up.md")
        try site.write("SECRET\n", to: "secret.md")
        let summary = try await site.build()
        let guide = try site.page("docs/guide.html")
        #expect(guide.contains("<p>Shared <em>text</em> for you on Guide.</p>"))
        #expect(guide.contains("<h1 id=\"inside\">Inside</h1>"))
        #expect(!(try site.page("docs/up.html")).contains("SECRET"))
        #expect(summary.warnings.map(\.description).contains { $0.contains("docs/up.md:4") && $0.contains("../secret.md") })
    }

    @Test("Hugo's T and i18n give the site's words, then its theme's, in the page's language; nothing for a key without one")
    func hugoTranslations() async throws {
        let site = try TestSite()
        try site.write("""
            title = 'Hugo'
            theme = 'plain'
            defaultContentLanguage = 'en'
            [languages.en]
            weight = 1
            [languages.fr]
            weight = 2

            """, to: "hugo.toml")
        try site.write("{{ T \"greeting\" }}|{{ T \"missing\" }}|{{ T \"minutes\" 5 }}|{{ i18n \"themeWord\" }}|{{ T \"tags\" }}|{{ T \"minutes\" 1 }}",
                       to: "layouts/shortcodes/words.html")
        try site.write("[greeting]\nother = \"Hello\"\n[minutes]\none = \"one minute\"\nother = \"{{ .Count }} minutes\"\n", to: "i18n/en.toml")
        try site.write("greeting: Bonjour\n", to: "i18n/fr.yaml")
        try site.write("themeWord = \"Theme word\"\ngreeting = \"Theme hello\"\n", to: "themes/plain/i18n/en.toml")
        try site.write("themeWord = \"Mot du thème\"\n", to: "themes/plain/i18n/fr.toml")
        try site.write("---\ntitle: A\n---\n{{< words >}}\n", to: "content/a.md")
        try site.write("---\ntitle: A\n---\n{{< words >}}\n", to: "content/a.fr.md")
        let summary = try await site.build()
        // Not the bundled theme's words (`tags`); the theme's words do not replace them either.
        #expect(try site.page("a/index.html").contains("Hello||5 minutes|Theme word||one minute"))
        #expect(try site.page("fr/a/index.html").contains("Bonjour||5 minutes|Mot du thème||one minute"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("Liquid that cannot run (an include of itself, a missing include) is a warning at the page's line, and the page shows its text; an unknown tag alone is shown")
    func jekyllLiquidFailures() async throws {
        let site = try TestSite()
        try site.write("title: Jekyll blog\n", to: "_config.yml")
        try site.write("---\ntitle: A\n---\nFine.\n\n{% frobnicate page.title %}\n", to: "a.md")
        try site.write("---\ntitle: B\n---\n{% include loop.html %}\n", to: "b.md")
        try site.write("again {% include loop.html %}", to: "_includes/loop.html")
        try site.write("---\ntitle: C\n---\n{% include ../../etc/passwd %}\n", to: "c.md")
        try site.write("---\ntitle: D\n---\n[x]({% post_url 2020-01-01-gone %})\n", to: "d.md")
        let summary = try await site.build()
        let warnings = summary.warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("a.md:6: tag `frobnicate` is not one sitegen runs") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("b.md:") && $0.contains("Liquid not run") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("c.md:4: Liquid not run") }, "\(warnings)")
        #expect(warnings.contains("d.md: `{% post_url 2020-01-01-gone %}` names no post of the site"), "\(warnings)")
        #expect(try site.page("a.html").contains("<p>Fine.</p>\n<p>{% frobnicate page.title %}</p>"))
        #expect(!(try site.page("c.html")).contains("root:"))
    }
}
