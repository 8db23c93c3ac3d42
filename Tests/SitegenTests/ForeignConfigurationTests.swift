import Foundation
import Sitegen
import Testing

/// Sites of other generators build with their own configuration files, and misspelt keys of
/// `sitegen.yml` are pointed out.
@Suite("Configuration files of other generators")
struct ForeignConfigurationTests {
    /// A site with one dated post and `files` besides, built with the library.
    private func build(_ files: [String: String], post: String = "content/posts/hello.md",
                       frontMatter: String = "") async throws -> (TestSite, BuildSummary) {
        let site = try TestSite()
        try site.write("---\ntitle: Hello\ndate: 2024-05-01\n\(frontMatter)---\nHello there.\n", to: post)
        for (path, text) in files { try site.write(text, to: path) }
        return (site, try await site.build())
    }

    @Test("Hugo's buildDrafts, buildFuture and buildExpired, and Jekyll's show_drafts and future, publish what they name")
    func publishingKeys() async throws {
        let hugoFiles = ["content/draft.md": "---\ntitle: D\ndraft: true\n---\nD\n",
                         "content/future.md": "---\ntitle: F\ndate: 2999-01-01\n---\nF\n",
                         "content/old.md": "---\ntitle: O\nexpiryDate: 2000-01-01\n---\nO\n"]
        let (plain, _) = try await build(hugoFiles.merging(["hugo.toml": "title = 'H'\n"]) { $1 })
        #expect(!plain.exists("draft/index.html") && !plain.exists("future/index.html") && !plain.exists("old/index.html"))
        let (all, _) = try await build(hugoFiles.merging(["hugo.toml": "title = 'H'\nbuildDrafts = true\nbuildFuture = true\nbuildexpired = true\n"]) { $1 })
        #expect(all.exists("draft/index.html") && all.exists("future/index.html") && all.exists("old/index.html"))
        await #expect(throws: SiteError.self) { try await build(["hugo.toml": "title = 'H'\nbuildDrafts = 'yes'\n"]) }
        let jekyllFiles = ["_drafts/idea.md": "---\ntitle: Idea\n---\nI\n", "_posts/2999-01-01-later.md": "---\ntitle: Later\n---\nL\n",
                           "_config.yml": "title: J\nshow_drafts: true\nfuture: true\n"]
        let site = try TestSite()
        for (path, text) in jekyllFiles { try site.write(text, to: path) }
        try await site.build()
        #expect(site.exists("2999/01/01/later.html"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: site.output.path).contains { $0.hasSuffix("idea.html") })
    }

