import Foundation
import Sitegen
import Testing

/// mdBook books (`book.toml`) and MkDocs sites (`mkdocs.yml`) build from their own folders,
/// with the URLs their generators give, their navigation, redirects and edit links; the same
/// rules are keys of `sitegen.yml`.
@Suite("Books and docs sites: book.toml and mkdocs.yml")
struct BookSiteTests {
    /// The URL paths of a build's pages, as the URL lists of `Tests/Fixtures/realsites` write them.
    private func publishedURLs(_ site: TestSite) -> Set<String> {
        Set(site.outputFiles().filter { $0.hasSuffix(".html") }.map { path in
            path == "index.html" ? "/" : path.hasSuffix("/index.html") ? "/" + path.dropLast("index.html".count) : "/" + path
        })
    }

    private func fixture(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/realsites/" + path)
        return try String(contentsOf: url, encoding: .utf8)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test("a book.toml book: chapters at a/b.html with their names as written, README as index.html, the docs theme, redirects")
    func mdBookURLs() async throws {
        let site = try TestSite()
        try site.write("""
            [book]
            title = "The Book"
            authors = ["Ann", "Bo"]
            description = "All about it"
            language = "fr"

            [output.html]
            git-repository-url = "https://github.com/o/book"
            edit-url-template = "https://github.com/o/book/edit/main/src/{path}"

            [output.html.redirect]
            "./old-intro.html" = "./intro.html"
            "/guide/old.html" = "guide/FFI.html#calls"

            """, to: "book.toml")
        try site.write("# Summary\n\n[Intro](intro.md)\n\n- [Guide](guide/README.md)\n  - [FFI](guide/FFI.md)\n", to: "src/SUMMARY.md")
        try site.write("# Introduction\n\nWelcome.\n", to: "src/intro.md")
        try site.write("# Guide\n\nThe guide.\n", to: "src/guide/README.md")
        try site.write("# Foreign calls\n\nCalls.\n", to: "src/guide/FFI.md")
        try site.write("not a page", to: "theme/book.css")
        let summary = try await site.build()
        #expect(summary.foreignConfiguration?.description == "using mdBook's book.toml (book, output)")
        #expect(publishedURLs(site).isSuperset(of: ["/", "/intro.html", "/guide/", "/guide/FFI.html", "/old-intro.html", "/guide/old.html"]))
        #expect(!site.exists("src/intro.html") && !site.exists("theme/book.css"))
        let chapter = try site.page("guide/FFI.html")
        #expect(chapter.contains("<html lang=\"fr\">"))
        #expect(chapter.contains("href=\"https://github.com/o/book/edit/main/src/guide/FFI.md\""))
        #expect(chapter.contains("<a class=\"repository\" href=\"https://github.com/o/book\">"))
        #expect(chapter.contains("Ann, Bo"))
        // The docs theme's navigation follows SUMMARY.md.
        #expect(chapter.contains("href=\"/intro.html\""))
        // No header menu of folders: the chapters are the navigation.
        #expect(!chapter.contains("<nav aria-label=\"Sections\">"))
        // The home page opens at the first chapter, as mdBook's index.html does.
        #expect(try site.page("index.html").contains("Welcome."))
        #expect(try site.page("old-intro.html").contains("url=/intro.html"))
        #expect(try site.page("guide/old.html").contains("url=/guide/FFI.html"))
        #expect(summary.warnings.isEmpty)
    }

    @Test("files with Windows or old Mac line ends: front matter, a SUMMARY.md's chapters and MkDocs' admonitions are read as with \\n")
    func windowsLineEnds() async throws {
        let book = try TestSite()
        try book.write("[book]\r\ntitle = \"B\"\r\n", to: "book.toml")
        try book.write("# Summary\r\n\r\n- [A](a.md)\r\n- [B](b.md)\r\n", to: "src/SUMMARY.md")
        try book.write("# A\r\n", to: "src/a.md")
        try book.write("# B\r\n", to: "src/b.md")
        let summary = try await book.build()
        #expect(summary.warnings.isEmpty)
        #expect(try book.page("a.html").contains("<a rel=\"next\" href=\"/b.html\">"))
        let docs = try TestSite()
        try docs.write("site_name: M\r\n", to: "mkdocs.yml")
        try docs.write("# H\r\n\r\n!!! note \"T\"\r\n    Body.\r\n\r\nAfter\r\n", to: "docs/index.md")
        try await docs.build()
        #expect(try docs.page("index.html").contains("T</p>\n<p>Body.</p>\n</div>"))
        // Old Mac line ends (`\r` alone), which CommonMark reads as line ends too: the front matter is read as such.
        let mac = try TestSite()
        try mac.write("---\rtitle: Mac\rtags: [old]\r---\rBody line.\r", to: "content/mac.md")
        try await mac.build()
        let page = try mac.page("mac/index.html")
        #expect(page.contains("<title>Mac") && page.contains("<p>Body line.</p>") && !page.contains("title: Mac"), "\(page)")
    }

    @Test("mdBook's hidden lines in Rust code blocks are left out; ## shows as #; other languages keep theirs")
    func hiddenRustLines() async throws {
        let site = try TestSite()
        try site.write("[book]\ntitle = \"B\"\n", to: "book.toml")
        try site.write("- [A](a.md)\n", to: "src/SUMMARY.md")
        try site.write("""
            # A

            ```rust,ignore
            # fn main() {
            #[derive(Debug)]
            struct S;
            ##![allow(unused)]
            #
            # }
            ```

            ```python
            # a comment
            ```

            """, to: "src/a.md")
        try await site.build()
        let page = try site.page("a.html")
        #expect(!page.contains("fn"))
        #expect(page.contains("derive"))
        #expect(page.contains("#![allow"))
        #expect(page.contains("a comment"))
    }

    @Test("the Rustonomicon's book.toml and SUMMARY.md give every URL mdBook publishes for it")
    func nomiconURLs() async throws {
        let site = try TestSite()
        try site.write(try fixture("nomicon/book.toml"), to: "book.toml")
        let summary = try fixture("nomicon/SUMMARY.md")
        try site.write(summary, to: "src/SUMMARY.md")
        for match in summary.matches(of: /\]\(([^)#\s]+\.md)\)/) {
            try site.write("# \(match.1)\n\nText.\n", to: "src/" + match.1)
        }
        try site.write("main {}\n", to: "theme/nomicon.css")
        let built = try await site.build()
        let expected = Set(lines(try fixture("nomicon/urls.txt")))
        #expect(expected.count == 83)
        #expect(expected.subtracting(publishedURLs(site)).sorted() == [])
        #expect(built.warnings.isEmpty)
    }

    @Test("a mkdocs.yml site: pages from docs_dir at /a/b/ with names as written, its nav, repo and edit links; python tags read")
    func mkDocsURLs() async throws {
        let site = try TestSite()
        try site.write("""
            site_name: API Docs
            site_url: https://docs.example/api/
            repo_url: https://github.com/o/api
            docs_dir: pages
            theme:
              name: material
              language: de
            markdown_extensions:
              - pymdownx.emoji:
                  emoji_index: !!python/name:material.extensions.emoji.twemoji
            nav:
              - Home: index.md
              - Guide:
                - 'First steps': guide/First-Steps.md
                - guide/more.md
              - Elsewhere: https://example.org/

            """, to: "mkdocs.yml")
        try site.write("# Welcome\n\nHome text.\n", to: "pages/index.md")
        try site.write("# First\n\nFirst text.\n", to: "pages/guide/First-Steps.md")
        try site.write("# More\n\nMore text.\n", to: "pages/guide/more.md")
        try site.write("# Other\n\nOther.\n", to: "pages/other/README.md")
        let summary = try await site.build()
        #expect(publishedURLs(site).isSuperset(of: ["/", "/guide/First-Steps/", "/guide/more/", "/other/"]))
        let page = try site.page("guide/First-Steps/index.html")
        #expect(page.contains("<html lang=\"de\">"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://docs.example/api/guide/First-Steps/\">"))
        // MkDocs' edit link on GitHub: repo_url + edit/master/ + docs_dir.
        #expect(page.contains("href=\"https://github.com/o/api/edit/master/pages/guide/First-Steps.md\""))
        // The navigation: nav's titles, in nav's order.
        let first = try #require(page.range(of: ">First steps<")), more = try #require(page.range(of: ">More<"))
        #expect(first.lowerBound < more.lowerBound)
        // nav's top level is the header's menu, as Material's tabs: a section leads to its first page.
        #expect(page.contains("<li><a href=\"/api/\">Home</a></li>\n<li><a href=\"/api/guide/First-Steps/\" aria-current=\"page\">Guide</a></li>\n<li><a href=\"https://example.org/\">Elsewhere</a></li>"))
        #expect(summary.foreignConfiguration?.generator == .mkDocs)
    }

    @Test("an MkDocs site's admonitions are callouts; a sitegen site's !!! lines stay text")
    func admonitions() async throws {
        let site = try TestSite()
        try site.write("site_name: S\n", to: "mkdocs.yml")
        try site.write("# Home\n\n!!! warning \"Careful\"\n    Mind the *gap*.\n\nAfter.\n", to: "docs/index.md")
        try await site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<div class=\"markdown-alert markdown-alert-warning\">"))
        #expect(home.contains("Careful</p>\n<p>Mind the <em>gap</em>.</p>\n</div>"))
        let plain = try TestSite()
        try plain.write("!!! warning\n    x\n", to: "content/a.md")
        try await plain.build()
        #expect(try plain.page("a/index.html").contains("<p>!!! warning\nx</p>"))
    }

