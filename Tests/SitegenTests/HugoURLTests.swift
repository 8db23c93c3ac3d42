import Foundation
import Sitegen
import Testing

/// A site moved from Hugo keeps every URL (issue 25): Hugo's permalinks, ugly URLs, content
/// folders per language, taxonomy and term pages, and pagers, as Hugo publishes them.
@Suite("Hugo's URLs")
struct HugoURLTests {
    /// A Hugo site of `files`, built with the library.
    private func build(_ files: [String: String]) async throws -> (TestSite, BuildSummary) {
        let site = try TestSite()
        for (path, text) in files { try site.write(text, to: path) }
        return (site, try await site.build())
    }

    /// One post in `content/posts/guides/` with a title, a slug and a date, under `pattern`.
    private func post(permalink pattern: String, slug: Bool = true) async throws -> TestSite {
        let (site, _) = try await build([
            "hugo.toml": "title = 'T'\n[permalinks.page]\nposts = '\(pattern)'\n",
            "content/posts/guides/My Post.md": "---\ntitle: Hello World\n\(slug ? "slug: the-slug\n" : "")date: 2024-03-05\n---\nText\n",
        ])
        return site
    }

    static let tokens: [(pattern: String, file: String)] = [
        ("/:year/:slug/", "2024/the-slug/index.html"),
        ("/:month/:slug/", "03/the-slug/index.html"),
        ("/:monthname/:slug/", "march/the-slug/index.html"),
        ("/:day/:slug/", "05/the-slug/index.html"),
        ("/:weekday/:slug/", "2/the-slug/index.html"),
        ("/:weekdayname/:slug/", "tuesday/the-slug/index.html"),
        ("/:yearday/:slug/", "65/the-slug/index.html"),
        ("/:section/:slug/", "posts/the-slug/index.html"),
        ("/:sections/:slug/", "posts/guides/the-slug/index.html"),
        ("/:sections[1:]/:slug/", "guides/the-slug/index.html"),
        ("/:sections[last]/:slug/", "guides/the-slug/index.html"),
        ("/x/:sections[:last]/:slug/", "x/posts/the-slug/index.html"),
        ("/t/:title/", "t/hello-world/index.html"),
        ("/s/:slug/", "s/the-slug/index.html"),
        ("/f/:filename/", "f/my-post/index.html"),
        ("/f/:slugorfilename/", "f/the-slug/index.html"),
        ("/c/:contentbasename/", "c/my-post/index.html"),
        ("/c/:slugorcontentbasename/", "c/the-slug/index.html"),
    ]

    @Test("each token of a permalink pattern is filled in from the page", arguments: tokens)
    func permalinkToken(_ token: (pattern: String, file: String)) async throws {
        let site = try await post(permalink: token.pattern)
        #expect(site.exists(token.file), "\(token.pattern) → \(site.outputFiles().filter { $0.hasSuffix(".html") })")
        #expect(try site.page(token.file).contains("Text"))
    }

    @Test(":slug without a slug is the slugified title; :slugorfilename the file name")
    func slugFallsBackToTitle() async throws {
        let site = try await post(permalink: "/:slug/", slug: false)
        #expect(site.exists("hello-world/index.html"))
        let other = try await post(permalink: "/n/:slugorfilename/", slug: false)
        #expect(other.exists("n/my-post/index.html"))
    }

    @Test("the plain form `section = pattern` places the section's pages, not its list page")
    func plainForm() async throws {
        let (site, _) = try await build([
            "hugo.toml": "[permalinks]\npost = '/p/:slug/'\npage = '/:slug/'\n",
            "content/post/First Post/index.md": "---\ntitle: First Post\ndate: 2024-01-01\n---\nOne\n",
            "content/page/about/index.md": "---\ntitle: About Us\n---\nUs\n",
        ])
        #expect(try site.page("p/first-post/index.html").contains("One"))
        #expect(try site.page("about-us/index.html").contains("Us"))
        #expect(site.exists("post/index.html"))
        #expect(site.exists("page/index.html"))
        #expect(!site.exists("post/first-post/index.html"))
    }

