import Foundation
import Sitegen
import Testing

/// A site moved from Jekyll keeps every URL (issue 25): permalinks, Jekyll's own page files,
/// jekyll-redirect-from.
@Suite("URLs of Jekyll sites")
struct JekyllURLTests {
    /// A Jekyll site: `_config.yml` with `config`, and `files` by path.
    private func jekyllSite(_ config: String, _ files: [String: String]) throws -> TestSite {
        try TestSite(jekyll: config, files)
    }

    // MARK: Styles

    @Test("each permalink style of _config.yml places posts where Jekyll does",
          arguments: [
            ("date", "swift/web/2024/03/05/hello-world.html"),
            ("pretty", "swift/web/2024/03/05/hello-world/index.html"),
            ("ordinal", "swift/web/2024/065/hello-world.html"),
            ("weekdate", "swift/web/2024/W10/Tue/hello-world.html"),
            ("none", "swift/web/hello-world.html"),
          ])
    func styles(style: String, file: String) async throws {
        let site = try jekyllSite("title: Blog\npermalink: \(style)\n",
                                  ["_posts/2024-03-05-hello-world.md": "---\ntitle: Hello\ncategories: [Swift, Web]\n---\nHello text\n"])
        try await site.build()
        #expect(try site.page(file).contains("Hello text"))
    }

    @Test("categories and tags given as text are split at ASCII white space, as Ruby splits them: the URL and the term pages agree")
    func categoriesAsText() async throws {
        let site = try jekyllSite("title: Blog\npermalink: date\n",
                                  ["_posts/2024-03-05-hello-world.md": "---\ntitle: Hello\ncategories: \"news  swift\\tweb\"\ntags: \"no\u{A0}break\"\n---\nHello\n"])
        try await site.build()
        #expect(try site.page("news/swift/web/2024/03/05/hello-world.html").contains("Hello"))
        #expect(site.exists("categories/news/index.html") && site.exists("categories/web/index.html"))
        // A no-break space is no separator.
        #expect(!site.exists("tags/no/index.html") && !site.exists("tags/break/index.html"))
    }

    @Test("timezone: shows URLs' and Liquid's dates where the site is; a day is its midnight there, a time without offset UTC, as Jekyll reads them")
    func timeZone() async throws {
        let posts = [
            "_posts/2020-01-01-a.md": "---\ndate: 2020-01-01 07:00:00 +0800\n---\nA {{ page.date | date: \"%Y-%m-%d %H:%M %z\" }}\n",
            "_posts/2020-03-01-b.md": "---\ndate: 2020-03-01 07:00:00\n---\nB {{ page.date | date: \"%Y-%m-%d %H:%M %z\" }}\n",
            "_posts/2020-05-01-c.md": "---\n---\nC {{ page.date | date: \"%Y-%m-%d %H:%M\" }}\n",
        ]
        // As Jekyll 4.3 wrote them.
        for (zone, expected) in [
            ("Asia/Shanghai", ["2020/01/01/a.html": "A 2020-01-01 07:00 +0800", "2020/03/01/b.html": "B 2020-03-01 15:00 +0800",
                               "2020/05/01/c.html": "C 2020-05-01 00:00"]),
            ("America/New_York", ["2019/12/31/a.html": "A 2019-12-31 18:00 -0500", "2020/03/01/b.html": "B 2020-03-01 02:00 -0500",
                                  "2020/05/01/c.html": "C 2020-05-01 00:00"]),
            ("", ["2019/12/31/a.html": "A 2019-12-31 23:00 +0000", "2020/03/01/b.html": "B 2020-03-01 07:00 +0000",
                  "2020/05/01/c.html": "C 2020-05-01 00:00"]),
        ] {
            let site = try jekyllSite("title: T\n" + (zone.isEmpty ? "" : "timezone: \(zone)\n"), posts)
            try await site.build()
            for (path, text) in expected {
                #expect(try site.page(path).contains("<p>\(text)</p>"), "\(zone) \(path)")
            }
        }
    }