    @Test("an MkDocs site's headings get Python-Markdown's ids, which its links name; a sitegen site's keep GitHub's")
    func mkDocsHeadingIDs() async throws {
        let site = try TestSite()
        try site.write("site_name: S\n", to: "mkdocs.yml")
        try site.write("""
            # Home

            ## Installation & configuration

            ## Installation & configuration

            ## Café -- déjà vu!

            ## 日本語

            ## Set up {#own}

            See [it](#installation-configuration_1) and [there](other.md#whats-next).
            """, to: "docs/index.md")
        try site.write("# Other\n\n## What's next?\n", to: "docs/other.md")
        let summary = try await site.build()
        let home = try site.page("index.html")
        // As MkDocs 1.6 (Python-Markdown 3.11) writes them.
        for id in ["installation-configuration", "installation-configuration_1", "cafe-deja-vu", "_1", "own"] {
            #expect(home.contains("id=\"\(id)\""), "\(id)")
        }
        #expect(try site.page("other/index.html").contains("<h2 id=\"whats-next\">"))
        #expect(!summary.warnings.contains { "\($0)".contains("anchor") })
        let plain = try TestSite()
        try plain.write("## Installation & configuration\n\n## Installation & configuration\n", to: "content/a.md")
        try await plain.build()
        let page = try plain.page("a/index.html")
        #expect(page.contains("id=\"installation--configuration\"") && page.contains("id=\"installation--configuration-1\""))
    }

