import Foundation
import Sitegen
import Testing

/// Titles as other generators' content writes them, template tags of other generators left in
/// the text, and mdBook's includes.
@Suite("Titles, foreign template tags and mdBook includes")
struct ForeignTitlesTests {
    /// The texts of the page's `<h1>` elements, tags dropped.
    static func headingsOne(_ html: String) -> [String] {
        html.components(separatedBy: "<h1").dropFirst().compactMap { part -> String? in
            guard let start = part.firstIndex(of: ">"), let end = part.range(of: "</h1>") else { return nil }
            return String(part[part.index(after: start)..<end.lowerBound])
                .replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        }
    }

    // MARK: Titles

    @Test("a page that opens with `# Title` and has no title key shows the title once, in each bundled theme",
          arguments: ["default", "docs"])
    func titleOnceInEachTheme(theme: String) async throws {
        let site = try TestSite()
        try site.write("title: Notes\ntheme: \(theme)\n", to: "sitegen.yml")
        try site.write("<!-- a comment first -->\n# Getting *Started*\n\nFirst words.\n\n## Install\n\nMore.\n\n## Use\n",
                       to: "content/guide.md")
        try await site.build()
        let html = try site.page("guide/index.html")
        #expect(Self.headingsOne(html) == ["Getting Started"])
        // The theme's heading keeps the id the content's had, so links to it still lead somewhere.
        #expect(html.contains("<h1 id=\"getting-started\">Getting Started</h1>"))
        #expect(html.contains("<title>Getting Started · Notes</title>"))
        #expect(html.contains("<h2 id=\"install\">Install</h2>"))
        #expect(html.contains("<p>First words.</p>"))
    }