    @Test("[permalinks.section], [permalinks.taxonomy] and [permalinks.term] place the list pages")
    func listKinds() async throws {
        let (site, _) = try await build([
            "hugo.toml": """
                [permalinks.section]
                posts = '/articles/'
                [permalinks.taxonomy]
                tags = '/topics/'
                [permalinks.term]
                tags = '/topic/:slug/'

                """,
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [Swift Tips]\n---\nA\n",
        ])
        #expect(site.exists("articles/index.html"))
        #expect(site.exists("posts/a/index.html"))
        #expect(try site.page("topics/index.html").contains("href=\"/topic/swift-tips/\""))
        #expect(site.exists("topic/swift-tips/index.html"))
        #expect(!site.exists("tags/index.html"))
        #expect(try site.page("posts/a/index.html").contains("/topic/swift-tips/"))
    }

    @Test("front matter `url` wins over a permalink pattern")
    func urlWins() async throws {
        let (site, _) = try await build([
            "hugo.toml": "[permalinks]\nposts = '/p/:slug/'\n",
            "content/posts/a.md": "---\ntitle: A\nurl: /elsewhere/\n---\nA\n",
        ])
        #expect(site.exists("elsewhere/index.html"))
        #expect(!site.exists("p/a/index.html"))
    }

    @Test("uglyURLs = true publishes pages at /a/b.html")
    func uglyURLs() async throws {
        let (site, _) = try await build([
            "hugo.toml": "uglyURLs = true\n",
            "content/posts/hello.md": "---\ntitle: Hello\n---\nHi\n",
        ])
        #expect(try site.page("posts/hello.html").contains("Hi"))
        #expect(try site.page("posts/index.html").contains("href=\"/posts/hello.html\""))
    }

    @Test("uglyURLs as a table applies to the sections it names")
    func uglyURLsPerSection() async throws {
        let (site, _) = try await build([
            "hugo.toml": "[uglyURLs]\nposts = true\ndocs = false\n",
            "content/posts/hello.md": "---\ntitle: Hello\n---\nHi\n",
            "content/docs/intro.md": "---\ntitle: Intro\n---\nIn\n",
        ])
        #expect(site.exists("posts/hello.html"))
        #expect(site.exists("docs/intro/index.html"))
    }

    @Test("disablePathToLower keeps the case of terms and files in paths")
    func pathCase() async throws {
        let (site, _) = try await build([
            "hugo.toml": "disablePathToLower = true\n",
            "content/Guides/Setup.md": "---\ntitle: Setup\ncategories: [Example]\n---\nS\n",
        ])
        #expect(site.exists("categories/Example/index.html"))
        #expect(site.exists("Guides/Setup/index.html"))
    }

    @Test("a translated title gives the translation's slug, percent-encoded in links")
    func translatedSlug() async throws {
        let (site, _) = try await build([
            "hugo.toml": "defaultContentLanguage = 'en'\n[languages.en]\nweight = 1\n[languages.ja]\nweight = 2\n[permalinks]\npost = '/p/:slug/'\n",
            "content/post/shortcodes/index.md": "---\ntitle: Shortcodes\ndate: 2024-01-01\n---\nEn\n",
            "content/post/shortcodes/index.ja.md": "---\ntitle: ショートコード\ndate: 2024-01-01\n---\nJa\n",
        ])
        #expect(try site.page("p/shortcodes/index.html").contains("En"))
        #expect(try site.page("ja/p/ショートコード/index.html").contains("Ja"))
        #expect(try site.page("ja/index.html").contains("/ja/p/%E3%82%B7%E3%83%A7%E3%83%BC%E3%83%88%E3%82%B3%E3%83%BC%E3%83%89/"))
        // Hugo's /en/ sends readers to the home page of the default language.
        #expect(try site.page("en/index.html").contains("http-equiv=\"refresh\""))
    }