    @Test("an MkDocs page without a # heading takes its title from nav, else its file name, and keeps its first heading")
    func mkDocsNavTitles() async throws {
        let site = try TestSite()
        try site.write("site_name: S\nnav:\n  - Home: index.md\n  - 'Views': api/views.md\n", to: "mkdocs.yml")
        try site.write("# Django REST\n\nWelcome.\n", to: "docs/index.md")
        try site.write("---\nsource: views.py\n---\n\n## Class-based Views\n\nText.\n", to: "docs/api/views.md")
        try site.write("## First part\n\nText.\n", to: "docs/api/request-parsing.md")
        try await site.build()
        let views = try site.page("api/views/index.html")
        #expect(views.contains("<title>Views · S</title>"))
        #expect(ForeignTitlesTests.headingsOne(views) == ["Views"])
        #expect(views.contains("<h2 id=\"class-based-views\">Class-based Views</h2>"))
        let other = try site.page("api/request-parsing/index.html")
        #expect(ForeignTitlesTests.headingsOne(other) == ["Request parsing"])
        #expect(other.contains("<h2 id=\"first-part\">First part</h2>"))
        let home = try site.page("index.html")
        #expect(ForeignTitlesTests.headingsOne(home) == ["Django REST"])
    }

    @Test("use_directory_urls: false gives /a/b.html; edit_uri is taken as given")
    func mkDocsFileURLs() async throws {
        let site = try TestSite()
        try site.write("site_name: S\nuse_directory_urls: false\nrepo_url: https://git.example/o/r\nedit_uri: src/main/docs/\n", to: "mkdocs.yml")
        try site.write("# Home\n", to: "docs/index.md")
        try site.write("# Page\n\nText.\n", to: "docs/guide/page.md")
        try await site.build()
        #expect(site.exists("guide/page.html"))
        #expect(try site.page("guide/page.html").contains("href=\"https://git.example/o/r/src/main/docs/guide/page.md\""))
    }

