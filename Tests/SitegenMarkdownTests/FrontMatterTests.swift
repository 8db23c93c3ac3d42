import Foundation
import Testing
import SitegenMarkdown

@Suite("Front matter")
struct FrontMatterTests {
    let parser = MarkdownParser()

    @Test("keys are found, replaced and removed alike in small and large front matter, in file order",
          arguments: [3, 11, 12, 13, 40])
    func lookupsAtEverySize(count: Int) {
        var frontMatter = FrontMatter((0..<count).map { ("key\($0)", .int($0)) } + [("key0", .int(-1))])
        #expect(frontMatter.keys == (0..<count).map { "key\($0)" })
        for index in 0..<count { #expect(frontMatter["key\(index)"] == .int(index == 0 ? -1 : index)) }
        #expect(frontMatter["key\(count)"] == nil)
        // Removing the first keys moves the others; each is still found where it went.
        for index in 0..<min(count, 3) { frontMatter["key\(index)"] = nil }
        for index in 0..<count { #expect(frontMatter["key\(index)"] == (index < 3 ? nil : .int(index))) }
        // Added back, at the end; a replaced value stays in its place.
        frontMatter["key\(count - 1)"] = .string("last")
        frontMatter["key0"] = .string("again")
        #expect(frontMatter.keys.last == "key0")
        #expect(frontMatter["key0"] == .string("again"))
        #expect(frontMatter["key\(count - 1)"] == .string("last"))
        #expect(frontMatter == FrontMatter(frontMatter.entries))
    }

    @Test("YAML values keep their types: strings, numbers, booleans, dates, lists and maps")
    func typedValues() throws {
        let page = try parser.parse("""
            ---
            title: "Hello: world"
            count: 42
            ratio: 0.5
            draft: false
            date: 2026-01-05
            time: 2026-01-05T10:30:00Z
            tags: [swift, web]
            author:
              name: Ada
              links: [a, b]
            empty:
            quoted: "42"
            ---
            # Body

            """)
        #expect(page.frontMatter.keys == ["title", "count", "ratio", "draft", "date", "time", "tags", "author", "empty", "quoted"])
        #expect(page.frontMatter["title"] == .string("Hello: world"))
        #expect(page.frontMatter["count"] == .int(42))
        #expect(page.frontMatter["ratio"] == .double(0.5))
        #expect(page.frontMatter["draft"] == .bool(false))
        #expect(page.frontMatter["date"]?.date == Date(timeIntervalSince1970: 1_767_571_200))
        #expect(page.frontMatter["time"]?.date == Date(timeIntervalSince1970: 1_767_609_000))
        #expect(page.frontMatter["tags"] == .list([.string("swift"), .string("web")]))
        #expect(page.frontMatter["author"]?.map?["name"] == .string("Ada"))
        #expect(page.frontMatter["author"]?.map?["links"]?.list?.count == 2)
        #expect(page.frontMatter["empty"] == .null)
        #expect(page.frontMatter["quoted"] == .string("42"))
        #expect(page.html == "<h1>Body</h1>\n")
        #expect(page.bodyLineOffset == 14)
    }

    @Test("bad YAML throws an error with the line and column in the Markdown file")
    func badYAML() {
        #expect(throws: MarkdownError.self) { try parser.parse("---\ntitle: ok\ntags: [a, b\n---\nText\n") }
        let unclosed = #expect(throws: MarkdownError.self) { try parser.parse("---\ntitle: ok\nbad: \"unclosed\n---\nText\n") }
        #expect(unclosed?.line == 3 || unclosed?.line == 4)
        #expect(unclosed?.column != nil)
        #expect(unclosed?.message.hasPrefix("front matter: ") == true)
        #expect(unclosed.map { $0.description.hasPrefix("\($0.line):") } == true)
        let indented = #expect(throws: MarkdownError.self) { try parser.parse("---\ntitle: a\n  nested: b\n---\n") }
        #expect(indented?.line == 3)
        #expect(indented?.message.contains("mapping values") == true)
    }

    @Test("front matter that is not a map is an error on its line")
    func notAMap() {
        let error = #expect(throws: MarkdownError.self) { try parser.parse("---\n- a\n- b\n---\nText\n") }
        #expect(error?.line == 2)
        #expect(error?.message.contains("map of keys to values") == true)
    }

    @Test("a leading thematic break with no closing fence is Markdown, not front matter")
    func unclosedFenceIsMarkdown() throws {
        let page = try parser.parse("---\nText\n")
        #expect(page.frontMatter.isEmpty)
        #expect(page.html == "<hr />\n<p>Text</p>\n")
    }

    @Test("CRLF line endings, a BOM, `...` as closing fence and an empty block all work")
    func fenceVariants() throws {
        #expect(try parser.parse("---\r\ntitle: A\r\n---\r\nText\r\n").frontMatter["title"] == .string("A"))
        #expect(try parser.parse("\u{FEFF}---\ntitle: B\n...\nText\n").frontMatter["title"] == .string("B"))
        let empty = try parser.parse("---\n---\nText\n")
        #expect(empty.frontMatter.isEmpty)
        #expect(empty.html == "<p>Text</p>\n")
    }

    @Test("with front matter off, the block is rendered as Markdown, like cmark-gfm")
    func frontMatterOff() throws {
        let page = try MarkdownParser(options: .init(frontMatter: false)).parse("---\ntitle: A\n---\n")
        #expect(page.frontMatter.isEmpty)
        #expect(page.html == "<hr />\n<h2>title: A</h2>\n")
    }

    @Test("plain scalars follow YAML 1.2: yes and version numbers stay strings, zones are honoured")
    func plainScalarTypes() throws {
        let page = try parser.parse("""
            ---
            a: yes
            b: 1.2.3
            c: 0x1F
            d: -1.5e3
            e: 2026-01-05 10:30:00 +02:00
            f: 2026-01-05T10:30:00.5Z
            g: 2026-13-01
            h: .inf
            i: ~
            j: 'true'
            k: 007
            ---

            """)
        #expect(page.frontMatter["a"] == .string("yes"))
        #expect(page.frontMatter["b"] == .string("1.2.3"))
        #expect(page.frontMatter["c"] == .int(31))
        #expect(page.frontMatter["d"] == .double(-1500))
        #expect(page.frontMatter["e"]?.date == Date(timeIntervalSince1970: 1_767_601_800))
        #expect(page.frontMatter["f"]?.date == Date(timeIntervalSince1970: 1_767_609_000.5))
        #expect(page.frontMatter["g"] == .string("2026-13-01"))
        #expect(page.frontMatter["h"] == .double(.infinity))
        #expect(page.frontMatter["i"] == .null)
        #expect(page.frontMatter["j"] == .string("true"))
        #expect(page.frontMatter["k"] == .int(7))
    }
}
