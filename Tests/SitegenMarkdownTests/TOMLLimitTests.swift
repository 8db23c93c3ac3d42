import Foundation
import Testing
import SitegenMarkdown

@Suite("TOML limits: keys and tables of many parts are refused before toml++ reads them")
struct TOMLLimitTests {
    private let deep = "TOML front matter: values are nested more than 1000 levels deep (each part of a dotted key or [table.header] is a level)"

    /// The error `MarkdownSource` throws for front matter `toml`, or `nil`.
    private func error(_ toml: String) -> MarkdownError? {
        do {
            _ = try MarkdownSource(text: "+++\ntitle = \"A\"\n" + toml + "\n+++\nText\n")
            return nil
        } catch {
            return error
        }
    }

    private func parts(_ count: Int) -> String {
        (0..<count).map { "k\($0)" }.joined(separator: ".")
    }

    @Test("a dotted key of 10,000 parts is an error on its line (it crashed the process)")
    func dottedKey() {
        #expect(error(parts(10_000) + " = 1") == MarkdownError(line: 3, message: deep))
    }

    @Test("table headers and array-of-tables headers of 10,000 parts are errors on their lines")
    func headers() {
        #expect(error("[" + parts(10_000) + "]\nx = 1") == MarkdownError(line: 3, message: deep))
        #expect(error("[[" + parts(10_000) + "]]\nx = 1") == MarkdownError(line: 3, message: deep))
        #expect(error("[a]\nb = 1\n[" + parts(600) + "]\n" + parts(600) + " = 1")
                == MarkdownError(line: 6, message: deep))
    }

    @Test("inline tables and arrays 10,000 deep, or with keys of many parts, are errors")
    func inlineValues() {
        let tables = "a = " + String(repeating: "{b = ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(error(tables) == MarkdownError(line: 3, message: deep))
        let arrays = "a = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error(arrays) == MarkdownError(line: 3, message: deep))
        #expect(error("a = {" + parts(2_000) + " = 1}") == MarkdownError(line: 3, message: deep))
    }

    @Test("a key of 999 parts is read, with its value at the end of the path")
    func deepButAllowed() throws {
        let source = try MarkdownSource(text: "+++\n" + parts(999) + " = 7\ntitle = \"A\"\n+++\nText\n")
        var value = source.frontMatter["k0"]
        for index in 1..<999 { value = value?.map?["k\(index)"] }
        #expect(value == .int(7))
        #expect(source.frontMatter.keys == ["k0", "title"])
        #expect(source.frontMatter.line(of: "title") == 3)
    }

    @Test("dots and brackets inside strings and comments are not levels")
    func stringsAndComments() throws {
        let dots = String(repeating: ".", count: 5_000)
        let brackets = String(repeating: "[{", count: 3_000)
        let source = try MarkdownSource(text: "+++\na = \"\(dots)\"\nb = '\(brackets)'\n# \(dots)\(brackets)\n"
                                        + "c = \"\"\"\n\(dots)\n\(brackets)\"\"\"\n\"x.y\" = 1\n+++\nText\n")
        #expect(source.frontMatter["a"]?.string == dots)
        #expect(source.frontMatter["b"]?.string == brackets)
        #expect(source.frontMatter["x.y"] == .int(1))
        #expect(source.frontMatter.keys == ["a", "b", "c", "x.y"])
    }

    @Test("a whole TOML file (a config.toml) has the same limit, named as TOML")
    func wholeFile() {
        #expect(throws: MarkdownError(line: 2, message: "TOML: values are nested more than 1000 levels deep "
                                      + "(each part of a dotted key or [table.header] is a level)")) {
            try FrontMatter(toml: "title = \"A\"\n" + parts(10_000) + " = 1\n")
        }
    }

    @Test("JSON front matter that goes on past 1 MB is refused at its first line, without reading further")
    func largeJSON() {
        let long = "{\"title\": \"A\", \"body\": \"" + String(repeating: "x", count: 1_100_000) + "\"}\nText\n"
        #expect(throws: MarkdownError(line: 1, message: "JSON front matter: goes on past 1 MB, the most it may hold; "
                                      + "shorten it, or move long values to a data file")) {
            try MarkdownSource(text: long)
        }
        let endless = "{\"title\": \"A\", \"list\": [" + String(repeating: "1, ", count: 400_000) + "1]}\nText\n"
        #expect(throws: MarkdownError.self) { try MarkdownSource(text: endless) }
        let fits = "{\"title\": \"A\", \"body\": \"" + String(repeating: "x", count: 900_000) + "\"}\nText\n"
        #expect(throws: Never.self) { try MarkdownSource(text: fits) }
    }

    @Test("keys keep their lines, nested tables' too, with Windows line ends as with \\n")
    func keyLines() throws {
        for end in ["\n", "\r\n"] {
            let toml = ["title = \"B\"", "", "[book]", "src = \"x\"", "[output.html.redirect]", "\"a.html\" = \"b.html\""].joined(separator: end) + end
            let values = try FrontMatter(toml: toml)
            #expect(values.line(of: "title") == 1 && values.line(of: "book") == 3, "\(end.debugDescription)")
            #expect(values["book"]?.map?.line(of: "src") == 4, "\(end.debugDescription)")
            #expect(values["output"]?.map?["html"]?.map?["redirect"]?.map?.line(of: "a.html") == 6, "\(end.debugDescription)")
        }
    }
}