    @Test("Django REST framework's mkdocs.yml and file names give every page URL MkDocs publishes for it; its theme template is not published")
    func drfURLs() async throws {
        let site = try TestSite()
        try site.write(try fixture("drf-docs/mkdocs.yml"), to: "mkdocs.yml")
        for path in lines(try fixture("drf-docs/markdown-files.txt")) {
            try site.write("# \(path)\n\nText.\n", to: "docs/" + path)
        }
        try site.write("{% extends \"base.html\" %}\n", to: "docs/theme/main.html")
        try await site.build()
        let expected = Set(lines(try fixture("drf-docs/urls.txt")))
        #expect(expected.count == 71)
        // MkDocs also copies its Jinja template, `theme.custom_dir` being inside `docs_dir`; sitegen draws its own theme.
        #expect(expected.subtracting(publishedURLs(site)).sorted() == ["/theme/main.html"])
        #expect(!site.exists("theme/main.html"))
    }

    @Test("sitegen.yml's uglyURLs, keepFileNames, redirects, editURL and repository")
    func ownKeys() async throws {
        let site = try TestSite()
        try site.write("""
            title: Own
            uglyURLs: true
            keepFileNames: true
            editURL: https://example.org/edit/{path}
            repository: https://example.org/repo
            redirects:
              /old/: /Notes/Big-Idea.html
              old-section.html: /Notes/

            """, to: "sitegen.yml")
        try site.write("---\ntitle: Big\n---\nText.\n", to: "content/Notes/Big-Idea.md")
        try site.write("---\ntitle: Other\n---\nText.\n", to: "content/Notes/other.md")
        let summary = try await site.build()
        #expect(site.exists("Notes/Big-Idea.html"))
        #expect(site.exists("Notes/index.html"))
        #expect(try site.page("old/index.html").contains("url=/Notes/Big-Idea.html"))
        #expect(try site.page("old-section.html").contains("url=/Notes/"))
        #expect(try site.page("Notes/Big-Idea.html").contains("href=\"https://example.org/repo\""))
        #expect(summary.warnings.isEmpty)
    }

    @Test("without the new keys a site's URLs stay as they were: slugs, folders, dates left out")
    func defaultsUnchanged() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Big\n---\nText.\n", to: "content/My Notes/2024-01-02-Big-Idea.md")
        try await site.build()
        #expect(site.exists("my-notes/big-idea/index.html"))
    }

    @Test("a src or docs_dir outside the site, a redirect out of the output folder, a redirect to no page")
    func badValues() async throws {
        let book = try TestSite()
        try book.write("[book]\nsrc = \"../elsewhere\"\n", to: "book.toml")
        try book.write("# A\n", to: "src/a.md")
        await #expect { try await book.build() } throws: { error in
            "\(error)".contains("book.toml:2") && "\(error)".contains("must be a folder inside the book's folder")
        }
        let docs = try TestSite()
        try docs.write("site_name: S\ndocs_dir: /etc\n", to: "mkdocs.yml")
        try docs.write("# A\n", to: "docs/a.md")
        await #expect { try await docs.build() } throws: { error in
            "\(error)".contains("mkdocs.yml:2") && "\(error)".contains("docs_dir")
        }
        let escape = try TestSite()
        try escape.write("[book]\ntitle = \"B\"\n[output.html.redirect]\n\"../../../x.html\" = \"a.html\"\n", to: "book.toml")
        try escape.write("# A\n", to: "src/a.md")
        await #expect { try await escape.build() } throws: { error in
            "\(error)".contains("book.toml:4") && "\(error)".contains("would leave the output folder")
        }
        let missing = try TestSite()
        try missing.write("[book]\ntitle = \"B\"\n[output.html.redirect]\n\"old.html\" = \"gone.html\"\n", to: "book.toml")
        try missing.write("# A\n", to: "src/a.md")
        let summary = try await missing.build()
        #expect(summary.warnings.contains { $0.file == "book.toml" && $0.message.contains("/gone.html, which is no page") })
        #expect(!missing.exists("old.html"))
    }
}

