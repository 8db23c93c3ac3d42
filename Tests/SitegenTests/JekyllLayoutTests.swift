import Foundation
@testable import Sitegen
import Testing

/// A Jekyll site keeps its look: pages whose `layout:` names one of its own `_layouts/` are
/// drawn by that layout, as Jekyll draws them.
@Suite("Jekyll sites' own layouts")
struct JekyllLayoutTests {
    /// A Jekyll site: `_config.yml` with `config`, and `files` by path.
    private func jekyllSite(_ config: String, _ files: [String: String]) throws -> TestSite {
        try TestSite(jekyll: config, files)
    }

    private static let config = """
        title: Site
        url: https://example.org
        permalink: /blog/:year/:month/:day/:title/
        defaults:
          - scope:
              path: ""
              type: posts
            values:
              layout: post
              image: /images/card.jpg

        """

    private static let layouts = [
        "_layouts/default.html": "<html><head>{% seo title=false %}<title>{% if page.title %}{{ page.title }} - {% endif %}Site</title></head>\n"
            + "<body class=\"{{ layout.section }}\">{{ content }}{% include foot.html %}</body></html>\n",
        "_layouts/post.html": "---\nlayout: default\nsection: blog\n---\n<h1>{{ page.title }}</h1>\n<div class=\"entry\">{{ content }}</div>\n",
        "_includes/foot.html": "<footer>{{ site.title }} foot</footer>",
    ]