    @Test("timezone: a post of the day it is where the site is is published, though that day has not begun in UTC; site.time is there")
    func timeZoneToday() async throws {
        // 2026-11-27 20:24 UTC is the 28th at 04:24 in Shanghai.
        let now = Date(timeIntervalSince1970: 1_795_811_040)
        for (zone, published) in [("Asia/Shanghai", true), ("", false)] {
            let site = try jekyllSite("title: T\n" + (zone.isEmpty ? "" : "timezone: \(zone)\n"), [
                "_posts/2026-11-28-today.md": "---\n---\nToday\n",
                "about.md": "---\ntitle: About\n---\n{{ site.time | date: '%z' }}\n",
            ])
            try await site.build(BuildOptions(now: now))
            #expect(site.exists("2026/11/28/today.html") == published, "\(zone)")
            #expect(try site.page("about.html").contains(zone.isEmpty ? "+0000" : "+0800"), "\(zone)")
        }
    }

    @Test("a page of the site's own at the URL of sitegen's list of a folder, the home page, categories or a category is kept; other lists stay")
    func ownCategoryPages() async throws {
        let site = try jekyllSite("title: T\n", [
            "home.md": "---\ntitle: Home\npermalink: /\n---\nMy home\n",
            "blogpage.md": "---\ntitle: Blog\npermalink: /blog/\n---\nBlog page\n",
            "blog/x.md": "---\ntitle: X\n---\nX\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\ncategories: news\ntags: [swift]\n---\nA\n",
            "_posts/2020-01-02-b.md": "---\ntitle: B\ncategories: notes\n---\nB\n",
            "categories.md": "---\ntitle: Categories\npermalink: /categories/\n---\nAll categories\n",
            "news.md": "---\ntitle: News\npermalink: /categories/news/\n---\nNews page\n",
        ])
        try await site.build()
        #expect(try site.page("index.html").contains("My home"))
        #expect(try site.page("blog/index.html").contains("Blog page"))
        #expect(try site.page("categories/index.html").contains("All categories"))
        #expect(try site.page("categories/news/index.html").contains("News page"))
        #expect(try site.page("categories/notes/index.html").contains("/notes/2020/01/02/b.html"))
        #expect(site.exists("tags/swift/index.html"))
    }

    @Test("categories as Jekyll gives them: numbers, case told apart in site.categories (not in URLs), in the order the oldest post names them")
    func categoryNames() async throws {
        let site = try jekyllSite("title: T\n", [
            "en/_posts/2020-01-01-a.md": "---\ntitle: A\ncategories: [2020, 3.5]\n---\nA\n",
            "en/_posts/2021-01-01-b.md": "---\ntitle: B\ncategories: [En, zeta]\n---\nB\n",
            "list.md": "---\ntitle: List\n---\n{% for c in site.categories %}[{{ c[0] }}:{{ c[1].size }}]{% endfor %}\n",
        ])
        try await site.build()
        #expect(site.exists("en/2020/3.5/2020/01/01/a.html"))
        #expect(site.exists("en/zeta/2021/01/01/b.html"))
        #expect(try site.page("list.html").contains("[en:2][2020:1][3.5:1][En:1][zeta:1]"))
    }

    @Test("Markdown as Jekyll names it (.MD, .mkd…) is pages and posts; a file in _posts not named after a date is neither published nor a post")
    func markdownNamesAndStrayPostFiles() async throws {
        let site = try jekyllSite("title: T\n", [
            "ABOUT.MD": "---\ntitle: About\n---\nAbout *me*\n",
            "_posts/2020-01-01-p.mkd": "---\ntitle: P\n---\nPost *p*\n",
            "_posts/notes.txt": "secret notes\n",
            "_posts/draft-ideas.md": "---\ntitle: Ideas\n---\nIdeas\n",
        ])
        try await site.build()
        #expect(try site.page("ABOUT.html").contains("About <em>me</em>"))
        #expect(try site.page("2020/01/01/p.html").contains("Post <em>p</em>"))
        #expect(site.outputFiles().filter { $0.contains("notes") || $0.contains("ideas") || $0.hasPrefix("_posts") }.isEmpty, "\(site.outputFiles())")
    }

    @Test("without permalink in _config.yml, posts get the date style")
    func dateStyleByDefault() async throws {
        let site = try jekyllSite("title: Blog\n", ["_posts/2024-03-05-hello-world.md": "---\ntitle: Hello\n---\nHello text\n"])
        try await site.build()
        #expect(try site.page("2024/03/05/hello-world.html").contains("Hello text"))
        #expect(!site.exists("_posts/hello-world/index.html"))
    }

    // MARK: Placeholders