    @Test("contentDir per language: each folder's pages are in its language, and no content.xx folder is published")
    func contentDirPerLanguage() async throws {
        let (site, summary) = try await build([
            "hugo.toml": """
                title = 'Book'
                [languages.en]
                contentDir = 'content.en'
                weight = 1
                [languages.zh]
                contentDir = 'content.zh'
                weight = 2

                """,
            "content.en/docs/intro.md": "---\ntitle: Intro\n---\nHello\n",
            "content.zh/docs/intro.md": "---\ntitle: 介绍\n---\n你好\n",
            "themes/book/README.md": "# Not content\n",
        ])
        #expect(try site.page("docs/intro/index.html").contains("Hello"))
        #expect(try site.page("zh/docs/intro/index.html").contains("你好"))
        #expect(site.exists("zh/docs/index.html"))
        #expect(!site.outputFiles().contains { $0.hasPrefix("content.") || $0.hasPrefix("themes") })
        #expect(summary.foreignConfiguration?.file == "hugo.toml")
    }

    @Test("config/_default/ is read as one configuration, each file a key")
    func configFolder() async throws {
        let (site, summary) = try await build([
            "config/_default/hugo.toml": "title = 'Split'\n[permalinks]\nposts = '/p/:slug/'\n",
            "config/_default/languages.toml": "[en]\nweight = 1\n[zh]\nweight = 2\n",
            "config/_default/params.toml": "mainSections = ['posts']\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\nA\n",
            "content/posts/b/index.zh.md": "---\ntitle: B\ndate: 2024-01-01\n---\nB\n",
        ])
        #expect(try site.page("index.html").contains("<title>Split</title>"))
        #expect(site.exists("p/a/index.html"))
        #expect(site.exists("zh/p/b/index.html"))
        #expect(summary.foreignConfiguration?.file == "config/_default/hugo.toml")
    }

    @Test("taxonomy and term pages are published per language, for every taxonomy of the configuration")
    func taxonomiesPerLanguage() async throws {
        let (site, _) = try await build([
            "hugo.toml": "[taxonomies]\ntag = 'tags'\nseries = 'series'\ncategory = 'categories'\n[languages.en]\nweight = 1\n[languages.zh]\nweight = 2\n",
            "content/posts/a.md": "---\ntitle: A\ntags: [x]\nseries: [intro]\n---\nA\n",
            "content/posts/a.zh.md": "---\ntitle: A\ntags: [隐私]\n---\nA\n",
        ])
        #expect(site.exists("tags/x/index.html"))
        #expect(site.exists("series/intro/index.html"))
        #expect(site.exists("zh/tags/隐私/index.html"))
        // Hugo publishes a taxonomy's page in every language, with terms or without.
        #expect(site.exists("zh/series/index.html"))
        #expect(site.exists("categories/index.html"))
        #expect(site.exists("zh/categories/index.html"))
    }

    @Test("content/<taxonomy>/_index.md and content/<taxonomy>/<term>/_index.md are the text of those pages, not sections")
    func taxonomyContent() async throws {
        let (site, summary) = try await build([
            "hugo.toml": "title = 'T'\n",
            "content/categories/_index.md": "---\ntitle: All Categories\n---\nEvery category.\n",
            "content/categories/Documentation/_index.md": "---\ntitle: Docs\nslug: documentation\n---\nAbout the docs.\n",
            "content/post/a.md": "---\ntitle: A\ncategories: [Documentation]\n---\nA\n",
        ])
        let term = try site.page("categories/documentation/index.html")
        #expect(term.contains("About the docs."))
        #expect(term.contains("<h1>Docs"))
        let taxonomy = try site.page("categories/index.html")
        #expect(taxonomy.contains("Every category."))
        #expect(taxonomy.contains("All Categories"))
        #expect(!summary.warnings.contains { $0.description.contains("categories") })
    }

    @Test("pagers /page/N/ for the home page (its main sections), sections, terms and taxonomies, with pagerSize")
    func pagers() async throws {
        var files = [
            "config/_default/hugo.toml": "[pagination]\npagerSize = 3\n",
            "content/page/about.md": "---\ntitle: About\n---\nA\n",
        ]
        for number in 1...7 {
            files["content/post/p\(number).md"] = "---\ntitle: P\(number)\ndate: 2024-01-0\(number)\ntags: [t\(number), all]\n---\nP\n"
        }
        let (site, _) = try await build(files)
        #expect(site.exists("page/3/index.html"))
        #expect(!site.exists("page/4/index.html"))
        #expect(site.exists("post/page/3/index.html"))
        #expect(site.exists("tags/all/page/3/index.html"))
        #expect(site.exists("tags/page/3/index.html"))
        #expect(!site.exists("page/page/2/index.html"))
    }