    @Test("a hugo.toml that is not valid TOML is an error naming its line, in a site whose content folders it names (no content/ folder)")
    func brokenHugoFileWithoutContentFolder() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Hello\n---\nHello there.\n", to: "content.en/hello.md")
        try site.write("title = 'H'\n[languages.en]\n  contentDir = 'content.en'\ntitle = \n", to: "hugo.toml")
        await #expect(throws: SiteError.self) { try await site.build() }
        do {
            try await site.build()
        } catch let error as SiteError {
            #expect(error.file == "hugo.toml" && error.line == 4)
        }
        #expect(!site.exists("content.en/hello/index.html") && !site.exists("hugo/index.html"))
        // Fixed, it is Hugo's again: the language's folder is the content.
        try site.write("title = 'H'\n[languages.en]\n  contentDir = 'content.en'\n", to: "hugo.toml")
        try await site.build()
        #expect(site.exists("hello/index.html"))
    }

    @Test("Hugo's hugo.yaml gives the title, base URL, description, language, taxonomies and params, with keys in any case")
    func hugoYAML() async throws {
        let (site, summary) = try await build([
            "hugo.yaml": """
                baseurl: https://example.org/docs/
                title: Hugo Site
                languageCode: en-gb
                theme: ananke
                params:
                  description: Notes from Hugo
                  github: someone
                taxonomies:
                  tag: tags
                  series: series
                menu:
                  main: []

                """,
            "templates/plain.mustache": "{{site.params.github}}|{{site.title}}\n",
            "content/plain.md": "---\ntitle: Plain\nlayout: plain\n---\nx\n",
        ], frontMatter: "series: [intro]\n")
        let home = try site.page("index.html")
        #expect(home.contains("<html lang=\"en-gb\">"))
        #expect(home.contains("<title>Hugo Site</title>"))
        #expect(home.contains("<meta name=\"description\" content=\"Notes from Hugo\">"))
        #expect(home.contains("href=\"/docs/posts/hello/\""))
        #expect(try site.page("atom.xml").contains("<link href=\"https://example.org/docs/posts/hello/\"/>"))
        #expect(site.exists("series/intro/index.html"))
        #expect(try site.page("plain/index.html") == "someone|Hugo Site\n")
        #expect(summary.foreignConfiguration?.description
            == "using Hugo's hugo.yaml (baseurl, title, languageCode, theme, params, taxonomies, menu)")
        // The theme is not in the site (a module Hugo fetches, say): said once.
        #expect(summary.warnings.map(\.description)
            == ["themes/ananke/: `theme = \"ananke\"` names no folder of themes/; the theme's static files and words are not read"])
    }

    @Test("Hugo's config.toml gives the title, base URL, description, language, taxonomies and params")
    func hugoTOML() async throws {
        let (site, summary) = try await build([
            "config.toml": """
                baseURL = "https://hugo.example/site/"
                title = "Hugo TOML"
                languageCode = "de-de"
                theme = "ananke"

                [params]
                description = "Hugo in TOML"
                github = "someone"

                [taxonomies]
                category = "categories"

                [[menus.main]]
                name = "Home"

                """,
            "templates/plain.mustache": "{{site.params.github}}\n",
            "content/plain.md": "---\ntitle: Plain\nlayout: plain\n---\nx\n",
        ], frontMatter: "categories: [notes]\ntags: [not-a-taxonomy-here]\n")
        let home = try site.page("index.html")
        #expect(home.contains("<html lang=\"de-de\">"))
        #expect(home.contains("<title>Hugo TOML</title>"))
        #expect(home.contains("<meta name=\"description\" content=\"Hugo in TOML\">"))
        let feed = try site.page("atom.xml")
        #expect(feed.contains("<title>Hugo TOML</title>"))
        #expect(feed.contains("<link href=\"https://hugo.example/site/posts/hello/\"/>"))
        #expect(site.exists("categories/notes/index.html"))
        #expect(!site.exists("tags/not-a-taxonomy-here/index.html"))
        #expect(try site.page("plain/index.html") == "someone\n")
        #expect(summary.foreignConfiguration?.description
            == "using Hugo's config.toml (baseURL, title, languageCode, theme, params, taxonomies, menus)")
    }

    @Test("Zola's config.toml, told apart from Hugo's by base_url, gives the title, base URL, description, language, taxonomies and [extra]")
    func zolaTOML() async throws {
        let (site, summary) = try await build([
            "config.toml": """
                base_url = "https://zola.example/blog"
                title = "Zola Site"
                description = "Zola words"
                default_language = "nl"
                compile_sass = true
                taxonomies = [
                  {name = "tags", feed = true},
                  {name = "authors"},
                ]

                [markdown]
                highlight_code = true

                [extra]
                twitter = "zola_fan"

                """,
            "templates/plain.mustache": "{{site.params.twitter}}\n",
            "content/plain.md": "---\ntitle: Plain\nlayout: plain\n---\nx\n",
        ], frontMatter: "authors: [kim]\n")
        let home = try site.page("index.html")
        #expect(home.contains("<html lang=\"nl\">"))
        #expect(home.contains("<title>Zola Site</title>"))
        #expect(home.contains("<meta name=\"description\" content=\"Zola words\">"))
        #expect(home.contains("href=\"/blog/posts/hello/\""))
        #expect(try site.page("rss.xml").contains("<link>https://zola.example/blog/posts/hello/</link>"))
        #expect(site.exists("authors/kim/index.html"))
        #expect(try site.page("plain/index.html") == "zola_fan\n")
        #expect(summary.foreignConfiguration?.description == "using Zola's config.toml (base_url, title, description, "
            + "default_language, taxonomies, extra; not used: compile_sass, markdown)")
    }

    @Test("highlighting is off where Hugo's codeFences or Zola's highlight_code is false, and on otherwise")
    func highlightingSwitches() async throws {
        let code = "```go\nfunc main() {}\n```\n"
        let (hugo, _) = try await build(["hugo.toml": "title = \"H\"\n[markup.highlight]\ncodeFences = false\n", "content/code.md": code])
        #expect(try hugo.page("code/index.html").contains("<pre><code class=\"language-go\">func main() {}\n</code></pre>"))
        let (zola, _) = try await build(["config.toml": "base_url = \"/\"\n[markdown]\nhighlight_code = false\n", "content/code.md": code])
        #expect(try zola.page("code/index.html").contains("<pre><code class=\"language-go\">func main() {}\n</code></pre>"))
        let (plain, _) = try await build(["config.toml": "base_url = \"/\"\n[markdown]\nhighlight_code = true\n", "content/code.md": code])
        #expect(try plain.page("code/index.html").contains("<pre><code class=\"language-go\"><span"))
    }

    @Test("Hugo's lineNos = true numbers every block in a language from lineNoStart, but for linenos=false and blocks without one")
    func hugoLineNumbers() async throws {
        let code = "```go\na()\nb()\n```\n\n```go {linenos=false}\nc()\n```\n\n```\nplain\n```\n\n```go {linenostart=7}\nd()\n```\n"
        let (hugo, summary) = try await build(["hugo.toml": "title = \"H\"\n[markup.highlight]\nlineNos = true\nlineNoStart = 3\nlineNumbersInTable = true\n",
                                               "content/code.md": code])
        let page = try hugo.page("code/index.html")
        #expect(page.contains("<span class=\"line\"><span class=\"ln\">3</span><span class=\"cl\"><span class=\"n\">a</span>"))
        #expect(page.contains("<span class=\"ln\">4</span>"))
        #expect(page.contains("<pre><code class=\"language-go\"><span class=\"n\">c</span>"))
        #expect(page.contains("<pre><code>plain\n</code></pre>"))
        #expect(page.contains("<span class=\"ln\">7</span><span class=\"cl\"><span class=\"n\">d</span>"))
        #expect(summary.foreignConfiguration?.description.contains("not used") != true
                || summary.foreignConfiguration?.description.contains("markup") != true)
        let (plain, _) = try await build(["hugo.toml": "title = \"H\"\n", "content/code.md": code])
        #expect(!(try plain.page("code/index.html")).contains("class=\"ln\""))
    }

    @Test("quotes, dashes and ellipses are typographic where the generator's Markdown makes them so: Hugo, Jekyll, mdBook by default, Zola and MkDocs when asked")
    func smartPunctuation() async throws {
        let text = "It's -- a \"test\"...\n"
        let smart = "<p>It\u{2019}s \u{2013} a \u{201C}test\u{201D}\u{2026}</p>", plain = "<p>It's -- a &quot;test&quot;...</p>"
        let sites: [(files: [String: String], page: String, html: String)] = [
            (["hugo.toml": "title = \"H\"\n", "content/a.md": text], "a/index.html", smart),
            (["hugo.toml": "title = \"H\"\n[markup.goldmark.extensions.typographer]\ndisable = true\n", "content/a.md": text],
             "a/index.html", plain),
            (["_config.yml": "title: J\n", "a.md": "---\ntitle: A\n---\n" + text], "a.html", smart),
            (["_config.yml": "title: J\nmarkdown: CommonMark\n", "a.md": "---\ntitle: A\n---\n" + text], "a.html", plain),
            (["book.toml": "[book]\ntitle = \"B\"\n", "src/SUMMARY.md": "# S\n\n- [A](a.md)\n", "src/a.md": "# A\n\n" + text], "a.html", smart),
            (["book.toml": "[book]\ntitle = \"B\"\n[output.html]\nsmart-punctuation = false\n", "src/SUMMARY.md": "# S\n\n- [A](a.md)\n",
              "src/a.md": "# A\n\n" + text], "a.html", plain),
            (["config.toml": "base_url = \"/\"\n[markdown]\nsmart_punctuation = true\n", "content/a.md": text], "a/index.html", smart),
            (["config.toml": "base_url = \"/\"\n", "content/a.md": text], "a/index.html", plain),
            (["mkdocs.yml": "site_name: M\nmarkdown_extensions:\n  - toc:\n      permalink: true\n  - smarty\n", "docs/a.md": "# A\n\n" + text],
             "a/index.html", smart),
            (["mkdocs.yml": "site_name: M\n", "docs/a.md": "# A\n\n" + text], "a/index.html", plain),
        ]
        for (files, page, html) in sites {
            let site = try TestSite()
            for (path, content) in files { try site.write(content, to: path) }
            try await site.build()
            #expect(try site.page(page).contains(html), "\(files.keys.sorted())")
        }
    }

    @Test("a multilingual Hugo configuration gives the default language's title and description")
    func hugoLanguages() async throws {
        let (site, _) = try await build([
            "config.yaml": """
                baseURL: /
                defaultContentLanguage: fr
                languages:
                  en:
                    title: English title
                  fr:
                    title: Titre
                    params:
                      description: En français

                """,
        ])
        let home = try site.page("index.html")
        #expect(home.contains("<html lang=\"fr\">"))
        #expect(home.contains("<title>Titre</title>"))
        #expect(home.contains("content=\"En français\""))
    }

    @Test("Hugo's and Zola's languages become the site's: translations by suffix get their own folder and a switcher")
    func foreignLanguages() async throws {
        let (hugo, hugoSummary) = try await build([
            "hugo.yaml": """
                baseURL: https://example.org/
                defaultContentLanguage: en
                defaultContentLanguageInSubdir: true
                languages:
                  en: {languageName: English, weight: 1}
                  de: {title: Titel, weight: 2}

                """,
            "content/posts/hello.de.md": "---\ntitle: Hallo\ndate: 2024-05-01\n---\nHallo.\n",
        ])
        #expect(hugoSummary.foreignConfiguration?.description.contains("languages") == true)
        let german = try hugo.page("de/posts/hello/index.html")
        #expect(german.contains("<html lang=\"de\">"))
        #expect(german.contains("<li><a href=\"/en/posts/hello/\" hreflang=\"en\" lang=\"en\">English</a></li>"))
        #expect(german.contains("<li><span aria-current=\"true\" lang=\"de\">Deutsch</span></li>"), "the name from the locale data")
        #expect(german.contains("<a class=\"site-title\" href=\"/de/\">Titel</a>"))

        let (zola, _) = try await build([
            "config.toml": """
                base_url = "https://example.org"
                default_language = "en"
                [languages.fr]
                title = "Le blog"

                """,
            "content/posts/hello.fr.md": "+++\ntitle = \"Bonjour\"\ndate = 2024-05-01\n+++\nBonjour.\n",
        ])
        #expect(try zola.page("fr/posts/hello/index.html").contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/posts/hello/\">"))
        #expect(try zola.page("fr/index.html").contains("<title>Le blog</title>"))
    }

    @Test("Jekyll's _config.yml gives url + baseurl, lang, description and author; other keys are params; the file is not published")
    func jekyll() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Hello\ndate: 2024-05-01\n---\nHello there.\n", to: "_posts/2024-05-01-hello.md")
        try site.write("""
            title: Jekyll Blog
            url: "https://blog.example.com/"
            baseurl: /sub
            description: >-
              Words about
              things.
            lang: fr
            author:
              name: Jane Doe
            plugins: [jekyll-feed]
            theme: minima

            """, to: "_config.yml")
        let summary = try await site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<html lang=\"fr\">"))
        #expect(home.contains("<title>Jekyll Blog</title>"))
        #expect(home.contains("content=\"Words about things.\""))
        let feed = try site.page("atom.xml")
        #expect(feed.contains("<link href=\"https://blog.example.com/sub/\"/>"))
        #expect(feed.contains("<author><name>Jane Doe</name></author>"))
        #expect(!site.exists("_config.yml"))
        #expect(summary.foreignConfiguration?.description
            == "using Jekyll's _config.yml (title, url, baseurl, description, lang, author; the others as site.params)")
    }

    @Test("Hugo's hugo.json is read too")
    func hugoJSON() async throws {
        let (site, summary) = try await build([
            "hugo.json": "{\n  \"title\": \"JSON Site\",\n  \"baseURL\": \"https://j.example/\",\n  \"params\": {\"description\": \"From JSON\"}\n}\n",
        ])
        #expect(try site.page("index.html").contains("<title>JSON Site</title>"))
        #expect(try site.page("index.html").contains("content=\"From JSON\""))
        #expect(try site.page("atom.xml").contains("<id>https://j.example/</id>"))
        #expect(summary.foreignConfiguration?.generator == .hugo)
    }

    @Test("hugo.json is read as JSON: YAML in it, a trailing comma or text after the object is an error at its line")
    func hugoJSONIsJSON() async throws {
        for (text, expected) in [
            ("title: YAML, not JSON\n", "hugo.json:1: JSON: the file must hold one object, like {\"title\": \"Hello\"}"),
            ("{\"title\": \"A\",\n}\n", "hugo.json:2: JSON: expected a key in \"quotes\""),
            ("{\"title\": \"A\"}\n{}\n", "hugo.json:2: JSON: expected the end of the file after the object's closing }"),
        ] {
            let site = try TestSite()
            try site.write("# A\n", to: "content/a.md")
            try site.write(text, to: "hugo.json")
            let error = await #expect(throws: SiteError.self) { try await site.build() }
            #expect(error?.description == expected)
        }
    }

    @Test("sitegen.yml wins over another generator's file, and hugo.yaml over _config.yml")
    func precedence() async throws {
        let (site, summary) = try await build([
            "sitegen.yml": "title: Own title\n",
            "hugo.yaml": "title: Hugo title\n",
            "_config.yml": "title: Jekyll title\n",
        ])
        #expect(try site.page("index.html").contains("<title>Own title</title>"))
        #expect(summary.foreignConfiguration == nil)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("sitegen.yml"))
        let second = try await site.build()
        #expect(try site.page("index.html").contains("<title>Hugo title</title>"))
        #expect(second.foreignConfiguration?.file == "hugo.yaml")
    }

    @Test("sitegen.yaml is read as sitegen.yml is, over another generator's file; beside sitegen.yml it is a warning, not read")
    func yamlExtension() async throws {
        let (site, summary) = try await build(["sitegen.yaml": "title: Own title\n", "hugo.yaml": "title: Hugo title\n"])
        #expect(try site.page("index.html").contains("<title>Own title</title>"))
        #expect(summary.foreignConfiguration == nil && summary.warnings.isEmpty)
        try site.write("title: Other title\n", to: "sitegen.yml")
        let both = try await site.build()
        #expect(try site.page("index.html").contains("<title>Other title</title>"))
        #expect(both.warnings.map(\.description) == ["sitegen.yaml: is not read: sitegen.yml is; keep one of the two"])
    }

    @Test("a Hugo file in a bare folder of Markdown is content, not configuration")
    func bareFolder() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "a.md")
        try site.write("title: Not a site setting\n", to: "config.yaml")
        let summary = try await site.build()
        #expect(summary.foreignConfiguration == nil)
        #expect(!(try site.page("index.html").contains("Not a site setting")))
    }

    @Test("a malformed foreign configuration, or a value of the wrong kind, is an error naming the file and line")
    func errors() async throws {
        for (text, expected) in [
            ("title: ok\nparams: [1\n", "hugo.yaml:3: YAML: did not find expected ',' or ']' while parsing a flow sequence"),
            ("baseURL: /\nTitle: [a, b]\n", "hugo.yaml:2: `Title` must be text"),
            ("baseURL: example.org\n", "hugo.yaml:1: `baseURL` (example.org) must be an http:// or https:// URL, such as "
                + "https://example.org/, or a path starting with /, such as /blog/"),
            ("taxonomies:\n  tag: [a]\n", "hugo.yaml:1: `taxonomies` must name front matter keys, as in tag = \"tags\""),
            ("title = \"x\"\nbase_url = \"/\"\n[extra\n", "config.toml:3: TOML: Error while parsing table header: expected ']', saw '\\n'"),
            ("base_url = \"/\"\ntaxonomies = [{feed = true}]\n",
             "config.toml:2: `taxonomies` must name front matter keys, as in taxonomies = [{name = \"tags\"}]"),
        ] {
            let site = try TestSite()
            try site.write("# A\n", to: "content/a.md")
            try site.write(text, to: expected.hasPrefix("config.toml") ? "config.toml" : "hugo.yaml")
            let error = await #expect(throws: SiteError.self) { try await site.build() }
            #expect(error?.description == expected)
        }
    }

    @Test("a live build reads the foreign configuration again when it changes")
    func liveBuild() async throws {
        let site = try TestSite()
        try site.write("# A\n\n[B](b.md)\n", to: "content/a.md")
        try site.write("# B\n", to: "content/b.md")
        let config = try site.write("title: Before\n", to: "hugo.yaml")
        let live = LiveSiteBuilder(site: Site(), root: site.root)
        try await live.build()
        #expect(try site.page("a/index.html").contains("<title>A · Before</title>"))
        try "title: After\nbaseURL: /docs/\n".write(to: config, atomically: true, encoding: .utf8)
        try await live.build(changed: [config.standardizedFileURL.path])
        let page = try site.page("a/index.html")
        #expect(page.contains("<title>A · After</title>"))
        #expect(page.contains("<a href=\"/docs/b/\">B</a>"))
    }

    @Test("sitegen build says in one line which file it read, unless --quiet")
    func oneLine() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("title: Hugo Site\nbaseURL: https://example.org/\nmenu: {}\n", to: "hugo.yaml")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 0)
        #expect(result.error == "sitegen: using Hugo's hugo.yaml (title, baseURL, menu)\n")
        let quiet = try Sitegen.run(["build", site.root.path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.error.isEmpty)
    }

    @Test("an unknown sitegen.yml key close to a known one is a warning on its line with the suggestion")
    func didYouMean() async throws {
        let (_, summary) = try await build([
            "sitegen.yml": """
                title: Site
                base_url: https://a.example/
                baseUrl: https://b.example/
                tittle: Typo
                Language: de
                authors: [a, b]
                github: someone
                descripton: Words

                """,
        ])
        #expect(summary.warnings.map(\.description) == [
            "sitegen.yml:2: unknown key `base_url`; did you mean `baseURL`?",
            "sitegen.yml:3: unknown key `baseUrl`; did you mean `baseURL`?",
            "sitegen.yml:4: unknown key `tittle`; did you mean `title`?",
            "sitegen.yml:5: unknown key `Language`; did you mean `language`?",
            "sitegen.yml:8: unknown key `descripton`; did you mean `description`?",
        ])
    }

    @Test("sitegen.yml reads Hugo's `pagination.pagerSize` as `paginate`, first when both are given, and says which of its keys it does not read")
    func hugoPaginationInSitegenYML() async throws {
        var files = ["sitegen.yml": "title: Site\npaginate: 5\npagination:\n  pagerSize: 2\n  path: seite\n"]
        for day in 1...5 { files["content/posts/post-\(day).md"] = "---\ntitle: Post \(day)\ndate: 2024-05-0\(day)\n---\nText.\n" }
        let (site, summary) = try await build(files)
        // Six posts, two a page: /posts/, /posts/page/2/ and /posts/page/3/.
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/page/3/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/page/4/index.html").path))
        #expect(summary.warnings.map(\.description)
            == ["sitegen.yml:3: `pagination.path` is not read: list pages are at PATH/page/N/ (sitegen reads `pagination.pagerSize`)"])

        await #expect(throws: SiteError.self) {
            try await self.build(["sitegen.yml": "title: Site\npagination:\n  pagerSize: many\n"])
        }
        await #expect(throws: SiteError.self) {
            try await self.build(["sitegen.yml": "title: Site\npagination: 3\n"])
        }
    }

    @Test("sitegen check reports a misspelt key as a problem")
    func checkReportsMisspeltKey() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("title: Site\nbase_url: https://a.example/\n", to: "sitegen.yml")
        let result = try Sitegen.run(["check", site.root.path])
        #expect(result.status == 1)
        #expect(result.output.contains("sitegen.yml:2: unknown key `base_url`; did you mean `baseURL`?"))
    }
}
