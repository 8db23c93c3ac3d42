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
}