    @Test("the older `paginate` key sets the pager size")
    func olderPaginate() async throws {
        var files = ["hugo.toml": "paginate = 2\n"]
        for number in 1...3 { files["content/post/p\(number).md"] = "---\ntitle: P\(number)\ndate: 2024-01-0\(number)\n---\nP\n" }
        let (site, _) = try await build(files)
        #expect(site.exists("post/page/2/index.html"))
        #expect(site.exists("page/2/index.html"))
    }

    @Test("a date before a file's name stays in its URL, as in Hugo, unless [frontmatter] reads dates from file names")
    func datePrefixes() async throws {
        let (kept, _) = try await build([
            "hugo.toml": "title = 'H'\n",
            "content/posts/2024-01-05-hello.md": "---\ntitle: Hello\n---\nHi\n",
        ])
        #expect(kept.exists("posts/2024-01-05-hello/index.html"))
        let (taken, _) = try await build([
            "hugo.toml": "title = 'H'\n[frontmatter]\ndate = [':filename', ':default']\n",
            "content/posts/2024-01-05-hello.md": "---\ntitle: Hello\n---\nHi\n",
        ])
        #expect(taken.exists("posts/hello/index.html"))
    }

    @Test("with uglyURLs a term's page is a file, paged as Hugo pages it (/tags/swift.html, /tags/swift/page/2.html); section lists stay folders")
    func uglyTermPages() async throws {
        let (site, _) = try await build([
            "hugo.toml": "title = 'U'\nuglyURLs = true\n[pagination]\npagerSize = 1\n[taxonomies]\ntag = 'tags'\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2024-01-02\ntags: [swift]\n---\nHi\n",
            "content/posts/two.md": "---\ntitle: Two\ndate: 2024-01-03\ntags: [swift]\n---\nHi\n",
        ])
        #expect(site.exists("tags/swift.html") && site.exists("tags/swift/page/2.html"))
        #expect(site.exists("posts/index.html") && site.exists("posts/page/2/index.html"))
        #expect(try site.page("posts/hello.html").contains("href=\"/tags/swift.html\""))
        #expect(try site.page("tags/swift.html").contains("href=\"/tags/swift/page/2.html\""))
    }

    @Test("names slug as Hugo's urlize makes them (Notes & Thoughts → notes--thoughts), and a section's slug names its folder in every URL below it")
    func hugoNamesAndSectionSlugs() async throws {
        let (site, _) = try await build([
            "hugo.toml": "title = 'H'\n[taxonomies]\ncategory = 'categories'\n",
            "content/Docs/_index.md": "---\ntitle: Docs\nslug: documentation\n---\n",
            "content/Docs/Getting Started/Install Guide.md": "---\ntitle: Install\n---\nx\n",
            "content/Docs/Getting Started/bundle/index.md": "---\ntitle: Bundle\n---\nx\n",
            "content/notes/Notes & Thoughts.md": "---\ntitle: N\ncategories: [Notes & Thoughts]\n---\nx\n",
        ])
        #expect(site.exists("documentation/index.html"))
        #expect(site.exists("documentation/getting-started/index.html"))
        #expect(site.exists("documentation/getting-started/install-guide/index.html"))
        #expect(site.exists("documentation/getting-started/bundle/index.html"))
        #expect(site.exists("categories/notes--thoughts/index.html"))
        #expect(site.exists("notes/notes--thoughts/index.html"))
        #expect(!site.exists("docs/index.html"))
    }

    @Test("a live build moves a section's pages when its _index.md slug changes")
    func liveSectionSlug() async throws {
        let site = try TestSite()
        try site.write("title = 'H'\n", to: "hugo.toml")
        let index = try site.write("---\ntitle: Docs\nslug: documentation\n---\n", to: "content/docs/_index.md")
        try site.write("---\ntitle: Page\n---\nx\n", to: "content/docs/page.md")
        let live = LiveSiteBuilder(site: Site(), root: site.root)
        try await live.build()
        #expect(site.exists("documentation/page/index.html"))
        try "---\ntitle: Docs\nslug: manual\n---\n".write(to: index, atomically: true, encoding: .utf8)
        try await live.build(changed: [index.standardizedFileURL.path])
        #expect(site.exists("manual/page/index.html"))
        #expect(!site.exists("documentation/page/index.html"))
    }