    @Test("a title key and a first heading of the same text show once; of different texts, both")
    func titleKeyAndHeading() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Same Title\n---\n# Same title!\n\nText.\n", to: "content/same.md")
        try site.write("---\ntitle: The page\n---\n# Another heading\n\nText.\n", to: "content/other.md")
        try site.write("---\ntitle: Moved\n---\nA note before the heading.\n\n# Moved\n\nText.\n", to: "content/later.md")
        try await site.build()
        #expect(Self.headingsOne(try site.page("same/index.html")) == ["Same Title"])
        #expect(Self.headingsOne(try site.page("other/index.html")) == ["The page", "Another heading"])
        let later = try site.page("later/index.html")
        #expect(Self.headingsOne(later) == ["Moved"])
        #expect(later.contains("<p>A note before the heading.</p>"))
    }

    @Test("a page with no level-1 heading takes its first heading as its title, then the file name")
    func firstHeadingFallback() async throws {
        let site = try TestSite()
        try site.write("## Data types\n\nEvery value has a type.\n\n## Scalars\n", to: "content/ch03-02-data-types.md")
        try site.write("Some words first.\n\n### A part\n\nText.\n", to: "content/later-heading.md")
        try site.write("No heading at all.\n", to: "content/plain-notes.md")
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root)).buildInMemory()
        let titles = Dictionary(uniqueKeysWithValues: build.pages.map { ($0.page.sourcePath, $0.title) })
        #expect(titles["ch03-02-data-types.md"] == "Data types")
        #expect(titles["later-heading.md"] == "A part")
        #expect(titles["plain-notes.md"] == "Plain notes")
        let chapter = try #require(build.text(at: "ch03-02-data-types/index.html"))
        #expect(Self.headingsOne(chapter) == ["Data types"])
        #expect(!chapter.contains("<h2 id=\"data-types\">"))
        #expect(chapter.contains("<h2 id=\"scalars\">Scalars</h2>"))
        // A heading further down heads a part of the page: it stays where it is.
        #expect(try #require(build.text(at: "later-heading/index.html")).contains("<h3 id=\"a-part\">A part</h3>"))
    }

    @Test("a section's index that opens with its title heading shows it once, keeps its id for links, and names the section")
    func sectionTitleOnce() async throws {
        let site = try TestSite()
        try site.write("# The Guide\n\nAbout the guide. [Top](#the-guide)\n", to: "content/guide/_index.md")
        try site.write("# One\n\nText.\n", to: "content/guide/one.md")
        let summary = try await site.build()
        let list = try site.page("guide/index.html")
        #expect(Self.headingsOne(list) == ["The Guide"])
        #expect(list.contains("<a id=\"the-guide\"></a>\n<p>About the guide."))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root)).buildInMemory()
        #expect(LinkChecker(build: build, layout: SiteLayout(root: site.root), baseURL: build.baseURL).problems().isEmpty)
        #expect(try site.page("guide/one/index.html").contains("<a href=\"/guide/\">The Guide</a>"))
    }

    @Test("the Markdown library keeps the first heading unless asked, and leaves it out only when it is the title")
    func markdownLibraryKeepsHeading() throws {
        let text = "# Title\n\nText with a [link](x.md).\n"
        #expect(try MarkdownParser().parse(text).html == "<h1>Title</h1>\n<p>Text with a <a href=\"x.md\">link</a>.</p>\n")
        var parser = MarkdownParser(options: .init(titleHeading: .omit(given: nil)))
        parser.addModifier(Modifier(target: .headings) { input in "<section>" + input.html + "</section>" })
        parser.addModifier(Modifier(target: .links) { input in input.html.uppercased() })
        let omitted = try parser.parse(text)
        #expect(omitted.html == "<p>Text with a <A HREF=\"X.MD\">LINK</A>.</p>\n")
        #expect(omitted.omittedHeading == Heading(level: 1, text: "Title", id: "title"))
        #expect(omitted.title == "Title")
        let different = try MarkdownParser(options: .init(titleHeading: .omit(given: "Other"))).parse(text)
        #expect(different.html.hasPrefix("<h1>Title</h1>"))
        #expect(different.omittedHeading == nil)
    }

    @Test("a site without a configured title takes its home page's heading, else a name that is not `src`")
    func siteTitle() async throws {
        let site = try TestSite()
        try site.write("# Field Notes\n\nWelcome.\n", to: "content/_index.md")
        try site.write("Text.\n", to: "content/a.md")
        try await site.build()
        #expect(try site.page("a/index.html").contains("<title>A · Field Notes</title>"))

        let book = try TestSite()
        try book.write("Chapter text.\n", to: "async-notes/src/chapter.md")
        let folder = book.root.appendingPathComponent("async-notes/src")
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: folder)).buildInMemory()
        #expect(try #require(build.text(at: "chapter/index.html")).contains("<title>Chapter · Async notes</title>"))

        let titled = try TestSite()
        try titled.write("title: Configured\n", to: "sitegen.yml")
        try titled.write("# Home heading\n", to: "content/_index.md")
        try titled.write("Text.\n", to: "content/a.md")
        try await titled.build()
        #expect(try titled.page("a/index.html").contains("<title>A · Configured</title>"))
    }

    @Test("in a live build, a new heading of the top-level README renames the site on every page")
    func siteTitleFollowsReadme() async throws {
        let site = try TestSite()
        try site.write("# Old Name\n\nAbout.\n", to: "content/README.md")
        try site.write("Text.\n", to: "content/a.md")
        let live = LiveSiteBuilder(site: Site(), root: site.root)
        try await live.build()
        #expect(try site.page("a/index.html").contains("<title>A · Old Name</title>"))
        try site.write("# New Name\n\nAbout.\n", to: "content/README.md")
        try await live.build(changed: [site.root.appendingPathComponent("content/README.md").path])
        #expect(try site.page("a/index.html").contains("<title>A · New Name</title>"))
    }

    // MARK: Template tags of other generators

    @Test("other generators' tags left as text give one warning per kind, with the count, the first place and the shortcodes' names")
    func templateTagWarnings() async throws {
        let site = try TestSite()
        try site.write("""
            # Shortcodes

            {{< figure src="a.png" >}} and {{% unknown-alert %}}Careful{{% /unknown-alert %}}

            ```
            {{< in-code >}} {% in_code %}
            ```

            Inline `{{< in-span >}}` stays, and so does the escaped {{</* tab */>}}.

            {{< unknown-pane >}}{{< /unknown-pane >}}
            """, to: "content/a.md")
        try site.write("""
            ---
            title: B
            ---
            Text {{ page.title }} and {% include "x.njk" %} and {%/* zola escape */%}.

            {% raw %}{{ not counted }}{% endraw %}

            {{< last >}}
            """, to: "content/b.md")
        try site.write("{{#playground example.rs}}\n", to: "content/c.md")
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "content/a.md:3: 3 Hugo shortcodes ({{< … >}}, {{% … %}}) left as text in 2 pages, the first here: "
                + "no built-in, theme component or shortcode file sitegen can run is named last, unknown-alert, unknown-pane",
            "content/b.md:4: 2 Liquid, Nunjucks or Zola tags ({% … %}, {{ … }}) left as text in 1 page, the first here; "
                + "sitegen shows other generators' tags as written",
            "content/c.md:1: 1 mdBook tag ({{#playground}}, {{#title}}, {{#template}}) left as text in 1 page, the first here; "
                + "sitegen shows other generators' tags as written",
        ])
        let html = try site.page("a/index.html")
        // The figure is a built-in; the shortcodes nothing knows stay as written.
        #expect(html.contains("<p><figure><img src=\"a.png\" alt=\"\" loading=\"lazy\" decoding=\"async\"></figure> and "
                              + "{{% unknown-alert %}}Careful{{% /unknown-alert %}}</p>"))
        // Hugo shows an escaped shortcode as the shortcode's text.
        #expect(html.contains("the escaped {{&lt; tab &gt;}}.</p>"))
        // What `{% raw %}` holds shows as written, without the raw tags.
        #expect(try site.page("b/index.html").contains("<p>{{ not counted }}</p>"))
    }

    // MARK: mdBook includes

    @Test("mdBook includes bring in a whole file, line ranges and anchors, without the anchor lines")
    func includes() async throws {
        let site = try TestSite()
        try site.write("""
            use std::io;
            // ANCHOR: main
            fn main() {
                // ANCHOR: body
                println!("hi");
                // ANCHOR_END: body
            }
            // ANCHOR_END: main
            fn other() {}

            """, to: "examples/lib.rs")
        try site.write("""
            # Code

            ```rust
            {{#include ../../examples/lib.rs:main}}
            ```

            ```rust
            {{#include ../../examples/lib.rs:1:1}}
            ```

            ```rust
            {{#include ../../examples/lib.rs:9:}}
            ```

            ```rust
            {{#include ../../examples/lib.rs::1}}
            ```

            ```rust
            {{#rustdoc_include ../../examples/lib.rs:body}}
            ```

            Whole: {{#include part.md}}

            Written out: \\{{#include part.md}}
            """, to: "content/book/code.md")
        try site.write("an *included* part", to: "content/book/part.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        let html = try site.page("book/code/index.html").withoutSpans
        #expect(html.contains("<pre><code class=\"language-rust\">fn main() {\n    println!(&quot;hi&quot;);\n}\n</code></pre>"))
        #expect(html.contains("<pre><code class=\"language-rust\">use std::io;\n</code></pre>"))
        #expect(html.contains("<pre><code class=\"language-rust\">fn other() {}\n</code></pre>"))
        #expect(html.contains("<pre><code class=\"language-rust\">    println!(&quot;hi&quot;);\n</code></pre>"))
        #expect(html.contains("<p>Whole: an <em>included</em> part</p>"))
        #expect(html.contains("<p>Written out: {{#include part.md}}</p>"))
        #expect(!html.contains("ANCHOR"))
    }

    @Test("an include of a file outside the site folder is refused unless followLinksOutside, and a missing file is a warning")
    func includesOutsideRefused() async throws {
        let holder = try TestSite()
        try holder.write("secret words\n", to: "secret.txt")
        try holder.write("# Page\n\nBefore.\n\n{{#include ../../../secret.txt}}\n\n{{#include missing.rs:2:3}}\n", to: "site/content/a/page.md")
        let root = holder.root.appendingPathComponent("site")
        let output = holder.root.appendingPathComponent("out")
        let summary = try await SiteBuilder(site: Site(), layout: SiteLayout(root: root, output: output)).build()
        let html = try String(contentsOf: output.appendingPathComponent("a/page/index.html"), encoding: .utf8)
        #expect(!html.contains("secret words"))
        #expect(html.contains("<p>{{#include ../../../secret.txt}}</p>"))
        let real = holder.root.appendingPathComponent("secret.txt").resolvingSymlinksInPath().path
        #expect(summary.warnings.map(\.description) == [
            "content/a/page.md:5: `{{#include ../../../secret.txt}}` reads \(real), outside the site folder; "
                + "set `followLinksOutside: true` in sitegen.yml to allow it; left as text",
            "content/a/page.md:7: `{{#include missing.rs:2:3}}` names no file: missing.rs is not there; left as text",
        ])

        try holder.write("followLinksOutside: true\n", to: "site/sitegen.yml")
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: root, output: output)).build()
        #expect(try String(contentsOf: output.appendingPathComponent("a/page/index.html"), encoding: .utf8)
            .contains("<p>secret words</p>"))
    }

    @Test("an edit to an included file renders the page that includes it again in a live build")
    func includedFileEdit() async throws {
        let site = try TestSite()
        try site.write("fn one() {}\n", to: "code/one.rs")
        try site.write("# Page\n\n```rust\n{{#include ../code/one.rs}}\n```\n", to: "content/page.md")
        let live = LiveSiteBuilder(site: Site(), root: site.root)
        try await live.build()
        #expect(try site.page("page/index.html").withoutSpans.contains("fn one() {}"))
        // A different size, so that the change shows even within one tick of the clock.
        try site.write("fn two_and_more() {}\n", to: "code/one.rs")
        try await live.build(changed: [site.root.appendingPathComponent("code/one.rs").path])
        let html = try site.page("page/index.html").withoutSpans
        #expect(html.contains("fn two_and_more() {}"))
        #expect(!html.contains("fn one() {}"))
    }
}