/// Menus from sitegen's `menus:`, Hugo's `[menu]` and front matter `menu:`, Jekyll's
/// `_data/navigation.yml` and a Zola theme's `extra.menu`, shown by the bundled themes.
@Suite("Menus")
struct MenuTests {
    /// The header's menu of a page: the `<nav>` inside `<header class="site-header">`.
    private func header(_ html: String) -> String {
        guard let start = html.range(of: "<header class=\"site-header\">"), let end = html.range(of: "</header>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("sitegen.yml's menus: nested by parent, ordered by weight, pageRef resolved, the current page marked; site.menus for templates")
    func ownMenus() async throws {
        let site = try TestSite()
        try site.write("""
            title: Menus
            menus:
              main:
                - {name: Docs, pageRef: docs/intro, weight: 2, identifier: docs}
                - {name: Blog, url: /posts/, weight: 1}
                - {name: Install, pageRef: docs/install.md, parent: docs, pre: "<i>", post: "</i>"}
                - {name: GitHub, url: "https://github.com/o/r", weight: 9}
              footer:
                - {name: Legal, url: /legal/}

            """, to: "sitegen.yml")
        try site.write("---\ntitle: Intro\n---\nIntro.\n", to: "content/docs/intro.md")
        try site.write("---\ntitle: Install\n---\nInstall.\n", to: "content/docs/install.md")
        try site.write("---\ntitle: Hello\ndate: 2024-01-01\n---\nHi.\n", to: "content/posts/hello.md")
        try site.write("{{#site.menus.footer}}[{{name}} {{url}}]{{/site.menus.footer}}\n", to: "templates/plain.mustache")
        try site.write("---\ntitle: Plain\nlayout: plain\n---\nx\n", to: "content/plain.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        let menu = header(try site.page("docs/install/index.html"))
        let blog = try #require(menu.range(of: ">Blog<")), docs = try #require(menu.range(of: ">Docs<")),
            github = try #require(menu.range(of: ">GitHub<"))
        #expect(blog.lowerBound < docs.lowerBound && docs.lowerBound < github.lowerBound)
        #expect(menu.contains("<a href=\"/docs/intro/\">Docs</a>"))
        #expect(menu.contains("<ul class=\"submenu\">\n<li><a href=\"/docs/install/\" aria-current=\"page\"><i>Install</i></a></li>"))
        #expect(!menu.contains("Legal"))
        #expect(header(try site.page("docs/intro/index.html")).contains("<a href=\"/docs/intro/\" aria-current=\"page\">Docs</a>"))
        #expect(try site.page("plain/index.html") == "[Legal /legal/]\n")
    }

    @Test("Hugo's [menu.main] and front matter menu: give the header's menu; a pageRef to no page is a warning")
    func hugoMenus() async throws {
        let site = try TestSite()
        try site.write("""
            title = "Hugo"
            [[menu.main]]
              name = "Docs"
              pageRef = "/docs/"
              weight = 2
            [[menu.main]]
              name = "Missing"
              pageRef = "/nothing"

            """, to: "hugo.toml")
        try site.write("---\ntitle: Docs\n---\nDocs.\n", to: "content/docs/_index.md")
        try site.write("---\ntitle: Page\n---\nPage.\n", to: "content/docs/page.md")
        try site.write("---\ntitle: About us\nmenu:\n  main:\n    weight: 1\n    name: About\n---\nAbout.\n", to: "content/about.md")
        try site.write("---\ntitle: Contact\nmenu: main\nweight: 3\n---\nContact.\n", to: "content/contact.md")
        try site.write("---\ntitle: Blog\nlinkTitle: News\nmenu:\n  main:\n    weight: 5\n---\n", to: "content/blog/_index.md")
        try site.write("---\ntitle: Post\n---\nPost.\n", to: "content/blog/post.md")
        let summary = try await site.build()
        let menu = header(try site.page("docs/page/index.html"))
        #expect(menu.contains("<li><a href=\"/about/\">About</a></li>\n<li><a href=\"/docs/\">Docs</a></li>\n<li><a href=\"/contact/\">Contact</a></li>\n<li><a href=\"/blog/\">News</a></li>"))
        #expect(header(try site.page("about/index.html")).contains("<a href=\"/about/\" aria-current=\"page\">About</a>"))
        #expect(summary.warnings.contains { $0.file == "hugo.toml" && $0.message.contains("`pageRef: /nothing`") })
    }

    @Test("Hugo's sectionPagesMenu puts each top section in the menu, and Hugo orders entries without a weight last")
    func hugoSectionPagesMenu() async throws {
        let site = try TestSite()
        try site.write("""
            title = "Hugo"
            sectionPagesMenu = "main"
            [[menu.main]]
              name = "Contact"
              url = "/contact/"
            [[menu.main]]
              name = "About"
              url = "/about/"
              weight = 10
            [[menu.main]]
              name = "Guides"
              identifier = "docs"
              url = "/docs/"
              weight = 20

            """, to: "hugo.toml")
        try site.write("---\ntitle: Articles\nweight: 15\n---\n", to: "content/post/_index.md")
        try site.write("---\ntitle: One\n---\nOne.\n", to: "content/post/one.md")
        try site.write("---\ntitle: Deeper\n---\n", to: "content/post/deeper/_index.md")
        try site.write("---\ntitle: Two\n---\nTwo.\n", to: "content/post/deeper/two.md")
        try site.write("---\ntitle: Docs\n---\n", to: "content/docs/_index.md")
        try site.write("---\ntitle: Page\n---\nPage.\n", to: "content/docs/page.md")
        try await site.build()
        // The section `docs` is in the menu already (its identifier); a subsection is not a top section; Contact has no weight: last.
        #expect(header(try site.page("index.html")).contains("<li><a href=\"/about/\">About</a></li>\n<li><a href=\"/post/\">Articles</a></li>\n"
                                                             + "<li><a href=\"/docs/\">Guides</a></li>\n<li><a href=\"/contact/\">Contact</a></li>"))
        #expect(!header(try site.page("index.html")).contains("Deeper"))
    }

    @Test("Jekyll's _data/navigation.yml is the main menu, with its children")
    func jekyllNavigation() async throws {
        let site = try TestSite()
        try site.write("title: Jekyll\n", to: "_config.yml")
        try site.write("- title: Home\n  url: /\n- title: Guides\n  url: /guides/\n  children:\n    - title: Setup\n      url: /guides/setup/\n", to: "_data/navigation.yml")
        try site.write("---\ntitle: Setup\npermalink: /guides/setup/\n---\nSetup.\n", to: "guides/setup.md")
        try await site.build()
        let menu = header(try site.page("guides/setup/index.html"))
        #expect(menu.contains("<a href=\"/\">Home</a>"))
        #expect(menu.contains("<a href=\"/guides/setup/\" aria-current=\"page\">Setup</a>"))
    }

    @Test("Minima's header_pages is the main menu, titled by the pages")
    func jekyllHeaderPages() async throws {
        let site = try TestSite()
        try site.write("title: Minima\nheader_pages:\n  - contact.md\n  - about.md\n", to: "_config.yml")
        try site.write("---\ntitle: About me\n---\nAbout.\n", to: "about.md")
        try site.write("---\ntitle: Contact\n---\nContact.\n", to: "contact.md")
        let summary = try await site.build()
        let menu = header(try site.page("index.html"))
        #expect(menu.contains("<li><a href=\"/contact.html\">Contact</a></li>\n<li><a href=\"/about.html\">About me</a></li>"))
        #expect(summary.warnings.isEmpty)
    }

    @Test("a Zola theme's extra.menu with $BASE_URL is the main menu")
    func zolaMenu() async throws {
        let site = try TestSite()
        try site.write("base_url = \"https://z.example\"\ntitle = \"Z\"\n[extra]\nmenu = [{name = \"About\", url = \"$BASE_URL/about/\"}]\n", to: "config.toml")
        try site.write("+++\ntitle = \"About\"\n+++\nAbout.\n", to: "content/about.md")
        try await site.build()
        #expect(header(try site.page("index.html")).contains("<a href=\"/about/\">About</a>"))
    }

    @Test("menus whose parents name each other, and a bad menus value")
    func badMenus() async throws {
        let site = try TestSite()
        try site.write("menus:\n  main:\n    - {name: A, url: /a/, parent: B}\n    - {name: B, url: /b/, parent: A}\n", to: "sitegen.yml")
        try site.write("# Page\n", to: "content/page.md")
        let summary = try await site.build()
        #expect(header(try site.page("page/index.html")).contains(">A<"))
        #expect(!summary.warnings.isEmpty)
        let bad = try TestSite()
        try bad.write("menus:\n  main: 3\n", to: "sitegen.yml")
        try bad.write("# Page\n", to: "content/page.md")
        await #expect { try await bad.build() } throws: { "\($0)".contains("sitegen.yml:1") && "\($0)".contains("the menu `main` must be a list") }
    }
}

/// `sitegen.yml`'s `permalinks`: Hugo's tokens for a sitegen site's own folders.
@Suite("sitegen.yml permalinks")
struct OwnPermalinkTests {
    @Test("posts by date and slug, pages at the top by title; url wins; other folders as before; uglyURLs applies")
    func patterns() async throws {
        let site = try TestSite()
        try site.write("permalinks:\n  posts: /:year/:month/:slug/\n  /: /pages/:title/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Hello World\ndate: 2024-03-05\nslug: hi\n---\nx\n", to: "content/posts/hello.md")
        try site.write("---\ntitle: No Slug\ndate: 2024-12-01\n---\nx\n", to: "content/posts/2024-12-01-other.md")
        try site.write("---\ntitle: About Us\n---\nx\n", to: "content/about.md")
        try site.write("---\ntitle: Given\nurl: /given/\ndate: 2024-01-01\n---\nx\n", to: "content/posts/given.md")
        try site.write("---\ntitle: Doc\n---\nx\n", to: "content/docs/doc.md")
        try await site.build()
        #expect(site.exists("2024/03/hi/index.html"))
        #expect(site.exists("2024/12/no-slug/index.html"))
        #expect(site.exists("pages/about-us/index.html"))
        #expect(site.exists("given/index.html"))
        #expect(site.exists("docs/doc/index.html"))
        #expect(try site.page("posts/index.html").contains("href=\"/2024/03/hi/\""))
        let ugly = try TestSite()
        try ugly.write("uglyURLs: true\npermalinks:\n  posts: /:year/:filename\n", to: "sitegen.yml")
        try ugly.write("---\ntitle: A\ndate: 2024-03-05\n---\nx\n", to: "content/posts/a.md")
        try await ugly.build()
        #expect(ugly.exists("2024/a.html"))
    }

