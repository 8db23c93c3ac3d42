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
    func blockErrors() {
        #expect(throws: MarkdownError(line: 4, column: 9, message: "TOML front matter: Error while parsing key-value pair: "
                                      + "expected value, saw '\\n'")) {
            try MarkdownSource(text: "\n+++\ntitle = \"a\"\nbroken =\n+++\nText\n")
        }
        #expect(throws: MarkdownError(line: 1, message: "TOML front matter: the +++ line that opens it has no +++ line to close it")) {
            try MarkdownSource(text: "+++\ntitle = \"a\"\nText\n")
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
}