    /// The date is shown in UTC, as Jekyll shows it on a machine in UTC (14:07 +0200 is 12:07).
    @Test("each placeholder of a permalink pattern gives Jekyll's text",
          arguments: [
            ("year", "2024"), ("month", "03"), ("i_month", "3"), ("day", "05"), ("i_day", "5"), ("short_year", "24"),
            ("y_day", "065"), ("hour", "12"), ("minute", "07"), ("second", "09"), ("title", "Hello-World"),
            ("slug", "hello-world"), ("name", "2024-03-05-hello-world"), ("path", "2024-03-05-Hello-World"),
            ("basename", "2024-03-05-Hello-World"), ("collection", "posts"), ("week", "10"), ("w_year", "2024"),
            ("w_day", "2"), ("short_day", "Tue"), ("long_day", "Tuesday"), ("short_month", "Mar"), ("long_month", "March"),
            ("categories", "blog/news"), ("slugified_categories", "blog/news"),
          ])
    func placeholder(name: String, value: String) async throws {
        let site = try jekyllSite("title: Blog\npermalink: /x/:\(name)/\n", [
            "blog/_posts/2024-03-05-Hello-World.md": "---\ntitle: Hello\ndate: 2024-03-05 14:07:09 +0200\ncategory: News\n---\nHello text\n",
        ])
        try await site.build()
        #expect(try site.page("x/\(value)/index.html").contains("Hello text"))
    }

    @Test(":output_ext is .html, and a pattern that ends in neither / nor an extension is written .html")
    func outputExtension() async throws {
        let site = try jekyllSite("title: Blog\npermalink: /x/:title:output_ext\n", [
            "_posts/2024-03-05-a.md": "---\ntitle: A\n---\nText A\n",
            "_posts/2024-03-06-b.md": "---\ntitle: B\npermalink: /y/:title\n---\nText B\n",
        ])
        try await site.build()
        #expect(try site.page("x/a.html").contains("Text A"))
        #expect(try site.page("y/b.html").contains("Text B"))
    }

    @Test("a title with a dot stays one folder: /change.org/ is a folder, as Jekyll writes it")
    func dotInFolderName() async throws {
        let site = try jekyllSite("title: Blog\npermalink: pretty\n", ["_posts/2020-10-27-at-change.org.md": "---\ntitle: C\n---\nText C\n"])
        try await site.build()
        #expect(try site.page("2020/10/27/at-change.org/index.html").contains("Text C"))
    }

    // MARK: Pages

    @Test("with permalink none or date, pages end in .html and index pages are their folder")
    func pagesWithNone() async throws {
        for style in ["none", "date"] {
            let site = try jekyllSite("title: Site\npermalink: \(style)\n", [
                "about.md": "---\ntitle: About\n---\nAbout text\n",
                "docs/index.md": "---\ntitle: Docs\n---\nDocs text\n",
                "guide/intro.md": "---\ntitle: Intro\n---\nIntro text\n",
            ])
            try await site.build()
            #expect(try site.page("about.html").contains("About text"))
            #expect(try site.page("docs/index.html").contains("Docs text"))
            #expect(try site.page("guide/intro.html").contains("Intro text"))
            #expect(!site.exists("about/index.html"))
        }
    }

    @Test("with permalink pretty, pages are folders")
    func pagesWithPretty() async throws {
        let site = try jekyllSite("title: Site\npermalink: pretty\n", ["about.md": "---\ntitle: About\n---\nAbout text\n"])
        try await site.build()
        #expect(try site.page("about/index.html").contains("About text"))
    }

