import Foundation
import Testing
import Sitegen

@Suite("Building Examples/blog")
struct BlogExampleTests {
    @Test("every page, section list and file lands at its URL")
    func outputFiles() async throws {
        let site = try TestSite(example: "blog")
        let summary = try await site.build()
        #expect(summary.pages == 6)
        #expect(site.outputFiles() == [
            "404.html",
            "about/index.html",
            "assets/style.css",
            "atom.xml",
            "docs/first-steps/index.html",
            "docs/index.html",
            "docs/install/index.html",
            "favicon.svg",
            "index.html",
            "posts/a-weekend-in-the-hills/index.html",
            "posts/a-weekend-in-the-hills/ridge.png",
            "posts/atom.xml",
            "posts/index.html",
            "posts/measuring-a-build/index.html",
            "posts/rss.xml",
            "posts/why-static-sites/index.html",
            "robots.txt",
            "rss.xml",
            "sitemap.xml",
            "tags/index.html",
            "tags/performance/index.html",
            "tags/tools/index.html",
            "tags/walks/index.html",
            "tags/web/index.html",
        ])
        #expect(summary.warnings.isEmpty)
    }

    @Test("pages carry their title, date, tags, table of contents and content")
    func pageContent() async throws {
        let site = try TestSite(example: "blog")
        try await site.build()
        let page = try site.page("posts/measuring-a-build/index.html")
        #expect(page.contains("<title>Measuring a build · Field Notes</title>"))
        #expect(page.contains("<h1>Measuring a build</h1>"))
        #expect(page.contains("<time datetime=\"2026-02-02\">February 2, 2026</time>"))
        #expect(page.contains("Updated <time datetime=\"2026-02-05\">February 5, 2026</time>"))
        #expect(page.contains("<li><a href=\"/tags/tools/\">tools</a></li>\n<li><a href=\"/tags/performance/\">performance</a></li>"))
        #expect(page.contains("<li><a href=\"#reading-the-numbers\">Reading the numbers</a>\n<ol>\n<li><a href=\"#memory\">Memory</a></li>"))
        #expect(page.contains("<h2 id=\"reading-the-numbers\">Reading the numbers <a class=\"anchor\" href=\"#reading-the-numbers\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a></h2>"))
        #expect(page.contains("<span>1 min read</span>"))
        #expect(page.contains("<pre><code class=\"language-sh\">hyperfine --warmup <span class=\"mi\">2</span> <span class=\"s1\">'sitegen build .'</span>"),
                "the shell command is highlighted")
        #expect(page.contains("<section class=\"footnotes\" data-footnotes>"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/assets/style.css\">"))
    }

    @Test("relative links between Markdown files point at the pages' URLs")
    func rewrittenLinks() async throws {
        let site = try TestSite(example: "blog")
        try await site.build()
        let post = try site.page("posts/why-static-sites/index.html")
        #expect(post.contains("<a href=\"/posts/measuring-a-build/\">next post</a>"))
        #expect(post.contains("<a href=\"/docs/install/#from-source\">the install guide</a>"))
        let home = try site.page("index.html")
        #expect(home.contains("<a href=\"/docs/\">the docs</a>"))
        #expect(home.contains("<a href=\"/about/\">about me</a>"))
        #expect(try site.page("docs/first-steps/index.html").contains("<a href=\"/docs/install/\">the install guide</a>"))
    }

    @Test("a page bundle publishes its image beside the page")
    func bundle() async throws {
        let site = try TestSite(example: "blog")
        try await site.build()
        let page = try site.page("posts/a-weekend-in-the-hills/index.html")
        #expect(page.contains("<time datetime=\"2026-03-14\">March 14, 2026</time>"))
        // The page's first image: fetched at once, not lazily (lazyImages).
        #expect(page.contains("<img src=\"/posts/a-weekend-in-the-hills/ridge.png\" alt=\"The ridge at dawn\" title=\"The ridge at dawn\" "
                              + "decoding=\"async\" width=\"64\" height=\"32\" />"))
        let original = try Data(contentsOf: site.root.appendingPathComponent("content/posts/2026-03-14-a-weekend-in-the-hills/ridge.png"))
        #expect(try Data(contentsOf: site.output.appendingPathComponent("posts/a-weekend-in-the-hills/ridge.png")) == original)
    }

    @Test("section lists hold their pages newest first; the home page lists recent posts and sections")
    func lists() async throws {
        let site = try TestSite(example: "blog")
        try await site.build()
        let posts = try site.page("posts/index.html")
        #expect(posts.contains("<h1>Posts</h1>"))
        #expect(posts.contains("<p>Everything I have written, newest first.</p>"))
        let order = ["A weekend in the hills", "Measuring a build", "Why I went back to static sites"]
            .compactMap { posts.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
        let docs = try site.page("docs/index.html")
        #expect(try #require(docs.range(of: ">Install</a>")).lowerBound < #require(docs.range(of: ">First steps</a>")).lowerBound)
        let home = try site.page("index.html")
        #expect(home.contains("<h2>Recent</h2>"))
        #expect(home.contains("<a class=\"page-link\" href=\"/posts/measuring-a-build/\">Measuring a build</a>"))
        #expect(home.contains("<li><a href=\"/posts/\">Posts</a> <span class=\"count\">4</span></li>") == false)
        #expect(home.contains("<li><a href=\"/posts/\">Posts</a> <span class=\"count\">3</span></li>"))
        #expect(home.contains("<a class=\"page-link\" href=\"/about/\">About</a>"))
    }

    @Test("drafts are left out unless asked for, and so are future pages")
    func draftsAndFuture() async throws {
        let site = try TestSite(example: "blog")
        try await site.build()
        #expect(!site.exists("posts/unfinished-thoughts/index.html"))
        #expect(try !site.page("posts/index.html").contains("Unfinished thoughts"))
        try await site.build(BuildOptions(includeDrafts: true))
        #expect(site.exists("posts/unfinished-thoughts/index.html"))

        try site.write("---\ntitle: Later\ndate: 2099-01-01\n---\nSoon.\n", to: "content/posts/later.md")
        try await site.build()
        #expect(!site.exists("posts/later/index.html"))
        try await site.build(BuildOptions(includeFuture: true))
        #expect(site.exists("posts/later/index.html"))
    }

    @Test("every page is well-formed HTML")
    func wellFormed() async throws {
        let site = try TestSite(example: "blog")
        try await site.build(BuildOptions(includeDrafts: true))
        for file in site.outputFiles() where file.hasSuffix(".html") {
            #expect(HTMLChecker.problems(in: try site.page(file)).isEmpty, "\(file)")
        }
    }
}
