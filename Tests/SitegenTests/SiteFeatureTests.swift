import Foundation
import Testing
import Sitegen

@Suite("Taxonomies, pagination, summaries, aliases, data files")
struct SiteFeatureTests {
    @Test("tags get a list page with counts and a page per term; more taxonomies come from sitegen.yml")
    func taxonomies() async throws {
        let site = try TestSite()
        try site.write("taxonomies: [tags, categories]\n", to: "sitegen.yml")
        try site.write("---\ntitle: One\ndate: 2026-01-01\ntags: [Swift, web]\ncategories: [Guides]\n---\n", to: "content/one.md")
        try site.write("---\ntitle: Two\ndate: 2026-02-01\ntags: [swift]\n---\n", to: "content/two.md")
        try await site.build()
        let tags = try site.page("tags/index.html")
        #expect(tags.contains("<li><a href=\"/tags/swift/\">Swift</a> <span class=\"count\">2</span></li>\n<li><a href=\"/tags/web/\">web</a> <span class=\"count\">1</span></li>"))
        let swift = try site.page("tags/swift/index.html")
        #expect(swift.contains("<h1>Swift <span class=\"count\">2</span></h1>"))
        let two = try #require(swift.range(of: ">Two</a>")), one = try #require(swift.range(of: ">One</a>"))
        #expect(two.lowerBound < one.lowerBound, "newest first")
        #expect(try site.page("categories/guides/index.html").contains(">One</a>"))
        #expect(try site.page("one/index.html").contains("<a href=\"/tags/web/\">web</a>"))
    }

    @Test("long lists are paginated: page 2 holds the right items, with previous and next links")
    func pagination() async throws {
        let site = try TestSite()
        for day in 1...25 {
            try site.write("---\ntitle: Post \(day)\ndate: 2026-01-\(String(format: "%02d", day))\n---\n", to: "content/posts/p\(day).md")
        }
        try site.write("---\ntitle: Notes\npaginate: 4\nsort: title\n---\n", to: "content/notes/_index.md")
        for name in ["delta", "alpha", "charlie", "bravo", "echo"] { try site.write("# \(name.capitalized)\n", to: "content/notes/\(name).md") }
        try await site.build()
        #expect(site.exists("posts/page/3/index.html"))
        #expect(!site.exists("posts/page/4/index.html"))
        let second = try site.page("posts/page/2/index.html")
        let titles = second.matches(of: #/class="page-link" href="[^"]*">([^<]*)</a>/#).map { String($0.output.1) }
        #expect(titles == (6...15).reversed().map { "Post \($0)" })
        #expect(second.contains("<a rel=\"prev\" href=\"/posts/\">← Newer</a>"))
        #expect(second.contains("<a rel=\"next\" href=\"/posts/page/3/\">Older →</a>"))
        #expect(second.contains("<li><span aria-current=\"page\">2</span></li>"))
        let notes = try site.page("notes/index.html")
        let noteTitles = notes.matches(of: #/class="page-link" href="[^"]*">([^<]*)</a>/#).map { String($0.output.1) }
        #expect(noteTitles == ["Alpha", "Bravo", "Charlie", "Delta"])
        #expect(try site.page("notes/page/2/index.html").contains(">Echo</a>"))
    }

    @Test("a page links its previous and next page in its section's order")
    func neighbours() async throws {
        let site = try TestSite(example: "blog")
        try await site.build()
        let middle = try site.page("posts/measuring-a-build/index.html")
        #expect(middle.contains("<a rel=\"prev\" href=\"/posts/a-weekend-in-the-hills/\">← A weekend in the hills</a>"))
        #expect(middle.contains("<a rel=\"next\" href=\"/posts/why-static-sites/\">Why I went back to static sites →</a>"))
        let docs = try site.page("docs/install/index.html")
        #expect(docs.contains("<a rel=\"next\" href=\"/docs/first-steps/\">First steps →</a>"))
        #expect(!docs.contains("rel=\"prev\""))
    }

    @Test("the summary is the text before <!--more-->, else the first paragraph")
    func moreSummary() async throws {
        let site = try TestSite()
        try site.write("---\ndate: 2026-01-01\n---\nFirst *part*.\n\nStill summary.\n\n<!--more-->\n\nThe rest.\n", to: "content/a.md")
        try site.write("---\ndate: 2026-01-02\n---\nOnly paragraph one.\n\nTwo.\n", to: "content/b.md")
        try await site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<p>First part. Still summary.</p>"))
        #expect(home.contains("<p>Only paragraph one.</p>"))
    }

    @Test("aliases write redirect pages with a meta refresh and a canonical link")
    func aliases() async throws {
        let site = try TestSite()
        try site.write("baseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: New home\naliases: [/old/path/, /2019/post.html]\n---\n", to: "content/new.md")
        try await site.build()
        for path in ["old/path/index.html", "2019/post.html"] {
            let page = try site.page(path)
            #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/new/\">"))
            #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://example.org/new/\">"))
        }
        // A real page at an alias's URL wins (as in Hugo), with a warning.
        try site.write("---\ntitle: Other\n---\n", to: "content/old/path.md")
        let summary = try await site.build()
        #expect(try site.page("old/path/index.html").contains("<title>Other"))
        #expect(summary.warnings.map(\.description).contains(
            "content/new.md:3: the alias /old/path/ is the URL of content/old/path.md, which is published there; the alias is left out"))
    }