    @Test("a page's own permalink pattern gives its URL, with no warning about another generator's template")
    func perPagePermalink() async throws {
        let site = try jekyllSite("title: Site\npermalink: none\n", [
            "notes/about.md": "---\ntitle: About\npermalink: /:path/:basename-page/\n---\nAbout text\n",
            "_posts/2024-03-05-hello.md": "---\ntitle: Hello\npermalink: /p/:year/:title/\n---\nHello text\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("notes/about-page/index.html").contains("About text"))
        #expect(try site.page("p/2024/hello/index.html").contains("Hello text"))
        #expect(!summary.warnings.contains { $0.message.contains("permalink") })
    }

    @Test("a collection's documents get /:collection/:path, or the collection's own permalink")
    func collectionPermalinks() async throws {
        let site = try jekyllSite("""
            title: Site
            collections:
              recipes:
                output: true
                permalink: /cook/:name/
              guides:
                output: true
            """, [
                "_recipes/Soup Pot.md": "---\ntitle: Soup\n---\nSoup text\n",
                "_guides/start/first.md": "---\ntitle: First\n---\nFirst text\n",
            ])
        try await site.build()
        #expect(try site.page("cook/soup-pot/index.html").contains("Soup text"))
        #expect(try site.page("guides/start/first.html").contains("First text"))
    }

    @Test("defaults give permalinks by scope: type posts, and the most specific path wins")
    func defaultsPermalinks() async throws {
        let site = try jekyllSite("""
            title: Site
            permalink: none
            defaults:
              - scope:
                  path: ""
                  type: posts
                values:
                  layout: post
                  permalink: /blog/:year/:month/:day/:title/
              - scope:
                  path: ""
                values:
                  permalink: /all/:basename/
              - scope:
                  path: manual
                  type: pages
                values:
                  permalink: /handbook/:basename:output_ext
            """, [
                "_posts/2012-04-24-a-peek.markdown": "---\ntitle: Peek\n---\nPeek text\n",
                "manual/setup.md": "---\ntitle: Setup\n---\nSetup text\n",
                "other.md": "---\ntitle: Other\n---\nOther text\n",
            ])
        try await site.build()
        #expect(try site.page("blog/2012/04/24/a-peek/index.html").contains("Peek text"))
        #expect(try site.page("handbook/setup.html").contains("Setup text"))
        #expect(try site.page("all/other/index.html").contains("Other text"))
    }

    // MARK: Jekyll's own page files

    @Test("Jekyll's index.html, 404.html, feeds and sitemap are replaced by sitegen's own, with one note each")
    func generatorFilesReplaced() async throws {
        let liquidHome = "---\nlayout: default\n---\n<div>{% for post in site.posts %}{{ post.title }}{% endfor %}</div>\n"
        let site = try jekyllSite("title: Blog\nurl: https://example.org\n", [
            "index.html": liquidHome,
            "404.html": "---\nlayout: default\n---\n<h1>Lost {{ page.title }}</h1>\n",
            "atom.xml": "---\nlayout: null\n---\n<feed>{% for post in site.posts %}{% endfor %}</feed>\n",
            "feed.xml": "---\nlayout: null\n---\n<feed>{{ site.time }}</feed>\n",
            "sitemap.xml": "---\n---\n<urlset>{% for p in site.pages %}{% endfor %}</urlset>\n",
            "_posts/2024-03-05-hello.md": "---\ntitle: Hello\n---\nHello text\n",
        ])
        let summary = try await site.build()
        for file in ["index.html", "404.html", "atom.xml", "feed.xml", "sitemap.xml"] {
            let text = try site.page(file)
            #expect(!text.contains("{%") && !text.contains("{{"), "\(file) holds template text")
        }
        #expect(try site.page("index.html").contains("Hello"))
        #expect(try site.page("feed.xml").contains("<feed xmlns=\"http://www.w3.org/2005/Atom\""))
        // The same feed, each linking itself.
        #expect(try site.page("feed.xml").replacingOccurrences(of: "/feed.xml\"/>", with: "/atom.xml\"/>") == site.page("atom.xml"))
        #expect(try site.page("feed.xml").contains("<link rel=\"self\" href=\"https://example.org/feed.xml\"/>"))
        #expect(try site.page("sitemap.xml").contains("https://example.org/2024/03/05/hello.html"))
        #expect(summary.notes.map(\.file) == ["404.html", "atom.xml", "feed.xml", "index.html", "sitemap.xml"])
        #expect(summary.notes.first { $0.file == "feed.xml" }?.message
            == "Jekyll's template for the Atom feed; sitegen publishes its own Atom feed at /feed.xml instead")
        #expect(!summary.warnings.contains { ["index.html", "404.html", "atom.xml"].contains($0.file ?? "") })
    }

    @Test("a folder's index.html where sitegen lists the folder is replaced by the list, with one note")
    func sectionIndexReplaced() async throws {
        let site = try jekyllSite("title: Site\npermalink: none\n", [
            "guide/index.html": "---\nlayout: guide\n---\n<p>Jekyll's own list</p>\n",
            "guide/intro.md": "---\ntitle: Intro\n---\nIntro text\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("guide/index.html").contains("guide/intro.html"))
        #expect(try !site.page("guide/index.html").contains("Jekyll's own list"))
        #expect(summary.notes.map(\.description) == [
            "guide/index.html: Jekyll's page for the folder guide/; sitegen publishes its own list of the folder's pages at /guide/ instead",
        ])
    }

    @Test("other HTML files with front matter are pages in the theme, their Liquid run")
    func htmlPages() async throws {
        let site = try jekyllSite("title: Site\npermalink: none\n", [
            "cases.html": "---\ntitle: Cases\n---\n<h1>Cases</h1>\n\n    <p class=\"x\">Indented</p>\n{% for c in site.cases %}{{ c }}{% endfor %}\n",
            "plain.html": "---\ntitle: Plain\n---\n<p>Plain text</p>\n",
            "raw.html": "<p>No front matter</p>\n",
        ])
        let summary = try await site.build()
        let cases = try site.page("cases.html")
        #expect(cases.contains("<html") && cases.contains("    <p class=\"x\">Indented</p>"))
        #expect(!cases.contains("title: Cases") && !cases.contains("<pre>"))
        #expect(try site.page("plain.html").contains("<p>Plain text</p>"))
        #expect(try site.page("raw.html") == "<p>No front matter</p>\n")
        #expect(!cases.contains("{%") && !cases.contains("{{"))
        #expect(summary.warnings.filter { $0.message.contains("Liquid") }.isEmpty)
    }

    // MARK: jekyll-redirect-from

    @Test("redirect_from makes redirect pages at the old paths, a path without / or extension written .html")
    func redirectFrom() async throws {
        let site = try jekyllSite("title: Site\npermalink: none\n", [
            "_posts/2021-01-13-vision.md": "---\ntitle: Vision\nredirect_from: /blog/2021/01/13/old-vision/\n---\nText\n",
            "new.md": "---\ntitle: New\nredirect_from:\n  - /older\n  - /oldest/\n---\nText\n",
        ])
        try await site.build()
        #expect(try site.page("blog/2021/01/13/old-vision/index.html").contains("url=/vision.html"))
        #expect(try site.page("older.html").contains("url=/new.html"))
        #expect(try site.page("oldest/index.html").contains("url=/new.html"))
    }

    @Test("redirect_to makes the page itself a redirect to that URL, listed nowhere")
    func redirectTo() async throws {
        let site = try jekyllSite("title: Site\npermalink: none\nurl: https://example.org\n", [
            "guide/agent.md": "---\ntitle: Agent\nlayout: redirect\nredirect_to: https://hexdocs.pm/elixir/agents.html\n---\nOld text\n",
            "guide/moved.md": "---\ntitle: Moved\nredirect_to: /guide/intro.html\n---\nOld text\n",
            "guide/relative.md": "---\ntitle: Relative\nredirect_to: introduction\n---\nOld text\n",
            "guide/index.html": "---\nredirect_to: [intro, other]\n---\n",
            "guide/intro.md": "---\ntitle: Intro\n---\nIntro text\n",
        ])
        let summary = try await site.build()
        let agent = try site.page("guide/agent.html")
        #expect(agent.contains("url=https://hexdocs.pm/elixir/agents.html") && !agent.contains("Old text"))
        #expect(try site.page("guide/moved.html").contains("url=https://example.org/guide/intro.html"))
        // A path not from the root is from the site's root too, as jekyll-redirect-from's absolute_url makes it.
        #expect(try site.page("guide/relative.html").contains("url=https://example.org/introduction\""))
        #expect(try !site.page("sitemap.xml").contains("agent"))
        // A folder's index.html with redirect_to is the folder's page, a redirect (the first of a list).
        #expect(try site.page("guide/index.html").contains("url=https://example.org/intro\""))
        #expect(summary.notes.isEmpty)
    }

    @Test("a site's own _layouts/redirect.html makes its redirect pages, with page.redirect_to and page.redirect, as jekyll-redirect-from does")
    func redirectLayout() async throws {
        let site = try jekyllSite("title: Site\npermalink: none\nurl: https://example.org\n", [
            "_layouts/redirect.html": "<meta http-equiv=\"refresh\" content=\"0;url=https://docs.example/{{ page.redirect_to }}.html\">"
                + "{{ page.redirect.from }} {{ page.redirect.to }} {{ site.title }}\n",
            "guide/index.html": "---\nlayout: redirect\nredirect_to: introduction\n---\n",
            "guide/agent.markdown": "---\nlayout: redirect\nredirect_to: agents\n---\n",
            "guide/intro.md": "---\ntitle: Intro\n---\nIntro text\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("guide/index.html") == "<meta http-equiv=\"refresh\" content=\"0;url=https://docs.example/introduction.html\">"
                + "/guide/ https://example.org/introduction Site\n")
        #expect(try site.page("guide/agent.html") == "<meta http-equiv=\"refresh\" content=\"0;url=https://docs.example/agents.html\">"
                + "/guide/agent.html https://example.org/agents Site\n")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")

        // A layout whose Liquid sitegen cannot run: sitegen's own redirects, and one warning.
        try site.write("---\nlayout: base\n---\n\n{% tablerow x in page.redirect.to %}{% endtablerow %}\n", to: "_layouts/redirect.html")
        let again = try await site.build()
        #expect(try site.page("guide/agent.html").contains("url=https://example.org/agents\""))
        #expect(again.warnings.map(\.description) == ["_layouts/redirect.html:5: Liquid not run: uses tag tablerow, which sitegen does not run; "
                                                     + "the redirects of 2 pages are sitegen's own (it failed for guide/agent.markdown)"])
        #expect(try site.page("guide/index.html").contains("url=https://example.org/introduction\""))
        // One whose front matter cannot be read: the same, said once.
        try site.write("---\nlayout: [\n---\nx\n", to: "_layouts/redirect.html")
        let broken = try await site.build()
        #expect(broken.warnings.count == 1 && broken.warnings[0].file == "_layouts/redirect.html"
                && broken.warnings[0].message.hasSuffix("; the redirects of 2 pages are sitegen's own"), "\(broken.warnings)")
    }

    @Test("a Jekyll site's own robots.txt, a folder's index.html without front matter and 404.md are published as Jekyll publishes them")
    func ownFilesWin() async throws {
        let site = try jekyllSite("title: Site\nurl: https://example.org\n", [
            "robots.txt": "User-agent: *\nDisallow: /private/\n",
            "index.html": "<!doctype html><title>Pick a language</title>\n",
            "en/index.html": "<!doctype html><title>English</title>\n",
            "en/about.md": "---\ntitle: About\n---\nAbout us\n",
            "404.md": "---\ntitle: Not found\npermalink: /404.html\n---\nNothing here\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("robots.txt") == "User-agent: *\nDisallow: /private/\n")
        #expect(try site.page("index.html") == "<!doctype html><title>Pick a language</title>\n")
        #expect(try site.page("en/index.html") == "<!doctype html><title>English</title>\n")
        #expect(try site.page("404.html").contains("Nothing here"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("a sitegen site's static/robots.txt replaces the one sitegen writes")
    func ownRobots() async throws {
        let site = try TestSite()
        try site.write("title: Site\nbaseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: A\n---\nA\n", to: "content/a.md")
        try site.write("User-agent: *\nDisallow: /\n", to: "static/robots.txt")
        _ = try await site.build()
        #expect(try site.page("robots.txt") == "User-agent: *\nDisallow: /\n")
        #expect(try site.page("sitemap.xml").contains("https://example.org/a/"))
    }

    // MARK: Sites that are not Jekyll's

    @Test("without _config.yml, permalink patterns and HTML files are as before")
    func notJekyll() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\npermalink: /:title/\nredirect_from: /old/\n---\nText\n", to: "content/a.md")
        try site.write("---\ntitle: P\n---\n<p>{{ x }}</p>\n", to: "content/p.html")
        let summary = try await site.build()
        #expect(site.exists("a/index.html") && !site.exists("old/index.html"))
        #expect(try site.page("p.html") == "---\ntitle: P\n---\n<p>{{ x }}</p>\n")
        #expect(summary.notes.isEmpty)
        #expect(summary.warnings.contains { $0.message.contains("is a template of another generator") })
    }

    // MARK: elixir-lang

    /// The URLs Jekyll 4.3 publishes for the elixir-lang.org site (see Fixtures/realsites/SOURCE.md).
    static let elixirURLs = TestSite.packageRoot.appendingPathComponent("Tests/Fixtures/realsites/elixir-lang.urls")

    @Test("a small site shaped like elixir-lang.org (permalink none, posts' permalink by defaults) keeps its URLs")
    func elixirShapedSite() async throws {
        let site = try jekyllSite("""
            permalink: none
            url: https://elixir-lang.org
            plugins:
              - jekyll-redirect-from
            defaults:
              - scope:
                  path: ""
                  type: posts
                values:
                  layout: post
                  permalink: /blog/:year/:month/:day/:title/
            """, [
                "index.html": "---\nsection: home\nlayout: default\n---\n<div class=\"hfeed\">{% for p in site.posts limit:3 %}{% endfor %}</div>\n",
                "atom.xml": "---\nlayout: null\n---\n<?xml version=\"1.0\"?>\n<feed>{% for post in site.posts %}{% endfor %}</feed>\n",
                "cases.html": "---\nsection: cases\nlayout: default\n---\n<h1>Cases</h1>\n",
                "install.markdown": "---\ntitle: Install\nlayout: default\n---\nInstall text\n",
                "blog/index.html": "---\ntitle: Blog\nlayout: blog\n---\n<div>{% for post in paginator.posts %}{% endfor %}</div>\n",
                "blog/categories.html": "---\ntitle: Posts by category\nlayout: blog\n---\n<ul></ul>\n",
                "getting-started/index.html": "---\nlayout: redirect\nsitemap: false\nredirect_to: introduction\n---\n",
                "getting-started/introduction.markdown": "---\nlayout: redirect\nredirect_to: introduction\n---\n",
                "getting-started/mix-otp/index.html": "---\nlayout: redirect\nredirect_to: introduction-to-mix\n---\n",
                "getting-started/mix-otp/agent.markdown": "---\nlayout: redirect\nredirect_to: agents\n---\n",
                "_posts/2012-04-24-a-peek-inside-elixir-s-parallel-compiler.markdown": "---\ntitle: A peek\ncategory: Internals\n---\nText\n",
                "_posts/2020-10-27-delivering-social-change-with-elixir-at-change.org.markdown":
                    "---\ntitle: Change\ncategory: Elixir in Production\n---\nText\n",
                "_posts/2021-01-13-orchestrating-computer-vision-with-elixir-at-v7.markdown":
                    "---\ntitle: V7\nredirect_from: /blog/2021/01/13/orchestrating-computer-vision-with-elixir/\n---\nText\n",
            ])
        let summary = try await site.build()
        let expected = [
            "/", "/atom.xml", "/blog/", "/blog/categories.html", "/cases.html", "/install.html", "/getting-started/",
            "/getting-started/introduction.html", "/getting-started/mix-otp/", "/getting-started/mix-otp/agent.html",
            "/blog/2012/04/24/a-peek-inside-elixir-s-parallel-compiler/",
            "/blog/2020/10/27/delivering-social-change-with-elixir-at-change.org/",
            "/blog/2021/01/13/orchestrating-computer-vision-with-elixir-at-v7/",
            "/blog/2021/01/13/orchestrating-computer-vision-with-elixir/",
        ]
        // Each is one Jekyll publishes for the real site (the feed aside: compare.sh counts .html files).
        let published = Set(try String(contentsOf: Self.elixirURLs, encoding: .utf8).split(separator: "\n").map(String.init))
        #expect(published.count == 128)
        for url in expected where url != "/atom.xml" { #expect(published.contains(url), "\(url) is not Jekyll's") }
        for url in expected {
            let file = url.hasSuffix("/") ? String(url.dropFirst()) + "index.html" : String(url.dropFirst())
            #expect(site.exists(file), "\(url) is missing")
        }
        // The folders' index.html with redirect_to are the folders' pages, redirects as Jekyll makes them.
        #expect(summary.notes.count == 2)
        #expect(try site.page("getting-started/index.html").contains("url=https://elixir-lang.org/introduction\""))
    }

    @Test("_posts/ and a collection's folder get no list page, feed, sitemap entry, menu entry or breadcrumb, as in Jekyll")
    func noListOfUnderscoreFolders() async throws {
        let site = try jekyllSite("title: Blog\nurl: https://blog.example\ncollections:\n  recipes:\n    output: true\n", [
            "_posts/2024-03-05-hello.md": "---\ntitle: Hello\n---\nHello text\n",
            "_recipes/soup.md": "---\ntitle: Soup\n---\nSoup text\n",
            "about.md": "---\ntitle: About\n---\nAbout\n",
        ])
        try await site.build()
        #expect(!site.exists("_posts/index.html") && !site.exists("_posts/atom.xml"))
        #expect(!site.exists("_recipes/index.html"))
        #expect(!(try site.page("sitemap.xml")).contains("_posts"))
        let post = try site.page("2024/03/05/hello.html")
        #expect(!post.contains("href=\"/_posts/\""))
        #expect(!(try site.page("index.html")).contains("href=\"/_posts/\""))
    }
}