    @Test("a permalinks value that is not a table of patterns is an error on its line")
    func badPermalinks() async throws {
        let site = try TestSite()
        try site.write("title: T\npermalinks: /:year/\n", to: "sitegen.yml")
        try site.write("# A\n", to: "content/a.md")
        await #expect { try await site.build() } throws: { "\($0)".contains("sitegen.yml:2") && "\($0)".contains("`permalinks` must be a table") }
    }
}

/// A Hugo site's HTML content files with front matter are pages, as Hugo renders them.
@Suite("Hugo HTML pages")
struct HugoHTMLPageTests {
    @Test("content/x.html with front matter is the page /x/ in the theme, front matter read; its tags are one warning; plain HTML is copied")
    func htmlPages() async throws {
        let site = try TestSite()
        try site.write("title = \"H\"\n", to: "hugo.toml")
        try site.write("---\ntitle: Raw page\n---\n<h2>Hello</h2>\n<p>{{< param x >}}</p>\n", to: "content/raw.html")
        try site.write("+++\ntitle = \"Toml page\"\n+++\n<p>Plain</p>\n", to: "content/docs/toml.html")
        try site.write("<p>As is</p>\n", to: "content/static.html")
        let summary = try await site.build()
        let page = try site.page("raw/index.html")
        #expect(page.contains("<title>Raw page · H</title>") && page.contains("<h2>Hello</h2>"))
        #expect(!page.contains("title: Raw page"))
        #expect(try site.page("docs/toml/index.html").contains("<p>Plain</p>"))
        #expect(try site.page("static.html") == "<p>As is</p>\n")
        #expect(!site.exists("raw.html"))
        #expect(summary.warnings.map(\.description) == ["content/raw.html:5: holds Hugo template tags ({{ … }}), which sitegen does not run: the page is published with them as written"])
    }
}

/// A site's own CSS: `stylesheets`, mdBook's `additional-css`, MkDocs' `extra_css`.
@Suite("Site stylesheets")
struct StylesheetTests {
    @Test("mdBook's additional-css is published from the book's folder and linked after the theme's CSS")
    func additionalCSS() async throws {
        let site = try TestSite()
        try site.write("[book]\ntitle = \"B\"\n[output.html]\nadditional-css = [\"theme/book.css\", \"missing.css\"]\n", to: "book.toml")
        try site.write("- [A](a.md)\n", to: "src/SUMMARY.md")
        try site.write("# A\n", to: "src/a.md")
        try site.write("main { color: red }\n", to: "theme/book.css")
        let summary = try await site.build()
        #expect(try site.page("theme/book.css") == "main { color: red }\n")
        let page = try site.page("a.html")
        let theme = try #require(page.range(of: "/assets/docs.css")), own = try #require(page.range(of: "<link rel=\"stylesheet\" href=\"/theme/book.css\">"))
        #expect(theme.lowerBound < own.lowerBound)
        #expect(summary.warnings.contains { $0.message.contains("missing.css is not a file inside the site folder") })
    }