    @Test("data files (YAML, JSON, TOML) are available to templates as data.NAME; the theme has a 404 page")
    func dataFilesAndNotFound() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("- name: Ada\n  role: Editor\n- name: Kim\n  role: Writer\n", to: "data/team.yml")
        try site.write("{\"version\": 3, \"stable\": true}\n", to: "data/release.json")
        try site.write("[owner]\nname = \"Lin\"\n", to: "data/site.toml")
        try site.write("{{#data.team}}{{name}} ({{role}}); {{/data.team}}v{{data.release.version}} {{#data.release.stable}}stable{{/data.release.stable}}"
                       + " {{data.site.owner.name}}\n", to: "templates/page.mustache")
        try await site.build()
        #expect(try site.page("a/index.html") == "Ada (Editor); Kim (Writer); v3 stable Lin\n")
        // A TOML file that does not read is an error at its line.
        try site.write("[owner\nname = 1\n", to: "data/site.toml")
        await #expect { try await site.build() } throws: { "\($0)".hasPrefix("data/site.toml:1:") }
        #expect(try site.page("404.html").contains("<h1>Page not found</h1>"))
    }

    @Test("GitHub alerts and ::: containers render as alerts on a site, styled by the theme")
    func alerts() async throws {
        let site = try TestSite()
        try site.write("""
            ---
            title: Callouts
            ---
            > [!WARNING] Back up first
            > The **upgrade** rewrites the database.

            :::tip
            Run `sitegen check` after.
            :::
            """, to: "content/callouts.md")
        try await site.build()
        let page = try site.page("callouts/index.html")
        #expect(page.contains("<div class=\"markdown-alert markdown-alert-warning\">\n<p class=\"markdown-alert-title\"><svg"))
        #expect(page.contains("</svg>Back up first</p>\n<p>The <strong>upgrade</strong> rewrites the database.</p>\n</div>"))
        #expect(page.contains("<div class=\"markdown-alert markdown-alert-tip\">"))
        #expect(page.contains("</svg>Tip</p>\n<p>Run <code>sitegen check</code> after.</p>\n</div>"))
        #expect(!page.contains("[!WARNING]") && !page.contains(":::"))
        let style = try site.page("assets/style.css")
        for kind in ["note", "tip", "important", "warning", "caution"] { #expect(style.contains(".markdown-alert-\(kind) {")) }
    }
}