    /// A Hugo site with an absolute base, two dated posts tagged `Swift`, and `config` after its title.
    private func feedSite(_ config: String = "") async throws -> TestSite {
        let (site, _) = try await build([
            "hugo.toml": "title = 'T'\nbaseURL = 'https://example.org/'\n\(config)",
            "content/posts/one.md": "---\ntitle: One\ndate: 2024-03-05\ntags: [Swift]\n---\nText\n",
            "content/posts/two.md": "---\ntitle: Two\ndate: 2024-04-05\ntags: [Swift, go]\n---\nText\n",
        ])
        return site
    }

    @Test("Hugo's RSS feeds keep their URLs: the site's, each section's and each term's index.xml, each linking itself")
    func feedURLs() async throws {
        let site = try await feedSite()
        let home = try site.page("index.xml")
        #expect(home.contains("<atom:link href=\"https://example.org/index.xml\" rel=\"self\""))
        #expect(home.contains("<title>Two</title>") && home.contains("<title>One</title>"))
        #expect(try site.page("posts/index.xml").contains("<atom:link href=\"https://example.org/posts/index.xml\" rel=\"self\""))
        let swift = try site.page("tags/swift/index.xml")
        #expect(swift.contains("<title>Swift · T</title>"))
        #expect(try site.page("tags/go/index.xml").contains("<title>Go · T</title>"))
        #expect(swift.components(separatedBy: "<item>").count == 3)
        #expect(swift.range(of: "<title>Two</title>")!.lowerBound < swift.range(of: "<title>One</title>")!.lowerBound)
        let go = try site.page("tags/go/index.xml")
        #expect(go.contains("<title>Two</title>") && !go.contains("<title>One</title>"))
        // sitegen's own feeds stay, each linking itself; a term has only Hugo's.
        #expect(try site.page("rss.xml").contains("<atom:link href=\"https://example.org/rss.xml\" rel=\"self\""))
        #expect(try site.page("atom.xml").contains("<link rel=\"self\" href=\"https://example.org/atom.xml\"/>"))
        #expect(!site.exists("tags/swift/rss.xml") && !site.exists("tags/swift/atom.xml"))
    }

    @Test("no RSS at index.xml for a kind disableKinds names, or whose [outputs] leave RSS out; none with rss disabled; a site's own index.xml stays")
    func feedKinds() async throws {
        for kinds in ["['RSS']", "'rss'"] {
            let noRSS = try await feedSite("disableKinds = \(kinds)\n")
            #expect(!noRSS.exists("index.xml") && !noRSS.exists("posts/index.xml") && !noRSS.exists("tags/swift/index.xml"))
            #expect(noRSS.exists("rss.xml"))
        }
        let own = try TestSite()
        try own.write("title = 'T'\nbaseURL = 'https://example.org/'\n", to: "hugo.toml")
        try own.write("---\ntitle: One\ndate: 2024-03-05\n---\nText\n", to: "content/posts/one.md")
        try own.write("<mine/>", to: "static/index.xml")
        try await own.build()
        #expect(try own.page("index.xml") == "<mine/>" && own.exists("posts/index.xml"))
        let outputs = try await feedSite("disableKinds = ['term']\n[outputs]\nhome = ['HTML', 'JSON']\n")
        #expect(!outputs.exists("index.xml") && !outputs.exists("tags/swift/index.xml"))
        #expect(outputs.exists("posts/index.xml"))
    }

    @Test("a site of sitegen's own has no index.xml feeds")
    func ownSiteFeeds() async throws {
        let (site, _) = try await build([
            "sitegen.yml": "title: T\nbaseURL: https://example.org/\n",
            "content/posts/one.md": "---\ntitle: One\ndate: 2024-03-05\ntags: [Swift]\n---\nText\n",
        ])
        #expect(site.exists("rss.xml") && !site.exists("index.xml") && !site.exists("posts/index.xml") && !site.exists("tags/swift/index.xml"))
    }

