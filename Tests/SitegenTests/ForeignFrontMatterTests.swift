import Foundation
import Sitegen
import SitegenMarkdown
import Testing

/// Front matter as other generators write it: YAML, TOML and JSON, their dates and their keys.
@Suite("Front matter of other generators")
struct ForeignFrontMatterTests {
    // MARK: TOML

    @Test("a whole TOML file reads into typed values in file order, its dates as dates")
    func tomlFile() throws {
        let toml = """
            title = "Zola"
            base_url = "https://example.org"
            weight = 3
            ratio = 1.5
            draft = false
            date = 2025-11-07T10:56:00Z
            shifted = 2025-11-07T12:56:00+02:00
            local = 2025-11-07T10:56:00
            day = 2025-08-19
            quoted = "2024-01-01"
            alarm = 07:32:00
            tags = ["a", "b"]

            [extra]
            zebra = "z"
            apple = { name = "a" }

            [[menu]]
            name = "Home"
            """
        let frontMatter = try FrontMatter(toml: toml)
        #expect(frontMatter.keys == ["title", "base_url", "weight", "ratio", "draft", "date", "shifted", "local", "day",
                                     "quoted", "alarm", "tags", "extra", "menu"])
        #expect(frontMatter["title"] == .string("Zola"))
        #expect(frontMatter["weight"] == .int(3))
        #expect(frontMatter["ratio"] == .double(1.5))
        #expect(frontMatter["draft"] == .bool(false))
        let instant = Date(timeIntervalSince1970: 1_762_512_960)
        #expect(frontMatter["date"] == .date(instant))
        #expect(frontMatter["shifted"] == .date(instant))
        #expect(frontMatter["local"] == .date(instant))
        #expect(frontMatter["day"] == .date(Date(timeIntervalSince1970: 1_755_561_600)))
        #expect(frontMatter["quoted"] == .string("2024-01-01"))
        #expect(frontMatter["alarm"] == .string("07:32:00"))
        #expect(frontMatter["tags"] == .list([.string("a"), .string("b")]))
        #expect(frontMatter["extra"]?.map?.keys == ["zebra", "apple"])
        #expect(frontMatter["extra"]?.map?["apple"] == .map(FrontMatter([(key: "name", value: .string("a"))])))
        #expect(frontMatter["menu"] == .list([.map(FrontMatter([(key: "name", value: .string("Home"))]))]))
        #expect(frontMatter.line(of: "extra") == 14)
        #expect(try FrontMatter(toml: "").isEmpty)
    }

    @Test("a TOML error names its line and column")
    func tomlError() {
        #expect(throws: MarkdownError(line: 2, column: 9, message: "TOML: Error while parsing key-value pair: encountered end-of-file")) {
            try FrontMatter(toml: "a = 1\nbroken =")
        }
        #expect(throws: MarkdownError(line: 2, column: 1, message: "TOML: a NUL character is not allowed in TOML")) {
            try FrontMatter(toml: "a = 1\n\u{0}")
        }
    }

    // MARK: Finding the block

    @Test("TOML between +++ lines, after blank lines and with a closing fence followed by spaces, is front matter")
    func tomlBlock() throws {
        let source = try MarkdownSource(text: "\n\n+++\ntitle = \"Themes\"\ndate = 2025-08-19\n+++   \nBody *text*\n")
        #expect(source.frontMatter["title"] == .string("Themes"))
        #expect(source.frontMatter.line(of: "date") == 5)
        #expect(source.body == "Body *text*\n")
        #expect(source.bodyLineOffset == 6)
        let yaml = try MarkdownSource(text: "\n---\ntitle: Blank line first\n---  \nBody\n")
        #expect(yaml.frontMatter["title"] == .string("Blank line first"))
        #expect(yaml.body == "Body\n")
    }

    @Test("a JSON object at the top is front matter with typed values and the lines of its keys")
    func jsonBlock() throws {
        let text = """
            {
              "title": "Caf\\u00e9 \\"x\\" \\ud83d\\ude00",
              "weight": 3, "ratio": -1.5e2,
              "draft": false, "none": null,
              "tags": ["a", "b"],
              "params": {"nested": {"deep": [1, {"x": true}]}}
            }
            Body
            """
        let source = try MarkdownSource(text: text)
        #expect(source.frontMatter.keys == ["title", "weight", "ratio", "draft", "none", "tags", "params"])
        #expect(source.frontMatter["title"] == .string("Café \"x\" 😀"))
        #expect(source.frontMatter["weight"] == .int(3))
        #expect(source.frontMatter["ratio"] == .double(-150))
        #expect(source.frontMatter["draft"] == .bool(false))
        #expect(source.frontMatter["none"] == .null)
        #expect(source.frontMatter["tags"] == .list([.string("a"), .string("b")]))
        #expect(source.frontMatter.line(of: "tags") == 5)
        #expect(source.body == "Body")
        #expect(source.bodyLineOffset == 7)
    }

    @Test("text that starts with a brace but is no JSON object (Hugo and Liquid tags, attribute lists) stays Markdown")
    func braceThatIsNoJSON() throws {
        for text in ["{{< figure src=\"a.png\" >}}\nText\n", "{% raw %}\nText\n", "{:.lead}\nText\n", "{ not json }\n"] {
            let source = try MarkdownSource(text: text)
            #expect(source.frontMatter.isEmpty)
            #expect(source.body == text[...])
        }
    }

    @Test("bad TOML and JSON front matter are errors at their line and column in the Markdown file")
    func blockErrors() throws {
        #expect(throws: MarkdownError(line: 4, column: 9, message: "TOML front matter: Error while parsing key-value pair: "
                                      + "expected value, saw '\\n'")) {
            try MarkdownSource(text: "\n+++\ntitle = \"a\"\nbroken =\n+++\nText\n")
        }
        #expect(throws: MarkdownError(line: 1, message: "TOML front matter: the +++ line that opens it has no +++ line to close it")) {
            try MarkdownSource(text: "+++\ntitle = \"a\"\nText\n")
        }
        // A `---` that a `key:` line follows opens front matter, closed or not; before anything else it is a thematic break.
        #expect(throws: MarkdownError(line: 2, message: "YAML front matter: the --- line that opens it has no --- line to close it; "
                                      + "add one, or, for a thematic break, leave a blank line after the ---")) {
            try MarkdownSource(text: "\n---\ntitle: a\ndate: 2024-01-01\n\nText\n")
        }
        for text in ["---\n  \"title\": a\n", "---\ntítulo: a\n", "---\nog.image: a.png\n", "---\n  title: a\n"] {
            #expect(throws: MarkdownError.self, "\(text)") { try MarkdownSource(text: text) }
        }
        // A blank line or a heading after the `---` is Markdown's, whatever follows.
        for text in ["---\nSome text: not a key\n", "---\ntitle:a\n", "---\n- item\n", "---\nhttps://example.org\n", "---\n",
                     "---\n> quote: a\n", "---\n\n", "---\n\ntitle: a\n", "---\n# Release notes\nVersion: 2.0 is out.\n",
                     "---\n\n## Changelog\n\n2024-01-02: fixed\n"] {
            #expect(try MarkdownSource(text: text).body == text[...], "\(text)")
        }
        #expect(throws: MarkdownError(line: 3, column: 3, message: "JSON front matter: expected , or } after the value of \"title\"")) {
            try MarkdownSource(text: "{\n  \"title\": \"a\"\n  \"date\": \"2024-01-01\"\n}\nText\n")
        }
        #expect(throws: MarkdownError(line: 2, column: 2, message: "JSON front matter: the list that opens on line 1 is not closed: a ] is missing")) {
            try MarkdownSource(text: "{\"a\": [1,\n2")
        }
        #expect(throws: MarkdownError(line: 3, column: 1, message: "JSON front matter: the object that opens on line 1 is not closed: "
                                      + "a } is missing")) {
            try MarkdownSource(text: "{\"a\": 1,\n\"b\": 2\n")
        }
        #expect(throws: MarkdownError(line: 1, column: 7, message: "JSON front matter: expected a value (text in \"quotes\", "
                                      + "a number, true, false, null, [ or {)")) {
            try MarkdownSource(text: "{\"a\": tru}")
        }
    }

    @Test("a site names the file and line of bad TOML and JSON front matter, and says what to fix")
    func blockErrorsInASite() async throws {
        let site = try TestSite()
        try site.write("+++\ntitle = \"a\"\ndate = 2024-13-01\n+++\nText\n", to: "content/a.md")
        try site.write("{\"title\": \"b\",}\nText\n", to: "content/b.md")
        let error = await #expect(throws: SiteErrors.self) { try await site.build() }
        #expect(error?.errors.map(\.description) == [
            "content/a.md:3: TOML front matter: Error while parsing date: expected month between 1 and 12 (inclusive), saw 13. "
                + "Fix the TOML between the +++ lines.",
            "content/b.md:1: JSON front matter: expected a key in \"quotes\". Fix the JSON object at the top of the file.",
        ])
    }

    @Test("a page whose YAML front matter does not close, or whose text is not UTF-8, is an error naming its file and line")
    func unclosedAndNotUTF8() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: a\ndraft: false\n\nText\n", to: "content/a.md")
        // Latin-1 on line 3; a U+FFFD written as UTF-8 on line 2 is text like any other.
        try (Data("---\ntitle: \u{FFFD}\n---\nCaf".utf8) + Data([0xE9, 0x0A])).write(to: site.root.appendingPathComponent("content/b.md"))
        try site.write("---\ntitle: c \u{FFFD}\n---\nFine.\n", to: "content/c.md")
        try "# Title\n".data(using: .utf16BigEndian)!.write(to: site.root.appendingPathComponent("content/d.md"))
        let error = await #expect(throws: SiteErrors.self) { try await site.build() }
        #expect(error?.errors.map(\.description) == [
            "content/a.md:1: YAML front matter: the --- line that opens it has no --- line to close it; "
                + "add one, or, for a thematic break, leave a blank line after the ---",
            "content/b.md:4: is not UTF-8 text: this line holds the byte 0xE9, which UTF-8 does not allow here; save the file as UTF-8",
            "content/d.md:1: holds a NUL byte on this line, which text never holds (UTF-16 text without its byte order mark?); "
                + "save the file as UTF-8",
        ])
        // The configuration too.
        let configured = try TestSite()
        try configured.write("# Home\n", to: "content/index.md")
        try (Data("baseURL: https://example.org/\ntitle: Caf".utf8) + Data([0xE9, 0x0A])).write(to: configured.root.appendingPathComponent("sitegen.yml"))
        let configurationError = await #expect(throws: SiteError.self) { try await configured.build() }
        #expect(configurationError?.description == "sitegen.yml:2: is not UTF-8 text: this line holds the byte 0xE9, "
                + "which UTF-8 does not allow here; save the file as UTF-8")
        #expect(UTF8Problem.first(in: Data([0x61, 0xED, 0xA0, 0x80])) == UTF8Problem(line: 1, byte: 0xED), "a surrogate")
        #expect(UTF8Problem.first(in: Data([0xC0, 0xAF])) == UTF8Problem(line: 1, byte: 0xC0), "an overlong form")
        #expect(UTF8Problem.first(in: Data("\n\u{10FFFF}é\n".utf8) + Data([0xF0, 0x9F])) == UTF8Problem(line: 3, byte: 0xF0), "cut short")
        #expect(UTF8Problem.first(in: Data("日本語 🎉\n".utf8)) == nil)
        #expect(UTF8Problem.first(in: "title".data(using: .utf16)!)?.message == "is UTF-16 text (it starts with UTF-16's byte order mark); save the file as UTF-8")
        #expect(UTF8Problem.first(in: "title".data(using: .utf32)!)?.encoding == "UTF-32")
        // UTF-16 without its byte order mark is valid UTF-8 full of NUL bytes.
        #expect(UTF8Problem.of("# Title\nTe\u{0}xt\n", bytes: { Data() }) == UTF8Problem(line: 2, byte: 0))
        #expect(UTF8Problem.of("# Title\nText \u{FFFD}\n", bytes: { Data("# Title\nText \u{FFFD}\n".utf8) }) == nil)
        #expect(UTF8Problem.of("\u{FFFD}\n\u{0}\n", bytes: { Data("\u{FFFD}\n\u{0}\n".utf8) }) == UTF8Problem(line: 2, byte: 0))
    }

    @Test("a data file, or a file an mdBook page includes, that is not UTF-8 is named at its line, not published with U+FFFD")
    func dataAndIncludesNotUTF8() async throws {
        for (name, bytes) in [("people.yaml", Data("- name: Ann\n- name: Jos".utf8) + Data([0xE9, 0x0A])),
                              ("people.toml", Data("[ann]\nname = \"Caf".utf8) + Data([0xE9, 0x22, 0x0A])),
                              ("people.yml", "name: Ann\n".data(using: .utf16)!)] {
            let site = try TestSite()
            try site.write("# Home\n", to: "content/_index.md")
            try site.write("", to: "data/.keep")
            try bytes.write(to: site.root.appendingPathComponent("data/" + name))
            let error = await #expect(throws: (any Error).self) { try await site.build() }
            let said = (error as? SiteErrors)?.errors.map(\.description).joined() ?? error.map { "\($0)" } ?? ""
            #expect(said.hasPrefix(name.hasSuffix(".yml") ? "data/\(name):1: is UTF-16 text" : "data/\(name):2: is not UTF-8 text: this line holds the byte 0xE9"),
                    "\(said)")
        }
        let book = try TestSite()
        try book.write("# Code\n\n```\n{{#include ../lib.rs}}\n```\n", to: "content/code.md")
        try (Data("fn main() {}\n// Caf".utf8) + Data([0xE9, 0x0A])).write(to: book.root.appendingPathComponent("lib.rs"))
        let summary = try await book.build()
        #expect(summary.warnings.map(\.description) == [
            "content/code.md:4: `{{#include ../lib.rs}}` reads ../lib.rs (line 2), which is not UTF-8 text: this line holds the byte 0xE9, "
                + "which UTF-8 does not allow here; save the file as UTF-8; left as text",
        ])
        #expect(try !book.page("code/index.html").contains("\u{FFFD}"))
    }

    @Test("JSON nested deeper than YAML allows is an error, not a crash")
    func deepJSON() {
        let text = "{\"a\": " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}\nText\n"
        #expect(throws: MarkdownError(line: 1, column: 1_007, message: "JSON front matter: values are nested more than 1000 levels deep")) {
            try MarkdownSource(text: text)
        }
    }

    // MARK: One page, three formats

    @Test("the same page written with YAML, TOML or JSON front matter builds the same site, byte for byte")
    func sameSiteFromEachFormat() async throws {
        let yaml = """
            ---
            title: "Three formats"
            date: 2024-03-01T10:00:00+02:00
            updated: 2024-03-05
            description: One page, three ways.
            tags: [swift, web]
            weight: 2
            draft: false
            ---
            Some *text*.
            """
        let toml = """

            +++
            title = "Three formats"
            date = 2024-03-01T10:00:00+02:00
            updated = 2024-03-05
            description = "One page, three ways."
            tags = ["swift", "web"]
            weight = 2
            draft = false
            +++
            Some *text*.
            """
        let json = """
            {
              "title": "Three formats",
              "date": "2024-03-01T10:00:00+02:00",
              "updated": "2024-03-05",
              "description": "One page, three ways.",
              "tags": ["swift", "web"],
              "weight": 2,
              "draft": false
            }
            Some *text*.
            """
        var outputs: [[String: String]] = []
        for text in [yaml, toml, json] {
            let site = try TestSite()
            try site.write("title: Formats\nbaseURL: https://example.org/\n", to: "sitegen.yml")
            try site.write(text, to: "content/posts/page.md")
            try await site.build()
            outputs.append(Dictionary(uniqueKeysWithValues: try site.outputFiles().map { ($0, try site.page($0)) }))
        }
        #expect(outputs[0]["posts/page/index.html"]?.contains("<time datetime=\"2024-03-01\">March 1, 2024</time>") == true)
        #expect(outputs[0]["posts/page/index.html"]?.contains("<title>Three formats · Formats</title>") == true)
        #expect(outputs[0]["tags/web/index.html"] != nil)
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
    }

    // MARK: Dates

    @Test("every date form real sites write is a date: YAML timestamps, Jekyll's and Hugo's, quoted or not, TOML's and JSON's")
    func everyDateForm() async throws {
        let site = try TestSite()
        let pages: [(name: String, frontMatter: String, seconds: TimeInterval)] = [
            ("yaml-day", "---\ndate: 2026-01-05\n---", 1_767_571_200),
            ("yaml-utc", "---\ndate: 2026-01-05T10:30:00Z\n---", 1_767_609_000),
            ("yaml-fraction", "---\ndate: 2026-01-05T10:30:00.5+01:00\n---", 1_767_605_400.5),
            ("jekyll-zone", "---\ndate: 2013-06-07 21:02:13 +0200\n---", 1_370_631_733),
            ("jekyll-zone-quoted", "---\ndate: \"2013-06-07 21:02:13 +0200\"\n---", 1_370_631_733),
            ("hugo-pacific", "---\ndate: 2016-01-01 12:00:00 -0800\n---", 1_451_678_400),
            ("no-seconds", "---\ndate: 2024-03-01 10:00\n---", 1_709_287_200),
            ("no-seconds-quoted", "---\ndate: '2024-03-01 10:00'\n---", 1_709_287_200),
            ("one-digit-hour", "---\ndate: 2018-09-17 9:00:00\n---", 1_537_174_800),
            ("one-digit-month", "---\ndate: 2016-1-05\n---", 1_451_952_000),
            ("one-digit-month-quoted", "---\ndate: \"2016-1-05\"\n---", 1_451_952_000),
            ("one-digit-month-time", "---\ndate: 2016-1-05 9:00:00\n---", 1_451_984_400),
            ("eleventy-no-seconds-zone", "---\ndate: \"2016-01-01T06:00-06:00\"\n---", 1_451_649_600),
            ("toml-offset", "+++\ndate = 2025-11-07T10:56:00+02:00\n+++", 1_762_505_760),
            ("toml-utc", "+++\ndate = 2025-11-07T10:56:00Z\n+++", 1_762_512_960),
            ("toml-local", "+++\ndate = 2025-11-07T10:56:00\n+++", 1_762_512_960),
            ("toml-local-space", "+++\ndate = 2025-11-07 10:56:00\n+++", 1_762_512_960),
            ("toml-day", "+++\ndate = 2025-08-19\n+++", 1_755_561_600),
            ("toml-quoted", "+++\ndate = \"2024-01-01\"\n+++", 1_704_067_200),
            ("json", "{\"date\": \"2013-06-07 21:02:13 +0200\"}", 1_370_631_733),
        ]
        for page in pages { try site.write(page.frontMatter + "\nText\n", to: "content/\(page.name).md") }
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root)).buildInMemory()
        let dates = Dictionary(uniqueKeysWithValues: build.pages.map { ($0.page.url, $0.page.date?.timeIntervalSince1970) })
        for page in pages {
            #expect(dates["/\(page.name)/"] == page.seconds, "\(page.name)")
        }
    }

    // MARK: Hugo's keys

    @Test("Hugo's lastmod is the updated date, publishDate the date, and a future publishDate or a past expiryDate hides the page")
    func hugoDates() async throws {
        let site = try TestSite()
        let now = Date(timeIntervalSince1970: 1_767_571_200)  // 2026-01-05
        try site.write("---\ntitle: Modified\ndate: 2025-01-01\nlastmod: 2025-06-01\n---\nText\n", to: "content/modified.md")
        try site.write("---\ntitle: Published\npublishDate: 2025-02-03\n---\nText\n", to: "content/published.md")
        try site.write("---\ntitle: Later\ndate: 2025-01-01\npublishDate: 2026-02-01\n---\nText\n", to: "content/later.md")
        try site.write("+++\ntitle = \"Expired\"\nexpiryDate = 2025-12-31\n+++\nText\n", to: "content/expired.md")
        try site.write("{\"title\": \"Fresh\", \"expirydate\": \"2026-12-31\"}\nText\n", to: "content/fresh.md")
        try await site.build(BuildOptions(now: now))
        #expect(try site.page("modified/index.html").contains("Updated <time datetime=\"2025-06-01\">June 1, 2025</time>"))
        #expect(try site.page("published/index.html").contains("<time datetime=\"2025-02-03\">February 3, 2025</time>"))
        #expect(!site.exists("later/index.html"))
        #expect(!site.exists("expired/index.html"))
        #expect(site.exists("fresh/index.html"))
        try await site.build(BuildOptions(includeFuture: true, now: now))
        #expect(try site.page("later/index.html").contains("<time datetime=\"2025-01-01\">"))
        #expect(!site.exists("expired/index.html"))
    }

    @Test("Hugo's linkTitle names a page and a section in the navigation, summary describes it, categories get term pages, keywords a meta tag")
    func hugoKeys() async throws {
        let site = try TestSite()
        try site.write("theme: docs\n", to: "sitegen.yml")
        try site.write("---\ntitle: The guide to everything\nlinkTitle: Guide\n---\n", to: "content/guide/_index.md")
        try site.write("""
            ---
            title: Installing sitegen on every platform
            linkTitle: Install
            summary: How to install it.
            categories: [setup, Linux]
            keywords: [install, apt]
            ---
            First paragraph.
            """, to: "content/guide/install.md")
        try await site.build()
        let page = try site.page("guide/install/index.html")
        #expect(page.contains("<title>Installing sitegen on every platform · "))
        #expect(page.contains("<h1>Installing sitegen on every platform</h1>"))
        #expect(page.contains("<a href=\"/guide/install/\">Install</a>"))
        #expect(page.contains("<a href=\"/guide/\">Guide</a>"))
        #expect(page.contains("<meta name=\"description\" content=\"How to install it.\">"))
        #expect(page.contains("<meta name=\"keywords\" content=\"install, apt\">"))
        #expect(try site.page("guide/index.html").contains("How to install it."))
        #expect(try site.page("categories/linux/index.html").contains("Installing sitegen on every platform"))
        #expect(try site.page("categories/index.html").contains("setup"))
        #expect(try !site.page("guide/index.html").contains("name=\"keywords\""))
    }

    // MARK: Jekyll's keys

    @Test("Jekyll's published: false is a draft, permalink is the URL, excerpt the description; templated permalinks are a warning")
    func jekyllKeys() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Hidden\npublished: false\n---\nText\n", to: "content/hidden.md")
        try site.write("---\ntitle: Moved\npermalink: /blog/moved/\nexcerpt: A short excerpt.\n---\nText\n", to: "content/moved.md")
        try site.write("---\ntitle: Relative\npermalink: docs/relative/\n---\nText\n", to: "content/relative.md")
        try site.write("---\ntitle: Templated\npermalink: \"/{{ title | slugify }}/\"\n---\nText\n", to: "content/templated.md")
        try site.write("---\ntitle: Placeholders\npermalink: /:categories/:title/\n---\nText\n", to: "content/placeholders.md")
        try site.write("---\ntitle: Data only\npermalink: false\n---\nText\n", to: "content/data-only.md")
        let summary = try await site.build()
        #expect(!site.exists("hidden/index.html"))
        #expect(try site.page("blog/moved/index.html").contains("<meta name=\"description\" content=\"A short excerpt.\">"))
        #expect(site.exists("docs/relative/index.html"))
        #expect(site.exists("templated/index.html"))
        #expect(site.exists("placeholders/index.html"))
        #expect(!site.exists("data-only/index.html"))
        #expect(summary.warnings.map(\.description) == [
            "content/placeholders.md:3: `permalink: /:categories/:title/` is a template of another generator; "
                + "the page keeps the URL of its file (give it a `url` to choose one)",
            "content/templated.md:3: `permalink: /{{ title | slugify }}/` is a template of another generator; "
                + "the page keeps the URL of its file (give it a `url` to choose one)",
        ])
        try await site.build(BuildOptions(includeDrafts: true))
        #expect(site.exists("hidden/index.html"))
    }

    @Test("published and permalink of the wrong kind are errors on their lines")
    func jekyllKeyErrors() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\npublished: maybe\n---\nText\n", to: "content/a.md")
        try site.write("---\ntitle: B\npermalink: ../../out/\n---\nText\n", to: "content/b.md")
        let error = await #expect(throws: SiteErrors.self) { try await site.build() }
        #expect(error?.errors.map(\.description) == [
            "content/a.md:3: `published` must be true or false",
            "content/b.md:3: `permalink: \"../../out/\"` would leave the output folder; use a path like /about/",
        ])
    }

    // MARK: Zola's keys

    @Test("Zola's [taxonomies] get term pages, [extra] is in params, updated is shown, template names the layout, a section redirects")
    func zolaKeys() async throws {
        let site = try TestSite()
        try site.write("{{<page}}{{$main}}<p class=\"author\">{{page.params.author}} / {{page.params.extra.author}}</p>"
                       + "{{{page.content}}}{{/main}}{{/page}}", to: "templates/theme.mustache")
        try site.write("""

            +++
            title = "Serene"
            template = "theme.html"

            [taxonomies]
            tags = ["blog", "dark"]
            authors = ["Kim"]

            [extra]
            author = "Kim Lee"
            +++   \n
            Text
            """, to: "content/themes/serene/index.md")
        try site.write("\n+++\ntitle = \"Docs\"\nredirect_to = \"docs/start/\"\n+++\n", to: "content/docs/_index.md")
        try site.write("+++\ntitle = \"Start\"\n+++\nText\n", to: "content/docs/start.md")
        try site.write("+++\ntitle = \"Old\"\nredirect_to = \"nowhere\"\n+++\n", to: "content/old/_index.md")
        try site.write("+++\ntitle = \"Page\"\n+++\nText\n", to: "content/old/page.md")
        try site.write("+++\ntitle = \"Other\"\ntemplate = \"other.html\"\nupdated = 2025-11-07T10:56:00Z\n+++\nText\n",
                       to: "content/other.md")
        let summary = try await site.build()
        let page = try site.page("themes/serene/index.html")
        #expect(page.contains("<p class=\"author\">Kim Lee / Kim Lee</p>"))
        #expect(try site.page("other/index.html").contains("Updated <time datetime=\"2025-11-07\">November 7, 2025</time>"))
        #expect(try site.page("tags/dark/index.html").contains("Serene"))
        #expect(try site.page("authors/kim/index.html").contains("Serene"))
        #expect(try site.page("docs/index.html").contains("<meta http-equiv=\"refresh\" content=\"0; url=/docs/start/\">"))
        #expect(try site.page("old/index.html").contains("href=\"/old/page/\">Page</a>"))
        #expect(summary.warnings.map(\.description) == [
            "content/old/_index.md:3: `redirect_to = nowhere` names no page of the site; the section keeps its list page",
            "content/other.md:3: `template = other.html` names no template; rendered with the page template. "
                + "Add templates/other.mustache to give it one",
        ])
    }

    @Test("Zola's redirect_to in a repository built from above its docs folder finds its page from the folders above the section")
    func zolaRedirectFromAbove() async throws {
        let site = try TestSite()
        try site.write("+++\ntitle = \"Documentation\"\nredirect_to = \"documentation/start/\"\n+++\n",
                       to: "docs/content/documentation/_index.md")
        try site.write("+++\ntitle = \"Start\"\n+++\nText\n", to: "docs/content/documentation/start.md")
        let summary = try await site.build()
        #expect(try site.page("docs/content/documentation/index.html")
            .contains("<meta http-equiv=\"refresh\" content=\"0; url=/docs/content/documentation/start/\">"))
        #expect(summary.warnings.isEmpty)
    }
}
