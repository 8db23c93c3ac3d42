import Testing
@testable import SitegenMarkdown

@Suite("Flat front matter read without libyaml")
struct FlatYAMLReaderTests {
    @Test("the front matter most pages have is read by the flat reader, to what Yams reads")
    func commonFrontMatter() throws {
        let yaml = """
            title: "The lenient service pattern"
            date: 2021-11-19T10:00:00Z
            tags: [swift, architecture]
            description: 'An explanation: of how it works'
            # a comment
            weight: -3
            draft: false
            summary: C# tips, {braces} and [brackets] inside
            url: https://example.org/a?b=c#d
            empty:
            list: ["a b", plain, 12, true]
            none: []

            """
        let flat = try #require(FlatYAMLReader.parse(yaml[...], firstLine: 2))
        let yams = try FrontMatterReader.parse(yaml[...], firstLine: 2, readsFlatYAML: false)
        #expect(flat == yams)
        #expect(flat.keys.map { flat.line(of: $0) } == yams.keys.map { yams.line(of: $0) })
        #expect(flat["title"] == .string("The lenient service pattern"))
        #expect(flat["weight"] == .int(-3))
        #expect(flat["tags"] == .list([.string("swift"), .string("architecture")]))
        #expect(flat.line(of: "weight") == 7)
    }

    @Test("what the flat reader cannot read exactly is left to Yams", arguments: [
        "title: a: b\n", "title: \"a\\\"b\"\n", "title: 'it''s'\n", "tags:\n  - a\n", "tags:\n- a\n",
        "a: 1\na: 2\n", "title: &x a\n", "title: *x\n", "title: !!str 5\n", "body: |\n  text\n",
        "title:\ta\n", "title: a\r\n", "title: a # comment\n", "  indented: a\n", "title: \"a\" b\n",
        "title: [a, [b]]\n", "title: [a: b]\n", "title: {a: 1}\n", "- a\n", "title: \"line\n  two\"\n",
        "title: a\u{85}b\n", "title: \u{FEFF}a\n", "key:value\n", "title: - a\n", "---\n", "title: @x\n",
    ])
    func unreadable(_ yaml: String) {
        #expect(FlatYAMLReader.parse(yaml[...], firstLine: 1) == nil)
    }

    @Test("on thousands of generated front matters, whatever the flat reader reads is what Yams reads")
    func agreesWithYams() throws {
        let keys = ["title", "date", "tags", "a_b", "x-y", "v1.2", "7"]
        let values = [
            "", "plain text", "\"double\"", "'single'", "\"\"", "''", "[a, b]", "[]", "[ a ,b ]", "[1, 2.5, true, null]",
            "[\"q\", x]", "[a,]", "[,]", "12", "-1", "0x1F", "0o17", "1_000", "1e3", ".5", "+7", "-", "--x", "~", "null",
            "True", "yes", "2024-02-30", "2024-01-05", "2024-01-05 10:30:00", "2024-01-05T10:30:00+02:00", ".inf",
            "a:b", "a #b", "a#b", "a,b", "[a] b", "x ]", "é ü", "\"é\"", "a  ", "\"a\"  ", "{x", "?x", "%x", "`x",
            "\"a'b\"", "'a\"b'", "[é, ü]", "[a b c]", "[+1, 2]", "[.5]", "[-1]", "[\"a,b\"]", "[a] [b]",
        ]
        var generator = SystemRandomNumberGenerator()
        var read = 0
        for _ in 0..<3_000 {
            let lines = (0..<Int.random(in: 1...5, using: &generator)).map { _ -> String in
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: ""
                case 1: "# note"
                default: keys.randomElement(using: &generator)! + ": " + values.randomElement(using: &generator)!
                }
            }
            let yaml = lines.joined(separator: "\n") + "\n"
            guard let flat = FlatYAMLReader.parse(yaml[...], firstLine: 3) else { continue }
            read += 1
            let yams = try FrontMatterReader.parse(yaml[...], firstLine: 3, readsFlatYAML: false)
            #expect(flat == yams, "\(yaml.debugDescription)")
            #expect(flat.keys.map { flat.line(of: $0) } == yams.keys.map { yams.line(of: $0) }, "\(yaml.debugDescription)")
        }
        #expect(read > 500)
    }
}