    @Test("a post is drawn by its layout and the layouts it names, with page, layout, site, content and {% seo %}")
    func postInLayouts() async throws {
        let site = try jekyllSite(Self.config, Self.layouts.merging([
            "_posts/2024-03-01-hello.md": "---\ntitle: Hello\nauthors: [Ann, Bob]\n---\n# First heading\n\nSome *text* and `code`.\n\n```ruby\nputs 1\n```\n",
        ]) { $1 })
        let summary = try await site.build()
        let post = try site.page("blog/2024/03/01/hello/index.html")
        #expect(post.hasPrefix("<html><head><meta property=\"og:title\" content=\"Hello\" />\n<meta name=\"author\" content=\"Ann\" />\n"), "\(post)")
        #expect(post.contains("<link rel=\"canonical\" href=\"https://example.org/blog/2024/03/01/hello/\" />"))
        // `image` from `defaults:`, absolute; the post is an article.
        #expect(post.contains("<meta property=\"og:image\" content=\"https://example.org/images/card.jpg\" />"))
        #expect(post.contains("<meta property=\"og:type\" content=\"article\" />"))
        // `title=false`: the layout writes its own title.
        #expect(post.components(separatedBy: "<title>").count == 2 && post.contains("<title>Hello - Site</title>"))
        #expect(post.contains("<body class=\"blog\"><h1>Hello</h1>\n<div class=\"entry\">"))
        // The text whole, its first heading kept, as Jekyll renders it.
        #expect(post.contains("<h1 id=\"first-heading\">First heading</h1>") || post.contains(">First heading</h1>"), "\(post)")
        #expect(post.contains("<p>Some <em>text</em> and <code class=\"language-plaintext highlighter-rouge\">code</code>.</p>"))
        // Code blocks in Rouge's markup, which the site's stylesheet colours.
        #expect(post.contains("<div class=\"language-ruby highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>"))
        #expect(post.hasSuffix("</div>\n<footer>Site foot</footer></body></html>\n"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("a root or folder index.html that names a layout is the home or folder page, listing site.posts")
    func homeInLayout() async throws {
        let site = try jekyllSite(Self.config, Self.layouts.merging([
            "index.html": "---\nlayout: default\n---\n<ul>{% for post in site.posts %}<li><a href=\"{{ post.url }}\">{{ post.title }}</a>: {{ post.excerpt }}</li>{% endfor %}</ul>\n",
            "blog/index.html": "---\nlayout: default\ntitle: Blog\n---\n<p>{{ site.posts.size }} posts</p>\n",
            "blog/about.md": "---\ntitle: About\nlayout: default\n---\nAbout us\n",
            "blog/hidden.md": "---\ntitle: Hidden\nlayout: default\nsitemap: false\n---\nHidden\n",
            "404.html": "---\nlayout: default\ntitle: Lost\npermalink: /404.html\n---\n<p>Nothing here</p>\n",
            "_posts/2024-03-01-hello.md": "---\ntitle: Hello\nexcerpt: Said hello\n---\nFirst words\n",
            "_posts/2024-04-01-again.md": "---\ntitle: Again\n---\nSecond words\n",
        ]) { $1 })
        let summary = try await site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<title>Site</title>"), "\(home)")
        #expect(home.contains("<ul><li><a href=\"/blog/2024/04/01/again/\">Again</a>: <p>Second words</p>\n</li>"
                              + "<li><a href=\"/blog/2024/03/01/hello/\">Hello</a>: Said hello</li></ul>"), "\(home)")
        #expect(home.contains("<meta property=\"og:type\" content=\"website\" />"))
        #expect(try site.page("blog/index.html").contains("<title>Blog - Site</title>"))
        #expect(try site.page("blog/index.html").contains("<p>2 posts</p>"))
        let lost = try site.page("404.html")
        #expect(lost.contains("<title>Lost - Site</title>") && lost.contains("<p>Nothing here</p>"), "\(lost)")
        let sitemap = try site.page("sitemap.xml")
        #expect(!sitemap.contains("404") && !sitemap.contains("hidden") && sitemap.contains("/blog/about/"), "\(sitemap)")
        #expect(summary.notes.isEmpty, "\(summary.notes)")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("check takes /about to name about.html in a Jekyll site, as GitHub Pages serves it, and only there")
    func extensionlessLinks() async throws {
        let files = [
            "_layouts/default.html": "<a href=\"/trademarks\">TM</a> <a href=\"/nowhere\">x</a>{{ content }}",
            "trademarks.md": "---\ntitle: Trademarks\nlayout: default\n---\nTM\n",
        ]
        let jekyll = try jekyllSite("title: Site\n", files)
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: jekyll.root)).buildInMemory()
        #expect(build.files["trademarks.html"] != nil)
        let problems = LinkChecker(build: build, layout: SiteLayout(root: jekyll.root), baseURL: build.baseURL).problems().map(\.message)
        #expect(problems == ["broken link: /nowhere"], "\(problems)")
        // A layout's broken link is told once, at the layout's line, for all the pages it draws.
        let many = try jekyllSite("title: Site\n", (1...5).reduce(into: [
            "_layouts/default.html": "---\nlayout: base\n---\n<main>{{ content }}</main>",
            "_layouts/base.html": "<html>\n<a href=\"/nowhere\">x</a>{{ content }}</html>",
        ]) { $0["p\($1).md"] = "---\ntitle: P\($1)\nlayout: default\n---\nText\n" })
        let manyBuild = try await SiteBuilder(site: Site(), layout: SiteLayout(root: many.root)).buildInMemory()
        let told = LinkChecker(build: manyBuild, layout: SiteLayout(root: many.root), baseURL: manyBuild.baseURL).problems().map(\.description)
        #expect(told == ["_layouts/base.html:2: broken link: /nowhere"], "\(told)")
        // Where no text holds it (the theme's link), once, with the count.
        let grouped = LinkChecker.grouped(Set(["a.md", "b.md", "c.md"].map { LinkChecker.Problem(file: $0, line: nil, message: "broken link: /x") }
                                              + [LinkChecker.Problem(file: "d.md", line: 3, message: "broken link: /x")]))
        #expect(grouped.map { $0.description } == ["a.md: broken link: /x (in 3 pages, the first here; not in their texts: the theme's or a layout's)",
                                                "d.md:3: broken link: /x"])
        // A site of sitegen's own: a host may not serve /page.html at /page.
        let own = try TestSite()
        try own.write("title: Site\nuglyURLs: true\n", to: "sitegen.yml")
        try own.write("---\ntitle: Page\n---\n[a](/page) [b](/page.html)\n", to: "content/page.md")
        let ownBuild = try await SiteBuilder(site: Site(), layout: SiteLayout(root: own.root)).buildInMemory()
        #expect(ownBuild.files["page.html"] != nil)
        let ownProblems = LinkChecker(build: ownBuild, layout: SiteLayout(root: own.root), baseURL: ownBuild.baseURL).problems().map(\.message)
        #expect(ownProblems == ["broken link: /page"], "\(ownProblems)")
    }

    @Test("layout: null or none is no layout: the page is its HTML alone, as Jekyll writes it")
    func noLayout() async throws {
        let site = try jekyllSite(Self.config, [
            "index.html": "---\nlayout: none\n---\n<!doctype html><title>Home</title>{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
            "raw.md": "---\ntitle: Raw\nlayout: null\n---\n# Raw\n\nJust `this`.\n",
            "_posts/2024-03-01-hello.md": "---\ntitle: Hello\nlayout: null\n---\nHi\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("index.html") == "<!doctype html><title>Home</title>Hello\n")
        let raw = try site.page("raw/index.html")
        #expect(raw == "<h1 id=\"raw\">Raw</h1>\n<p>Just <code class=\"language-plaintext highlighter-rouge\">this</code>.</p>\n", "\(raw)")
        #expect(try site.page("blog/2024/03/01/hello/index.html") == "<p>Hi</p>\n")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("an HTML page that names no layout is its HTML alone; {% highlight %} in a layout is escaped and coloured in Jekyll's figure")
    func htmlWithoutLayoutAndHighlight() async throws {
        let site = try jekyllSite(Self.config, [
            "full.html": "---\ntitle: Full\n---\n<!DOCTYPE html><html><body>{{ page.title }}</body></html>\n",
            "_layouts/code.html": "<main>{% highlight html %}<script>alert(1)</script>{% endhighlight %}</main>{{ content }}",
            "code.md": "---\ntitle: Code\nlayout: code\n---\nText\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("full/index.html") == "<!DOCTYPE html><html><body>Full</body></html>\n")
        let code = try site.page("code/index.html")
        #expect(code.hasPrefix("<main><figure class=\"highlight\"><pre><code class=\"language-html\" data-lang=\"html\">"), "\(code)")
        #expect(!code.contains("<script>") && code.contains("&lt;"), "\(code)")
        #expect(code.contains("</code></pre></figure></main><p>Text</p>"), "\(code)")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("folders' pages and layouts see each post's content, its excerpt cut from its HTML at excerpt_separator, and its previous and next post")
    func contentExcerptsAndNeighbours() async throws {
        let site = try jekyllSite(Self.config + "excerpt_separator: <!--more-->\n", [
            "_layouts/post.html": "<h1>{{ page.title }}</h1>{{ content }}<nav>{{ page.previous.title }}|{{ page.next.title }}</nav>",
            "index.html": "---\nlayout: none\n---\n{% for post in site.posts %}[{{ post.title }}: {{ post.excerpt | strip }}]{% endfor %}"
                + "{{ site.posts.first.content }}",
            "_posts/2024-03-01-one.md": "---\ntitle: One\n---\nFirst {{ site.title }} part\n\n<!--more-->\n\nRest\n",
            "_posts/2024-03-02-two.md": "---\ntitle: Two\n---\nOnly *part*\n",
            "_posts/2024-03-03-three.md": "---\ntitle: Three\nexcerpt: Given\n---\nThird\n",
        ])
        let summary = try await site.build()
        let home = try site.page("index.html")
        #expect(home == "[Three: Given][Two: <p>Only <em>part</em></p>][One: <p>First Site part</p>]<p>Third</p>\n", "\(home)")
        #expect(try site.page("blog/2024/03/02/two/index.html").hasSuffix("<nav>One|Three</nav>"))
        #expect(try site.page("blog/2024/03/01/one/index.html").hasSuffix("<nav>|Two</nav>"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("a text file with front matter (search.json, a stylesheet) has its Liquid run and is written where it is, or at its permalink")
    func liquidFiles() async throws {
        let site = try jekyllSite(Self.config, [
            "search.json": "---\n---\n[{% for post in site.posts %}{\"title\": {{ post.title | jsonify }}, \"text\": {{ post.content | strip_html | strip | jsonify }}}{% endfor %}]\n",
            "assets/site.css": "---\n---\nbody::before { content: \"{{ site.title }}\" }\n",
            "feeds/all.xml": "---\npermalink: /all-posts.xml\n---\n<feed>{{ site.posts.size }}</feed>\n",
            "broken.txt": "---\n---\n{% tablerow x in page.list %}{% endtablerow %}\n",
            "plain.json": "{\"a\": 1}\n",
            "_posts/2024-03-01-one.md": "---\ntitle: One\n---\nFirst *post*\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("search.json") == "[{\"title\": \"One\", \"text\": \"First post\"}]\n")
        #expect(try site.page("assets/site.css") == "body::before { content: \"Site\" }\n")
        #expect(try site.page("all-posts.xml") == "<feed>1</feed>\n")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("feeds/all.xml").path))
        #expect(try site.page("plain.json") == "{\"a\": 1}\n")
        #expect(try site.page("broken.txt") == "{% tablerow x in page.list %}{% endtablerow %}\n")
        // The posts' `layout: post` (from `defaults:`) names no layout of the site: where one would go.
        #expect(summary.warnings.map(\.message).contains(
            "`layout: post` names no template; rendered with the page template. "
                + "Add _layouts/post.html (drawn as Jekyll draws it) or templates/post.mustache to give it one"), "\(summary.warnings)")
        #expect(summary.warnings.map(\.description).filter { !$0.contains("names no template") } == [
            "broken.txt:3: Liquid not run: uses tag tablerow, which sitegen does not run; the file is published as written",
        ])
    }

    @Test("a home page that reads jekyll-paginate's paginator is written once for each page of posts, at paginate_path")
    func paginator() async throws {
        let posts = (1...5).map { ("_posts/2024-03-0\($0)-post-\($0).md", "---\ntitle: Post \($0)\n---\nText \($0)\n") }
        let site = try jekyllSite("title: Site\nurl: https://example.org\npaginate: 2\n", Dictionary(uniqueKeysWithValues: posts).merging([
            "_layouts/default.html": "<main>{{ content }}</main>",
            "index.html": "---\nlayout: default\n---\n{{ paginator.page }}/{{ paginator.total_pages }}:"
                + "{% for post in paginator.posts %} {{ post.title }}{% endfor %}"
                + " [{{ paginator.previous_page_path }}|{{ paginator.next_page_path }}]",
        ]) { $1 })
        let summary = try await site.build()
        #expect(try site.page("index.html") == "<main>1/3: Post 5 Post 4 [|/page2/]</main>")
        #expect(try site.page("page2/index.html") == "<main>2/3: Post 3 Post 2 [/|/page3/]</main>")
        #expect(try site.page("page3/index.html") == "<main>3/3: Post 1 [/page2/|]</main>")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("page/2/index.html").path))
        #expect(summary.warnings.filter { !$0.message.contains("names no template") }.isEmpty, "\(summary.warnings)")
    }

    @Test("a collection's documents are site.LABEL and in site.collections, each knowing its collection")
    func collections() async throws {
        let site = try jekyllSite("title: Site\ncollections:\n  recipes:\n    output: true\n", [
            "_recipes/soup.md": "---\ntitle: Soup\n---\nHot\n",
            "_recipes/salad.md": "---\ntitle: Salad\n---\nCold\n",
            "_posts/2024-03-01-one.md": "---\ntitle: One\n---\nText\n",
            "index.html": "---\nlayout: none\n---\n{% assign sorted = site.recipes | sort: 'title' %}{% for r in sorted %}{{ r.title }}:{{ r.collection }} {% endfor %}"
                + "{% for c in site.collections %}[{{ c.label }} {{ c.docs.size }}]{% endfor %}{{ site.posts.first.collection }}"
                + "{% for r in site.recipes %}({{ r.previous.title }}<{{ r.title }}>{{ r.next.title }}){% endfor %}",
        ])
        _ = try await site.build()
        #expect(try site.page("index.html") == "Salad:recipes Soup:recipes [posts 1][recipes 2]posts(<Salad>Soup)(Salad<Soup>)")
    }

    @Test("kramdown's * TOC with {:toc} is the page's table of contents, without the headings marked {:.no_toc} (among other classes)")
    func kramdownTableOfContents() async throws {
        let site = try jekyllSite(Self.config, [
            "guide.md": "---\ntitle: Guide\nlayout: none\n---\n## Contents\n{: .no_toc .text-delta }\n\n* TOC\n{:toc}\n\n## Install\n\n### Linux\n\n## Use\n\n"
                + "```\n* TOC\n{:toc}\n```\n",
        ])
        _ = try await site.build()
        let guide = try site.page("guide/index.html")
        #expect(guide.contains("<ul id=\"markdown-toc\"><li><a href=\"#install\">Install</a><ul><li><a href=\"#linux\">Linux</a></li></ul></li>"
                               + "<li><a href=\"#use\">Use</a></li></ul>"), "\(guide)")
        #expect(!guide.contains("contents\">Contents</a>"))
        // The list on the line after a heading is the heading's, as kramdown reads it.
        #expect(guide.contains("<h2 id=\"contents\" class=\"no_toc text-delta\">Contents</h2>"), "\(guide)")
        // In code, as written.
        #expect(guide.contains("<code>* TOC\n{:toc}\n</code>"), "\(guide)")
    }

    @Test("just-the-docs' idioms: a folder's index.md is in site.pages and site.html_pages and {% link %} finds it; include parameters escape their quotes")
    func documentationThemeIdioms() async throws {
        let site = try jekyllSite(Self.config, [
            "_layouts/doc.html": "<nav>{% for p in site.html_pages %}[{{ p.title }} {{ p.url }} {{ p.path }}]{% endfor %}</nav>"
                + "{% include anchor.html body=\"<svg a=\\\"1\\\"></svg>\" plain='it\\'s' other=\"x\" %}{{ content }}",
            "_includes/anchor.html": "({{ include.body }}|{{ include.plain }}|{{ include.other }})",
            "docs/index.md": "---\ntitle: Docs\nlayout: doc\n---\nSee [code]({% link docs/code/index.md %}).\n",
            "docs/code/index.md": "---\ntitle: Code\nparent: Docs\nlayout: doc\n---\nCode\n",
            "docs/feed.json": "---\n---\n{}\n",
        ])
        let summary = try await site.build()
        #expect(!summary.warnings.contains { $0.message.contains("names no page") }, "\(summary.warnings)")
        let docs = try site.page("docs/index.html")
        #expect(docs.contains("<nav>[Code /docs/code/ docs/code/index.md][Docs /docs/ docs/index.md]</nav>"), "\(docs)")
        #expect(docs.contains("(<svg a=\"1\"></svg>|it's|x)"), "\(docs)")
        #expect(docs.contains("<a href=\"/docs/code/\">code</a>"), "\(docs)")
    }

    @Test("site.pages and site.html_pages hold what Jekyll 4.3.1 lists, in its order: folder index pages and files with front matter, no posts or collection documents")
    func pageLists() async throws {
        var files = [
            "search.json": "---\n---\n{}\n", "style.css": "---\n---\nbody{}\n", "x.md": "---\npermalink: /x.html\ntitle: X\n---\nx\n",
            "_posts/2020-01-01-p.md": "---\ntitle: P\n---\np\n", "_things/one.md": "---\ntitle: One\n---\nOne\n",
            "404.html": "---\nlayout: null\n---\nP:{% for p in site.pages %}{{ p.path }}={{ p.url }} {% endfor %}\n"
                + "H:{% for p in site.html_pages %}{{ p.path }} {% endfor %}\n",
        ]
        for name in ["index.md", "about.md", "docs/index.md", "docs/a.md", "Zed.md"] { files[name] = "---\ntitle: \(name)\n---\nx\n" }
        let site = try jekyllSite("title: T\ncollections: [things]\n", files)
        _ = try await site.build()
        #expect(try site.page("404.html") == "P:404.html=/404.html Zed.md=/Zed.html docs/a.md=/docs/a.html about.md=/about.html "
                + "docs/index.md=/docs/ index.md=/ search.json=/search.json style.css=/style.css x.md=/x.html \n"
                + "H:404.html Zed.md docs/a.md about.md docs/index.md index.md x.md \n")
    }

    @Test("dates of front matter and data files show as Jekyll shows Ruby's values, and the date filter reads them")
    func frontMatterDates() async throws {
        let site = try jekyllSite("title: Site\ntimezone: Asia/Shanghai\ncollections: [things]\n", [
            "_data/x.yml": "when: 2021-03-04\n",
            "page.html": "---\nlayout: null\nd: 2020-01-02\nt: 2020-05-06 10:00:00 +0000\n---\n"
                + "{{ page.d }}|{{ page.d | date: \"%Y\" }}|{{ page.t }}|{{ page.t | date: \"%H:%M\" }}|{{ site.data.x.when | date: \"%b %-d\" }}"
                + "|{% for p in site.pages %}{{ p.path }} {% endfor %}|{% for d in site.documents %}{{ d.path }} {% endfor %}",
            "_things/one.md": "---\ntitle: One\n---\nOne\n",
        ])
        _ = try await site.build()
        // As Jekyll 4.3.1 writes it: a time with the offset written, a day as it is, whatever the zone;
        // a collection's document is not a page.
        #expect(try site.page("page.html") == "2020-01-02|2020|2020-05-06 10:00:00 +0000|10:00|Mar 4|page.html |_things/one.md ")
    }

    @Test("an excerpt cut from HTML is whole elements: a first list, a separator inside a paragraph")
    func balancedExcerpts() async throws {
        let site = try jekyllSite(Self.config, [
            "index.html": "---\nlayout: none\n---\n{% for post in site.posts %}[{{ post.excerpt }}]{% endfor %}",
            "_posts/2024-03-01-list.md": "---\ntitle: List\n---\n* a\n* b\n\nafter\n",
            "_posts/2024-03-02-inside.md": "---\ntitle: Inside\nexcerpt_separator: \"Beta\"\n---\nAlpha Beta\n\nGamma\n",
            "_posts/2024-03-03-code.md": "---\ntitle: Code\n---\n```\n<x>\n```\n\nafter\n",
        ])
        _ = try await site.build()
        let home = try site.page("index.html")
        #expect(home == "[<div class=\"language-plaintext highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>&lt;x&gt;\n</code></pre></div></div>\n][<p>Alpha Beta</p>\n][<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n]", "\(home)")
    }

    @Test("a home page whose layout reads paginator is paged; a page's title is its front matter's alone, as in Jekyll")
    func paginatorInLayout() async throws {
        let posts = (1...3).map { ("_posts/2024-03-0\($0)-post-\($0).md", "---\ntitle: Post \($0)\n---\nText \($0)\n") }
        let site = try jekyllSite("title: Site\npaginate: 2\n", Dictionary(uniqueKeysWithValues: posts).merging([
            "_layouts/home.html": "{% if page.title %}T{% else %}untitled{% endif %}:{% for post in paginator.posts %} {{ post.title }}{% endfor %}",
            "index.html": "---\nlayout: home\n---\n",
            "_posts/2024-03-04-hidden.md": "---\ntitle: Hidden\nhidden: true\n---\nText\n",
            "robots.txt": "---\n---\nSitemap: {{ site.title }}\n",
        ]) { $1 })
        _ = try await site.build()
        #expect(try site.page("index.html") == "untitled: Post 3 Post 2")
        #expect(try site.page("page2/index.html") == "untitled: Post 1")
        #expect(try site.page("robots.txt") == "Sitemap: Site\n")
    }

    @Test("two text files written at one path are an error naming both")
    func liquidFilesAtOnePath() async throws {
        let site = try jekyllSite("title: Site\n", [
            "a.json": "---\npermalink: /b.json\n---\n1\n",
            "b.json": "---\n---\n2\n",
        ])
        await #expect(throws: (any Error).self) { try await site.build() }
    }

    @Test("_data/*.csv and *.tsv are lists of rows, each a map of the first row's names to its cells, as Jekyll reads them")
    func tables() async throws {
        let site = try jekyllSite("title: Site\n", [
            "_data/people.csv": "name,role\nAnn,\"Lead, design\"\n\"Bob \"\"B\"\"\",dev\n\nCy\n",
            "_data/tools.tsv": "\u{FEFF}tool\tuse\r\nswift\tbuild\r\n",
            "index.html": "---\nlayout: none\n---\n{% for p in site.data.people %}[{{ p.name }}|{{ p.role }}]{% endfor %}"
                + "{{ site.data.tools[0].use }}",
        ])
        let summary = try await site.build()
        #expect(try site.page("index.html") == "[Ann|Lead, design][Bob \"B\"|dev][Cy|]build")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("kramdown's {::nomarkdown} is HTML as written, {::comment} and {::options /} are left out; in code, as written")
    func kramdownExtensions() async throws {
        let site = try jekyllSite(Self.config, [
            "page.md": "---\ntitle: Page\nlayout: none\n---\n{::nomarkdown}\n<div>*not emphasis*\n\n</div>\n{:/nomarkdown}\n"
                + "Inline {::nomarkdown}<b>*x*</b>{:/} and {::comment}hidden{:/comment}gone.\n\n{::options parse_block_html=\"true\" /}\n"
                + "```\n{::comment}kept{:/comment}\n```\n",
        ])
        let summary = try await site.build()
        let page = try site.page("page/index.html")
        #expect(page.contains("<div>*not emphasis*\n\n</div>\n") && page.contains("<p>Inline <b>*x*</b> and gone.</p>\n"), "\(page)")
        #expect(!page.contains("hidden") && !page.contains("options"), "\(page)")
        #expect(page.contains("{::comment}kept{:/comment}"), "\(page)")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("a byte order mark before _config.yml, a data file, a layout or an include is left out, as Jekyll leaves it out")
    func byteOrderMarks() async throws {
        let site = try jekyllSite("\u{FEFF}title: Marked\nurl: https://example.org\n", [
            "_data/people.yml": "\u{FEFF}- Ann\n- Bob\n",
            "_layouts/default.html": "\u{FEFF}<main>{{ site.title }}: {{ content }}{% include who.html %}</main>",
            "_includes/who.html": "\u{FEFF}{{ site.data.people | join: \", \" }}",
            "page.md": "---\ntitle: Page\nlayout: default\n---\nText\n",
        ])
        let summary = try await site.build()
        let page = try site.page("page.html")
        #expect(page == "<main>Marked: <p>Text</p>\nAnn, Bob</main>", "\(page)")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("layouts and includes reached through a link out of the site folder are not read")
    func linksOutOfTheSite() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "<main>SECRET {{ content }}</main>".write(to: outside.appendingPathComponent("default.html"), atomically: true, encoding: .utf8)
        try "SECRET INCLUDE".write(to: outside.appendingPathComponent("x.html"), atomically: true, encoding: .utf8)
        let site = try jekyllSite(Self.config, ["page.md": "---\ntitle: Page\nlayout: default\n---\nText {% include x.html %}\n"])
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("_layouts"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("_includes"), withDestinationURL: outside)
        _ = try? await site.build()
        let page = (try? site.page("page/index.html")) ?? ""
        #expect(!page.contains("SECRET"), "\(page)")
    }

    @Test("a layout sitegen cannot run, or a loop of layouts, is one warning, and its pages are drawn by the theme")
    func failingLayouts() async throws {
        let site = try jekyllSite(Self.config, [
            "_layouts/post.html": "---\nlayout: base\n---\n{% tablerow x in page.list %}{% endtablerow %}{{ content }}\n",
            "_layouts/base.html": "<main>{{ content }}</main>\n",
            "_layouts/a.html": "---\nlayout: b\n---\n{{ content }}\n",
            "_layouts/b.html": "---\nlayout: a\n---\n{{ content }}\n",
            "_posts/2024-03-01-one.md": "---\ntitle: One\n---\nText one\n",
            "_posts/2024-03-02-two.md": "---\ntitle: Two\n---\nText two\n",
            "loop.md": "---\ntitle: Loop\nlayout: a\n---\nLoop text\n",
            "loop2.md": "---\ntitle: Loop 2\nlayout: b\n---\nLoop text\n",
            "_layouts/bad.html": "---\nlayout: [\n---\nx\n",
            "bad.md": "---\ntitle: Bad\nlayout: bad\n---\nBad text\n",
        ])
        let summary = try await site.build()
        let messages = summary.warnings.map(\.description)
        #expect(messages.filter { $0.contains("tablerow") } == [
            "_layouts/post.html:4: Liquid not run: uses tag tablerow, which sitegen does not run; its pages are rendered with sitegen's theme",
        ], "\(messages)")
        #expect(messages.filter { $0.contains("layouts put into each other: a → b → a") }.count == 1, "\(messages)")
        #expect(messages.filter { $0.contains("put into each other") }.count == 1, "\(messages)")
        #expect(messages.filter { $0.contains("bad") } == [
            "_layouts/bad.html:3: its front matter cannot be read: front matter: did not find expected node content while parsing a flow node; "
                + "its pages are rendered with sitegen's theme",
        ], "\(messages)")
        // The theme's page, with the text.
        let one = try site.page("blog/2024/03/01/one/index.html")
        #expect(one.lowercased().hasPrefix("<!doctype html>") && one.contains("Text one") && !one.contains("<main><p>Text one"), "\(one)")
        #expect(try site.page("loop/index.html").contains("Loop text"))
    }

    @Test("a remembered build follows edits of layouts, includes and posts")
    func cachedBuild() async throws {
        let site = try jekyllSite(Self.config, Self.layouts.merging([
            "index.html": "---\nlayout: default\n---\n{% for post in site.posts %}[{{ post.title }}]{% endfor %}\n",
            "_posts/2024-03-01-hello.md": "---\ntitle: Hello\n---\nFirst words\n",
        ]) { $1 })
        let options = BuildOptions(baseURL: "https://example.org/")
        func build() async throws {
            _ = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering()
        }
        try await build()
        #expect(try site.page("index.html").contains("[Hello]"))
        try site.write("<footer>changed foot</footer>", to: "_includes/foot.html")
        try await build()
        #expect(try site.page("blog/2024/03/01/hello/index.html").contains("<footer>changed foot</footer>"))
        try site.write("---\ntitle: Hello there\n---\nFirst words\n", to: "_posts/2024-03-01-hello.md")
        try await build()
        #expect(try site.page("index.html").contains("[Hello there]"))
        #expect(try site.page("blog/2024/03/01/hello/index.html").contains("<h1>Hello there</h1>"))
        try site.write("---\nlayout: default\n---\n<h2>{{ page.title }}</h2>{{ content }}\n", to: "_layouts/post.html")
        try await build()
        #expect(try site.page("blog/2024/03/01/hello/index.html").contains("<h2>Hello there</h2>"))
    }

    @Test("a filter of the site's plugins gives its input unchanged, as in Jekyll, told once for the site; posts' categories start with their folders")
    func pluginFilters() async throws {
        let site = try jekyllSite(Self.config, [
            "_layouts/default.html": "<html lang=\"{{ page.lang | to_html_lang }}\"><body>{{ content }}</body></html>\n",
            "en/news/_posts/2024-03-01-one.md": "---\nlayout: default\nlang: en\ncategories: release\n---\nBy {{ page.author | posted_by }}.\n",
            "en/news/_posts/2024-03-02-two.md": "---\nlayout: default\nlang: en\n---\nTwo {{ 'x' | posted_by: 2 }}\n",
            "en/index.html": "---\nlayout: default\nlang: en\n---\n{% for post in site.categories[page.lang] %}[{{ post.title }}|{{ post.categories | join: ',' }}]{% endfor %}\n",
        ])
        let summary = try await site.build()
        let one = try site.page("blog/2024/03/01/one/index.html")
        #expect(one.hasPrefix("<html lang=\"en\"><body>"), "\(one)")
        #expect(try site.page("en/index.html").contains("[Two|en,news][One|en,news,release]"))
        let told = summary.warnings.map(\.description).filter { $0.contains("is not one sitegen runs") }
        #expect(told.count == 2, "\(told)")
        #expect(told.contains { $0.hasPrefix("_layouts/default.html:1: filter `to_html_lang`") && !$0.contains("files") }, "\(told)")
        #expect(told.contains { $0.hasPrefix("en/news/_posts/2024-03-01-one.md:6: filter `posted_by`") && $0.hasSuffix("(in 2 files, the first here)") },
                "\(told)")
    }

    @Test("site gives every key of _config.yml as written: baseurl: / stays /, author, lang and paginate are there")
    func configAsWritten() async throws {
        let files = ["_layouts/default.html": "[{{ site.baseurl }}][{{ site.url }}][{{ site.author.name }}][{{ site.lang }}][{{ site.paginate }}]"
                        + "[{{ '/x.css' | relative_url }}]\n",
                     "about.md": "---\nlayout: default\n---\nA\n"]
        let slash = try jekyllSite("title: T\nbaseurl: /\nauthor:\n  name: Ann\n  email: a@x.org\nlang: fr\npaginate: 2\n", files)
        try await slash.build()
        #expect(try slash.page("about.html") == "[/][][Ann][fr][2][/x.css]\n")
        // A key not given is empty, as in Jekyll: an address with a path is `url` alone.
        let sub = try jekyllSite("title: T\nurl: http://x.org/sub/\n", files.merging(["abs.html": "---\n---\n[{{ '/x/' | absolute_url }}]\n"]) { $1 })
        try await sub.build()
        #expect(try sub.page("about.html") == "[][http://x.org/sub/][][][][/x.css]\n")
        #expect(try sub.page("abs.html").contains("[http://x.org/sub/x/]"))
        let written = try jekyllSite("title: T\nurl: https://x.org/\nbaseurl: blog/\n", files)
        try await written.build()
        #expect(try written.page("about.html") == "[blog/][https://x.org/][][][][/blog/x.css]\n")
        // The preview's base URL (another than the configuration's) is the one given.
        try await written.build(BuildOptions(baseURL: "http://localhost:8000/"))
        #expect(try written.page("about.html") == "[][http://localhost:8000][][][][/x.css]\n")
    }

    @Test("a tag of the site's plugins is shown as written, told once for the site, and the rest of the page's Liquid runs; gist as jekyll-gist writes it")
    func pluginTags() async throws {
        let site = try jekyllSite("title: T\n", [
            "_posts/2024-03-01-one.md": "---\ntitle: One\n---\n{% gist 5555251 gist.md %}\n\n{% gist parkr/c08ee0f2726fd0e3909d %}\n\n"
                + "{% youtube abc %}\n\n{% highlight js %}\nvar a = 1;\n{% endhighlight %}\n\nTitle {{ page.title }}\n",
            "_posts/2024-03-02-two.md": "---\ntitle: Two\n---\nSee {%youtube   xyz%}.\n\n{% details Open %}In {{ page.title }}{% enddetails %}\n",
        ])
        let summary = try await site.build()
        let one = try site.page("2024/03/01/one.html")
        #expect(one.contains("<script src=\"https://gist.github.com/5555251.js?file=gist.md\"> </script>"))
        #expect(one.contains("<script src=\"https://gist.github.com/parkr/c08ee0f2726fd0e3909d.js\"> </script>"))
        #expect(one.contains("<p>{% youtube abc %}</p>") && one.contains("<p>Title One</p>"))
        #expect(one.contains("var") && !one.contains("highlight js"))
        #expect(try site.page("2024/03/02/two.html").contains("<p>See {% youtube xyz %}.</p>"))
        // A paired one stands around its body, whose Liquid runs.
        #expect(try site.page("2024/03/02/two.html").contains("<p>{% details Open %}In Two{% enddetails %}</p>"))
        let told = summary.warnings.map(\.description).filter { $0.contains("is not one sitegen runs") }
        #expect(told == ["_posts/2024-03-01-one.md:8: tag `youtube` is not one sitegen runs (a plugin's?); it is shown as written, "
                         + "and the rest of the Liquid runs (in 2 files, the first here)",
                         "_posts/2024-03-02-two.md:6: tag `details` is not one sitegen runs (a plugin's?); it is shown as written, "
                         + "and the rest of the Liquid runs"], "\(told)")
    }

    @Test("a post and its layouts see site.related_posts as Jekyll gives it without lsi: the newest posts but itself; other pages none")
    func relatedPosts() async throws {
        var files = [
            "_layouts/post.html": "<main>{{ content }}</main>{% for p in site.related_posts %}[{{ p.title }}]{% endfor %}|{{ site.related_posts.size }}\n",
            "about.md": "---\ntitle: About\n---\nRelated: ({{ site.related_posts }}) {{ site.title }}\n",
        ]
        for day in 1...12 { files[String(format: "_posts/2024-03-%02d-p%d.md", day, day)] = "---\ntitle: P\(day)\nlayout: post\n---\nText\n" }
        let site = try jekyllSite("title: T\n", files)
        try await site.build()
        #expect(try site.page("2024/03/12/p12.html").hasSuffix("</main>" + (2...11).reversed().map { "[P\($0)]" }.joined() + "|10\n"))
        // Of the eleven newest, all but itself.
        #expect(try site.page("2024/03/05/p5.html").hasSuffix("</main>" + [12, 11, 10, 9, 8, 7, 6, 4, 3, 2].map { "[P\($0)]" }.joined() + "|10\n"))
        #expect(try site.page("2024/03/01/p1.html").hasSuffix("</main>" + (3...12).reversed().map { "[P\($0)]" }.joined() + "|10\n"))
        #expect(try site.page("about.html").contains("<p>Related: () T</p>"))
    }

    @Test("a post without a title is titled as Jekyll titles it: each word of its file's name capitalized")
    func fileTitles() async throws {
        let site = try jekyllSite("title: T\n", [
            "_layouts/post.html": "<h1>{{ page.title }}</h1>\n",
            "_posts/2024-03-01-welcome-to-the-API.md": "---\nlayout: post\n---\nText\n",
            "list.html": "---\n---\n{% for p in site.posts %}[{{ p.title }}]{% endfor %}\n",
        ])
        try await site.build()
        #expect(try site.page("2024/03/01/welcome-to-the-API.html") == "<h1>Welcome To The Api</h1>\n")
        #expect(try site.page("list.html").contains("[Welcome To The Api]"))
        #expect(JekyllSlug.title(ofSlug: "a--b.") == "A  B")
    }

    @Test("page.date is a local time as Jekyll shows it, so date_to_xmlschema writes the offset, never Z")
    func postDates() async throws {
        let files = ["_posts/2024-03-01-a.md": "---\ntitle: A\n---\n[{{ page.date }}] [{{ page.date | date_to_xmlschema }}]\n",
                     "_posts/2024-03-02-b.md": "---\ntitle: B\ndate: 2024-03-02 10:30:00 +0100\n---\n[{{ page.date }}] [{{ page.date | date_to_xmlschema }}]\n"]
        let utc = try jekyllSite("title: T\n", files)
        try await utc.build()
        #expect(try utc.page("2024/03/01/a.html").contains("[2024-03-01 00:00:00 +0000] [2024-03-01T00:00:00+00:00]"))
        #expect(try utc.page("2024/03/02/b.html").contains("[2024-03-02 09:30:00 +0000] [2024-03-02T09:30:00+00:00]"))
        let zoned = try jekyllSite("title: T\ntimezone: Asia/Shanghai\n", files)
        try await zoned.build()
        #expect(try zoned.page("2024/03/01/a.html").contains("[2024-03-01 00:00:00 +0800] [2024-03-01T00:00:00+08:00]"))
        #expect(try zoned.page("2024/03/02/b.html").contains("[2024-03-02 17:30:00 +0800] [2024-03-02T17:30:00+08:00]"))
    }

    @Test("{% seo %}'s title: the page's and the site's, or on a page titled by the site alone the site's and its tagline or description")
    func seoTitles() async throws {
        let files = ["_layouts/default.html": "{% seo %}\n",
                     "index.md": "---\nlayout: default\n---\nHome\n",
                     "about.md": "---\nlayout: default\ntitle: About\n---\nAbout\n"]
        func title(_ config: String, _ page: String) async throws -> String? {
            let site = try jekyllSite(config, files)
            try await site.build()
            return try site.page(page).split(separator: "\n").first { $0.hasPrefix("<title>") }.map(String.init)
        }
        #expect(try await title("title: Minimal\ndescription: >\n  A theme\n  for pages.\n", "about.html") == "<title>About | Minimal</title>")
        #expect(try await title("title: Minimal\ndescription: >\n  A theme\n  for pages.\n", "index.html") == "<title>Minimal | A theme for pages.</title>")
        #expect(try await title("title: Minimal\ndescription: D\ntagline: Tag line\n", "index.html") == "<title>Minimal | Tag line</title>")
        #expect(try await title("title: Minimal\n", "index.html") == "<title>Minimal</title>")
    }

    @Test("jekyll-feed's feed keeps its URL (/feed.xml, or feed: path:), and {% feed_meta %} in a layout links it as jekyll-feed does")
    func jekyllFeed() async throws {
        let files = [
            "_layouts/default.html": "<html><head>{% feed_meta %}</head><body>{{ content }}</body></html>\n",
            "about.md": "---\nlayout: default\ntitle: About\n---\nAbout {% feed_meta %}\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nHello\n",
        ]
        for (config, path) in [("plugins:\n  - jekyll-feed\n", "feed.xml"), ("gems: [jekyll-feed]\nfeed:\n  path: /news/atom-feed.xml\n", "news/atom-feed.xml"),
                               ("plugins: [jekyll-seo-tag]\n", "atom.xml")] {
            let site = try jekyllSite("title: T & Co\nurl: https://x.org\nbaseurl: /blog\n" + config, files)
            try await site.build()
            #expect(try site.page("about.html") == "<html><head><link type=\"application/atom+xml\" rel=\"alternate\" "
                    + "href=\"https://x.org/blog/\(path)\" title=\"T &amp; Co\" /></head><body><p>About</p>\n</body></html>\n", "\(config)")
            #expect(try site.page(path).contains("<link href=\"https://x.org/blog/2020/01/01/a.html\"/>"), "\(config)")
            #expect(try site.page(path).contains("<id>https://x.org/blog/2020/01/01/a</id>"), "\(config)")
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("feed.xml").path) == (path == "feed.xml"))
        }
        // A feed.xml of the site's own, copied as it is, is not replaced; a path out of the site is not written.
        let own = try jekyllSite("title: T\nplugins: [jekyll-feed]\n", files.merging(["feed.xml": "<mine/>\n"]) { $1 })
        try await own.build()
        #expect(try own.page("feed.xml") == "<mine/>\n")
        let out = try jekyllSite("title: T\nplugins: [jekyll-feed]\nfeed:\n  path: ../../escape.xml\n", files)
        try await out.build()
        #expect(!FileManager.default.fileExists(atPath: out.output.deletingLastPathComponent().appendingPathComponent("escape.xml").path))
    }

    @Test("jekyll-feed's feed is published without url: too, its links from the site's root, as jekyll-feed writes them; sitegen's own feeds and sitemap are not")
    func jekyllFeedWithoutURL() async throws {
        let files = [
            "_layouts/default.html": "<html><head>{% feed_meta %}</head><body>{{ content }}</body></html>\n",
            "about.md": "---\nlayout: default\ntitle: About\n---\nAbout\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nHello\n",
        ]
        let site = try jekyllSite("title: T\nplugins: [jekyll-feed]\n", files)
        try await site.build()
        #expect(try site.page("about.html") == "<html><head><link type=\"application/atom+xml\" rel=\"alternate\" href=\"/feed.xml\" title=\"T\" />"
                + "</head><body><p>About</p>\n</body></html>\n")
        let feed = try site.page("feed.xml")
        #expect(feed.contains("<link href=\"/2020/01/01/a.html\"/>") && feed.contains("<link rel=\"self\" href=\"/feed.xml\"/>"), "\(feed)")
        // The entry's id is jekyll-feed's (the post's id), so that readers do not see it again as new.
        #expect(feed.contains("<id>/2020/01/01/a</id>"), "\(feed)")
        #expect(!site.exists("atom.xml") && !site.exists("rss.xml") && !site.exists("sitemap.xml"))
        let blog = try jekyllSite("title: T\nbaseurl: /blog\npermalink: pretty\nplugins: [jekyll-feed]\n",
                                  files.merging(["_posts/2020-02-01-b.md": "---\ntitle: B\nslug: bee\n---\nB\n"]) { $1 })
        try await blog.build()
        // A post's id: its URL's folder and its slug, as Jekyll makes it.
        #expect(try blog.page("feed.xml").contains("<id>/blog/2020/02/01/bee</id>"))
        #expect(try blog.page("feed.xml").contains("<id>/blog/2020/01/01/a</id>"))
        #expect(try blog.page("about/index.html").contains("href=\"/blog/feed.xml\""))
        #expect(try blog.page("feed.xml").contains("<link href=\"/blog/2020/01/01/a/\"/>"))
        // Without jekyll-feed, no feed at all.
        let plain = try jekyllSite("title: T\n", files)
        try await plain.build()
        #expect(!plain.exists("feed.xml") && !plain.exists("atom.xml"))
        #expect(try plain.page("about.html").hasPrefix("<html><head></head>"))
    }

    @Test("a Markdown page or post that names no layout gets the one jekyll-default-layout gives (as on GitHub Pages); layout: null none")
    func impliedLayouts() async throws {
        let site = try jekyllSite("title: T\n", [
            "_layouts/default.html": "<html><body class=\"default\">{{ content }}</body></html>\n",
            "_layouts/post.html": "---\nlayout: default\n---\n<article>{{ page.layout }} {{ content }}</article>\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nPost A\n",
            "about.md": "---\ntitle: About\n---\nAbout me\n",
            "raw.md": "---\ntitle: Raw\nlayout: null\n---\nRaw\n",
            "index.md": "Home *page* {{ site.posts.size }}\n",
            "data.html": "---\ntitle: Data\n---\n<p>HTML</p>\n",
        ])
        try await site.build()
        #expect(try site.page("2020/01/01/a.html") == "<html><body class=\"default\"><article>post <p>Post A</p>\n</article>\n</body></html>\n")
        #expect(try site.page("about.html") == "<html><body class=\"default\"><p>About me</p>\n</body></html>\n")
        #expect(try site.page("index.html") == "<html><body class=\"default\"><p>Home <em>page</em> 1</p>\n</body></html>\n")
        #expect(try site.page("raw.html") == "<p>Raw</p>\n")
        // Not Markdown: no layout is implied (the theme draws it).
        #expect(!(try site.page("data.html")).hasPrefix("<html><body class=\"default\">"))
        // A page layout, added, is the pages' from the next build on, a remembered one too.
        let remembered = { _ = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions()).buildRemembering() }
        try await remembered()
        try site.write("---\nlayout: default\n---\n<main>{{ content }}</main>\n", to: "_layouts/page.html")
        try await remembered()
        #expect(try site.page("about.html") == "<html><body class=\"default\"><main><p>About me</p>\n</main>\n</body></html>\n")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("_layouts/page.html"))
        try await remembered()
        #expect(try site.page("about.html") == "<html><body class=\"default\"><p>About me</p>\n</body></html>\n")
    }
}
