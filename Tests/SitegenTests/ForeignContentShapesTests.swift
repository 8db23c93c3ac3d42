import Foundation
@testable import Sitegen
import Testing

/// Folders shaped as other generators and GitHub shape them build as their authors meant.
@Suite("Content shapes of other generators")
struct ForeignContentShapesTests {
    /// The text of the `<main>` of an output page, so that the theme's menu does not count.
    private func main(_ html: String) -> Substring {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return html[...] }
        return html[start.lowerBound..<end.upperBound]
    }

    // MARK: A folder's own page

    @Test("name.md beside a folder name/ is that folder's own page, and links to it lead to the folder's list")
    func fileBesideFolder() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Plugins\n---\nPlugins extend the build.\n", to: "content/docs/plugins.md")
        try site.write("---\ntitle: Bundle\n---\nBundles CSS.\n", to: "content/docs/plugins/bundle.md")
        try site.write("See [the plugins](docs/plugins.md).\n", to: "content/about.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(summary.pages == 2)
        let list = main(try site.page("docs/plugins/index.html"))
        #expect(list.contains("<h1>Plugins</h1>"))
        #expect(list.contains("<p>Plugins extend the build.</p>"))
        #expect(list.contains("href=\"/docs/plugins/bundle/\""))
        #expect(try site.page("about/index.html").contains("<a href=\"/docs/plugins/\">the plugins</a>"))
    }

    @Test("a page whose permalink is its folder's URL (Eleventy's blog/blog.md at /blog/) is the folder's page; a url: there is still a clash")
    func permalinkAtFolderURL() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Blog\npermalink: /blog/\n---\nAll the news.\n", to: "content/blog/blog.md")
        try site.write("---\ntitle: Moving house\n---\nWe moved.\n", to: "content/blog/moving.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let blog = main(try site.page("blog/index.html"))
        #expect(blog.contains("<p>All the news.</p>") && !blog.contains("href=\"/blog/moving/\""), "\(blog)")
        #expect(try site.page("blog/moving/index.html").contains("We moved."))
        // Written as the file (`/blog/index.html`), the same.
        try site.write("---\ntitle: Blog\npermalink: /blog/index.html\n---\nAll the news.\n", to: "content/blog/blog.md")
        _ = try await site.build()
        #expect(main(try site.page("blog/index.html")).contains("<p>All the news.</p>"))
        // `url:` is sitegen's own key: the page and the list both claim /blog/, which is an error naming the page.
        try site.write("---\ntitle: Blog\nurl: /blog/\n---\nAll the news.\n", to: "content/blog/blog.md")
        await #expect(throws: (any Error).self) { try await site.build() }
    }

    @Test("a folder's _index.md or index.md wins over name.md beside it, with a warning naming both")
    func fileBesideFolderWithIndex() async throws {
        let site = try TestSite()
        try site.write("Beside.\n", to: "content/plugins.md")
        try site.write("---\ntitle: Inside\n---\nInside.\n", to: "content/plugins/_index.md")
        try site.write("Index.\n", to: "content/plugins/index.md")
        try site.write("A.\n", to: "content/plugins/a.md")
        let summary = try await site.build()
        let rule = "(first of _index.md, index.md, the .md file beside the folder, README.md); merge the two or rename one"
        #expect(summary.warnings.map(\.description) == [
            "content/plugins.md: not published: content/plugins/_index.md is already the page of the folder content/plugins/ \(rule)",
            "content/plugins/index.md: not published: content/plugins/_index.md is already the page of the folder content/plugins/ \(rule)",
        ])
        let list = main(try site.page("plugins/index.html"))
        #expect(list.contains("<p>Inside.</p>") && !list.contains("Beside.") && !list.contains("Index."))
    }

    @Test("index.md in a folder with other pages or subfolders is the folder's list page, not a URL clash")
    func indexWithSiblings() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Documentation\n---\nAll the docs.\n", to: "content/documentation/index.md")
        try site.write("# Getting started\n", to: "content/documentation/start.md")
        try site.write("---\ntitle: Server\n---\nOn servers.\n", to: "content/documentation/server/index.md")
        try site.write("# Guides\n\nGuides.\n", to: "content/documentation/server/guides/index.md")
        try site.write("# Deploying\n", to: "content/documentation/server/guides/deploy.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(summary.pages == 2)
        let documentation = main(try site.page("documentation/index.html"))
        #expect(documentation.contains("<h1>Documentation</h1>") && documentation.contains("<p>All the docs.</p>"))
        #expect(documentation.contains("href=\"/documentation/start/\""))
        #expect(documentation.contains("href=\"/documentation/server/\""))
        #expect(main(try site.page("documentation/server/index.html")).contains("<p>On servers.</p>"))
        #expect(main(try site.page("documentation/server/guides/index.html")).contains("href=\"/documentation/server/guides/deploy/\""))
    }

    @Test("an index.md with only other files beside it stays a page bundle; one with Markdown in a subfolder is a list page")
    func leafBundles() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Trip\n---\n![](photo.png)\n", to: "content/posts/trip/index.md")
        try site.write("PNG", to: "content/posts/trip/photo.png")
        try site.write("PNG", to: "content/posts/trip/images/map.png")
        try site.write("---\ntitle: Shortcodes\n---\nSee the included file.\n", to: "content/shortcodes/index.md")
        try site.write("## Installation\n", to: "content/shortcodes/includes/installation.md")
        let summary = try await site.build()
        #expect(summary.pages == 2)
        let trip = try site.page("posts/trip/index.html")
        #expect(trip.contains("<h1>Trip</h1>") && trip.contains("<img src=\"/posts/trip/photo.png\""))
        #expect(site.exists("posts/trip/photo.png") && site.exists("posts/trip/images/map.png"))
        // The bundle is a page of posts/, not a section of its own.
        #expect(main(try site.page("posts/index.html")).contains("href=\"/posts/trip/\""))
        #expect(main(try site.page("shortcodes/index.html")).contains("<p>See the included file.</p>"))
        #expect(site.exists("shortcodes/includes/installation/index.html"))
    }

    @Test("a folder's README.md is its own page without index.md or _index.md, and the top README.md is the home page")
    func readmeIndexes() async throws {
        let site = try TestSite()
        try site.write("# Specification\n\nThe top.\n", to: "README.md")
        try site.write("# Trace\n\nAbout tracing.\n", to: "trace/README.md")
        try site.write("# API\n", to: "trace/api.md")
        try site.write("# Logs\n\nThe logs index.\n", to: "logs/index.md")
        try site.write("# Logs readme\n", to: "logs/README.md")
        try site.write("See [trace](trace/README.md).\n", to: "links.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(main(try site.page("index.html")).contains("<p>The top.</p>"))
        let trace = main(try site.page("trace/index.html"))
        #expect(trace.contains("<p>About tracing.</p>") && trace.contains("href=\"/trace/api/\""))
        #expect(!site.exists("trace/readme/index.html"))
        // With an index.md, README.md stays a page of its own.
        #expect(main(try site.page("logs/index.html")).contains("<p>The logs index.</p>"))
        #expect(site.exists("logs/readme/index.html"))
        #expect(try site.page("links/index.html").contains("<a href=\"/trace/\">trace</a>"))
    }

    @Test("check reports a broken link on a folder's list page at the line of the file that is its own page")
    func checkFindsListPageSources() async throws {
        let site = try TestSite()
        try site.write("# Trace\n\nSee [the API](/trace/gone/).\n", to: "trace/README.md")
        try site.write("# API\n", to: "trace/api.md")
        let layout = SiteLayout(root: site.root)
        let build = try await SiteBuilder(site: Site(), layout: layout).buildInMemory()
        let problems = LinkChecker(build: build, layout: layout, baseURL: build.baseURL).problems()
        #expect(problems.map(\.description) == ["trace/README.md:3: broken link: /trace/gone/"])
    }

    // MARK: SUMMARY.md

    /// An mdBook: `src/SUMMARY.md` with a title, a prefix chapter, nested chapters, a part, drafts.
    private func book() throws -> TestSite {
        let site = try TestSite()
        try site.write("title: The book\ntheme: docs\n", to: "sitegen.yml")
        try site.write("""
            # Summary

            [Introduction](intro.md)

            - [Guide](guide/start.md)
              - [`async` basics](guide/basics.md)
              - [Draft]()
                - [Under a draft](guide/deep.md)
            - [Not written]()

            # Part 2: reference

            - [Pinning](reference/pinning.md)
            - [Gone](reference/gone.md)

            """, to: "src/SUMMARY.md")
        try site.write("# Introduction\n", to: "src/intro.md")
        try site.write("# Start\n", to: "src/guide/start.md")
        try site.write("# Basics\n", to: "src/guide/basics.md")
        try site.write("# Deep\n", to: "src/guide/deep.md")
        try site.write("# Pinning\n", to: "src/reference/pinning.md")
        try site.write("# Aside\n", to: "src/aside.md")
        // Outside the book: the home page, and a file beside src/.
        try site.write("# The book's repository\n", to: "README.md")
        try site.write("# Contributing\n", to: "CONTRIBUTING.md")
        return site
    }

    @Test("an mdBook SUMMARY.md orders and nests the docs theme's navigation, parts become groups, drafts are skipped")
    func summaryNavigation() async throws {
        let site = try book()
        let summary = try await site.build()
        #expect(summary.pages == 7)
        #expect(!site.exists("src/summary/index.html"))
        let page = try site.page("src/guide/basics/index.html")
        let sidebar = try #require(page.range(of: "<nav aria-label=\"Documentation\">").map { page[$0.lowerBound...] })
        let end = try #require(sidebar.range(of: "</nav>"))
        #expect(sidebar[..<end.upperBound] == """
            <nav aria-label="Documentation">
            <ul>
            <li><a href="/src/intro/">Introduction</a></li>
            <li><a href="/src/guide/start/">Guide</a>
            <ul>
            <li><a href="/src/guide/basics/">async basics</a></li>
            <li><a href="/src/guide/deep/">Under a draft</a></li>
            </ul>
            </li>
            <li><span class="nav-group">Part 2: reference</span>
            <ul>
            <li><a href="/src/reference/pinning/">Pinning</a></li>
            </ul>
            </li>
            </ul>
            </nav>
            """)
        #expect(summary.warnings.map(\.description) == [
            "src/SUMMARY.md: 1 page is not in src/SUMMARY.md, so not in the navigation (first: src/aside.md); add them to it to list them",
            "src/SUMMARY.md:14: the chapter \"Gone\" links to reference/gone.md, which is not a Markdown file of the content folder; "
                + "it is left out of the navigation",
        ])
    }

    @Test("previous and next follow SUMMARY.md's reading order across folders")
    func summaryNeighbours() async throws {
        let site = try book()
        try await site.build()
        let start = try site.page("src/guide/start/index.html")
        #expect(start.contains("<a rel=\"prev\" href=\"/src/intro/\">← Introduction</a>"))
        #expect(start.contains("<a rel=\"next\" href=\"/src/guide/basics/\">Basics →</a>"))
        let deep = try site.page("src/guide/deep/index.html")
        #expect(deep.contains("<a rel=\"next\" href=\"/src/reference/pinning/\">Pinning →</a>"))
    }

    @Test("chapters nested deeper than 16 levels build, side by side at the 16th")
    func deepSummary() async throws {
        let site = try TestSite()
        try site.write("theme: docs\n", to: "sitegen.yml")
        var summary = ""
        for level in 0..<40 {
            summary += String(repeating: "  ", count: level) + "- [Level \(level)](l\(level).md)\n"
            try site.write("# L\(level)\n", to: "content/l\(level).md")
        }
        try site.write(summary, to: "content/SUMMARY.md")
        let built = try await site.build()
        #expect(built.pages == 40 && built.warnings.isEmpty)
        let page = try site.page("l0/index.html")
        #expect(page.components(separatedBy: "<ul>").count - 1 == 16)
        #expect(page.contains("<li><a href=\"/l38/\">Level 38</a></li>\n<li><a href=\"/l39/\">Level 39</a></li>"))
    }

    @Test("an index.md that SUMMARY.md lists is a chapter page with previous and next, not its folder's list")
    func summaryIndexChapter() async throws {
        let site = try TestSite()
        try site.write("theme: docs\n", to: "sitegen.yml")
        try site.write("- [Navigation](navigation/intro.md)\n  - [Index](navigation/index.md)\n- [End](end.md)\n", to: "content/SUMMARY.md")
        try site.write("# Intro\n", to: "content/navigation/intro.md")
        try site.write("# Index of topics\n", to: "content/navigation/index.md")
        try site.write("# End\n", to: "content/end.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty && summary.pages == 3)
        let index = try site.page("navigation/index.html")
        #expect(index.contains("<a rel=\"prev\" href=\"/navigation/intro/\">← Intro</a>"))
        #expect(index.contains("<a rel=\"next\" href=\"/end/\">End →</a>"))
        #expect(index.contains("<li><a href=\"/navigation/intro/\">Navigation</a>\n<ul>\n<li><a href=\"/navigation/\">Index</a></li>"))
        // Beside an _index.md, the listed index.md loses as anywhere else.
        try site.write("---\ntitle: Navigation list\n---\nThe list.\n", to: "content/navigation/_index.md")
        let again = try await site.build()
        #expect(again.warnings.map(\.description).contains { $0.hasPrefix(
            "content/navigation/index.md: not published: content/navigation/_index.md is already the page of the folder") })
        #expect(main(try site.page("navigation/index.html")).contains("<p>The list.</p>"))
    }

    @Test("a SUMMARY.md at the top of the content folder counts too")
    func summaryAtTheTop() async throws {
        let site = try TestSite()
        try site.write("theme: docs\n", to: "sitegen.yml")
        try site.write("- [Second](b.md)\n- [First](a.md)\n", to: "content/SUMMARY.md")
        try site.write("# A\n", to: "content/a.md")
        try site.write("# B\n", to: "content/b.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty && summary.pages == 2)
        let page = try site.page("a/index.html")
        #expect(page.contains("<li><a href=\"/b/\">Second</a></li>\n<li><a href=\"/a/\">First</a></li>"))
        #expect(page.contains("<a rel=\"prev\" href=\"/b/\">← B</a>"))
    }

    // MARK: Aliases

    @Test("an alias at a page's or list's URL, or one two pages give, is a warning naming both, and the page or first file wins")
    func aliasClaims() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\naliases: [/old/, /b/, /posts/]\n---\nA\n", to: "content/a.md")
        try site.write("---\ntitle: B\naliases:\n  - /old/\n---\nB\n", to: "content/b.md")
        try site.write("---\ntitle: P\n---\nP\n", to: "content/posts/p.md")
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "content/a.md:3: the alias /b/ is the URL of content/b.md, which is published there; the alias is left out",
            "content/a.md:3: the alias /posts/ is the URL of the list of content/posts/, which is published there; the alias is left out",
            "content/b.md:3: the alias /old/ is also an alias of content/a.md, which keeps it; this one is left out",
        ])
        #expect(try site.page("old/index.html").contains("url=/a/\""))
        #expect(try site.page("b/index.html").contains("<h1>B</h1>"))
        #expect(main(try site.page("posts/index.html")).contains("href=\"/posts/p/\""))
    }

    @Test("relative aliases are resolved from the folder of the page's URL, as Hugo does; a list page's aliases redirect too")
    func relativeAliases() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Changelog\naliases: [../changelog, notes, docsy-0.7]\n---\nC\n",
                       to: "content/project/about/changelog.md")
        try site.write("---\ntitle: Project\naliases: [site]\n---\nThe project.\n", to: "content/project/_index.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(try site.page("project/changelog/index.html").contains("url=/project/about/changelog/\""))
        #expect(try site.page("project/about/notes/index.html").contains("url=/project/about/changelog/\""))
        #expect(try site.page("project/about/docsy-0.7/index.html").contains("url=/project/about/changelog/\""))
        #expect(try site.page("site/index.html").contains("url=/project/\""))
        let tooHigh = try TestSite()
        try tooHigh.write("---\naliases: [../../old]\n---\nA\n", to: "content/a.md")
        let error = await #expect(throws: SiteErrors.self) { try await tooHigh.build() }
        #expect(error?.errors.map(\.description) == [
            "content/a.md:2: `aliases`: \"../../old\" (relative to /a/) would leave the output folder; use a path like /old/url/",
        ])
    }

    // MARK: Jekyll

    @Test("with a Jekyll _config.yml, _posts and collections are content, other _ folders and _x.md partials are not published")
    func jekyllFolders() async throws {
        let site = try TestSite()
        try site.write("title: Blog\ncollections:\n  recipes:\n    output: true\n", to: "_config.yml")
        try site.write("---\ntitle: Hello\n---\nHi\n", to: "_posts/2020-01-02-hello.md")
        try site.write("---\ntitle: Soup\n---\nSoup\n", to: "_recipes/soup.md")
        try site.write("Shared text\n", to: "docs/_shared.md")
        try site.write("---\ntitle: Guide\n---\n{% include_relative _shared.md %}\n", to: "docs/guide.md")
        for path in ["_includes/note.md", "_layouts/default.html", "_data/team.yml", "_sass/main.scss", "_other/page.md", "_drafts/later.md"] {
            try site.write("x\n", to: path)
        }
        let summary = try await site.build()
        #expect(summary.pages == 3)
        // Nothing of _includes, _layouts, _data, _sass, _other, _drafts, docs/_shared.md or _config.yml;
        // posts, documents and pages at Jekyll's URLs (JekyllURLTests); no list of _posts/ or _recipes/, as in Jekyll.
        #expect(site.outputFiles() == [
            "2020/01/02/hello.html", "404.html",
            "assets/style.css", "docs/guide.html", "docs/index.html", "index.html", "recipes/soup.html",
        ])
        var drafts = BuildOptions()
        drafts.includeDrafts = true
        #expect(try await site.build(drafts).pages == 4)
        // A draft without a date is dated by the build, as Jekyll dates it.
        #expect(site.outputFiles().contains { $0.hasSuffix("/later.html") && $0.first?.isNumber == true })
    }

    @Test("a Jekyll site's exclude: (and Jekyll's own list) is neither published nor read; include: takes an entry back")
    func jekyllExclude() async throws {
        let site = try TestSite()
        try site.write("title: Blog\nexclude:\n  - README.md\n  - scripts/\n  - \"*.sh\"\n  - /CNAME\n  - node_modules\ninclude:\n  - node_modules\n",
                       to: "_config.yml")
        try site.write("# Contributing\n", to: "README.md")
        try site.write("---\ntitle: Home\n---\nWelcome\n", to: "index.md")
        for path in ["scripts/deploy.rb", "tools/run.sh", "CNAME", "Gemfile", "Gemfile.lock", "vendor/bundle/gems/x.rb",
                     "node_modules/a/index.js", "vendor/keep.js", "install.bat"] {
            try site.write("x\n", to: path)
        }
        try await site.build()
        #expect(site.outputFiles() == ["404.html", "assets/style.css", "index.html", "install.bat", "node_modules/a/index.js", "vendor/keep.js"])
        #expect(try site.page("index.html").contains("Welcome"))
        let folders = JekyllFolders(source: FolderSource(root: site.root), includesDrafts: false)
        #expect(folders?.isExcluded("README.mdx") == true && folders?.isExcluded("docs/README.md") == false)
    }

    @Test("without _config.yml, names starting with _ are pages like any other")
    func underscoreNamesWithoutJekyll() async throws {
        let site = try TestSite()
        try site.write("Shared text\n", to: "docs/_shared.md")
        try site.write("---\ntitle: Hello\n---\nHi\n", to: "_posts/2020-01-02-hello.md")
        let summary = try await site.build()
        #expect(summary.pages == 2)
        #expect(site.exists("docs/_shared/index.html") && site.exists("_posts/hello/index.html"))
    }
}