    @Test("an additional-css outside the book's folder is an error; a link to a file outside is not published")
    func outside() async throws {
        let site = try TestSite()
        try site.write("[book]\ntitle = \"B\"\n[output.html]\nadditional-css = [\"../secret.css\"]\n", to: "book.toml")
        try site.write("# A\n", to: "src/a.md")
        await #expect { try await site.build() } throws: { "\($0)".contains("book.toml:4") && "\($0)".contains("inside the book's folder") }
        let linked = try TestSite()
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-secret-\(UUID().uuidString).css")
        try "secret".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        try linked.write("[book]\ntitle = \"B\"\n[output.html]\nadditional-css = [\"theme/x.css\"]\n", to: "book.toml")
        try linked.write("# A\n", to: "src/a.md")
        try FileManager.default.createDirectory(at: linked.root.appendingPathComponent("theme"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: linked.root.appendingPathComponent("theme/x.css"), withDestinationURL: secret)
        let summary = try await linked.build()
        #expect(!linked.exists("theme/x.css"))
        #expect(summary.warnings.contains { $0.message.contains("theme/x.css is not a file inside the site folder") })
    }

    @Test("sitegen.yml's stylesheets and MkDocs' extra_css are linked by every page")
    func ownStylesheets() async throws {
        let site = try TestSite()
        try site.write("baseURL: /blog/\nstylesheets: [/css/extra.css, \"https://cdn.example/x.css\"]\n", to: "sitegen.yml")
        try site.write("a {}\n", to: "static/css/extra.css")
        try site.write("# A\n", to: "content/a.md")
        try await site.build()
        let page = try site.page("a/index.html")
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/blog/css/extra.css\">\n<link rel=\"stylesheet\" href=\"https://cdn.example/x.css\">"))
        let docs = try TestSite()
        try docs.write("site_name: D\nextra_css:\n  - theme/extra.css\n", to: "mkdocs.yml")
        try docs.write("# Home\n", to: "docs/index.md")
        try docs.write("b {}\n", to: "docs/theme/extra.css")
        try await docs.build()
        #expect(try docs.page("index.html").contains("<link rel=\"stylesheet\" href=\"/theme/extra.css\">"))
        #expect(docs.exists("theme/extra.css"))
    }
}