    @Test("a note names each layouts folder whose page layouts are not run; shortcode files alone need none")
    func layoutNotes() async throws {
        let (site, summary) = try await build([
            "hugo.toml": "title = 'T'\ntheme = 'paper'\n",
            "content/a.md": "A\n",
            "layouts/shortcodes/note.html": "<aside>{{ .Inner }}</aside>",
            "themes/paper/layouts/_default/single.html": "{{ .Content }}",
            "themes/paper/layouts/shortcodes/x.html": "x",
            "themes/plain/layouts/_shortcodes/y.html": "y",
        ])
        #expect(summary.notes.map(\.description) == [
            "themes/paper/layouts/: Hugo's page layouts are not run: sitegen draws the pages with its own theme (the shortcode files are run)",
        ])
        #expect(site.exists("a/index.html"))
        try site.write("{{ define \"main\" }}{{ end }}", to: "layouts/_default/baseof.html")
        #expect(try await site.build().notes.map(\.file) == ["layouts/", "themes/paper/layouts/"])
    }

    @Test("the static files of the themes `theme` names are published under the site's own, but where sitegen's theme has its stylesheet")
    func themeStaticFiles() async throws {
        let (site, summary) = try await build([
            "hugo.toml": "title = 'T'\ntheme = ['paper', 'base']\n",
            "content/a.md": "A\n",
            "static/logo.png": "site logo",
            "themes/paper/static/logo.png": "paper logo",
            "themes/paper/static/images/hero.jpg": "paper hero",
            "themes/base/static/images/hero.jpg": "base hero",
            "themes/base/static/js/base.js": "base js",
            "themes/base/static/assets/style.css": "base css",
            "themes/base/static/index.html": "base home",
            "themes/base/static/404.html": "base 404",
            "themes/base/static/tags/x.txt": "under a taxonomy",
            "themes/base/static/docs/page/2/index.html": "a pager's",
            "themes/other/static/other.txt": "other",
        ])
        #expect(try site.page("logo.png") == "site logo")
        #expect(try site.page("images/hero.jpg") == "paper hero")
        #expect(try site.page("js/base.js") == "base js")
        #expect(try site.page("assets/style.css") != "base css")
        #expect(!site.exists("other.txt"))
        // Where sitegen writes its lists and indexes, never a theme's file.
        #expect(try site.page("index.html") != "base home" && site.page("404.html") != "base 404")
        #expect(!site.exists("tags/x.txt") && !site.exists("docs/page/2/index.html"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let (climbing, told) = try await build(["hugo.toml": "title = 'T'\ntheme = ['..', 'gone']\n", "content/a.md": "A\n", "static/x.txt": "x"])
        #expect(climbing.exists("x.txt") && !climbing.exists("static/x.txt"))
        #expect(told.warnings.map(\.description) == [
            "themes/../: `theme = \"..\"` names no folder of themes/; the theme's static files and words are not read",
            "themes/gone/: `theme = \"gone\"` names no folder of themes/; the theme's static files and words are not read",
        ])
    }

    @Test("a term without a title of its own is titled by its term in title case on its page and its taxonomy's, as Hugo titles it, unless capitalizeListTitles = false")
    func termTitles() async throws {
        let files = ["content/a.md": "---\ntitle: A\ntags: [scene, web and cloud]\n---\nA\n"]
        let (site, _) = try await build(files.merging(["hugo.toml": "title = 'T'\n"]) { $1 })
        #expect(try site.page("tags/scene/index.html").contains("<h1>Scene <span class=\"count\">1</span></h1>"))
        #expect(try site.page("tags/scene/index.html").contains("<title>Scene"))
        #expect(try site.page("tags/web-and-cloud/index.html").contains("<h1>Web and Cloud <span"))
        #expect(try site.page("tags/index.html").contains(">Scene</a>") && site.page("tags/index.html").contains(">Web and Cloud</a>"))
        let (plain, _) = try await build(files.merging(["hugo.toml": "title = 'T'\ncapitalizeListTitles = false\n"]) { $1 })
        #expect(try plain.page("tags/scene/index.html").contains("<h1>scene <span"))
    }
}