/// Zola's front matter `path`.
@Suite("Zola paths")
struct ZolaPathTests {
    @Test("a Zola page's path is its URL, from its language's root; elsewhere `path` is a key like any other")
    func paths() async throws {
        let site = try TestSite()
        try site.write("base_url = \"https://z.example\"\ntitle = \"Z\"\ndefault_language = \"en\"\n[languages.fr]\ntitle = \"Zf\"\n",
                       to: "config.toml")
        try site.write("+++\ntitle = \"About\"\npath = \"about\"\n+++\nAbout\n", to: "content/pages/about-me.md")
        try site.write("+++\ntitle = \"Deep\"\npath = \"/docs/deep/\"\n+++\nDeep\n", to: "content/deep.md")
        try site.write("+++\ntitle = \"À propos\"\npath = \"a-propos\"\n+++\nÀ propos\n", to: "content/pages/about-me.fr.md")
        try await site.build()
        #expect(try site.page("about/index.html").contains("About"))
        #expect(try site.page("docs/deep/index.html").contains("Deep"))
        #expect(try site.page("fr/a-propos/index.html").contains("propos"))
        #expect(!site.exists("pages/about-me/index.html"))
        let plain = try TestSite()
        try plain.write("---\ntitle: P\npath: elsewhere\n---\nP\n", to: "content/p.md")
        try await plain.build()
        #expect(plain.exists("p/index.html") && !plain.exists("elsewhere/index.html"))
    }
}
