import Foundation
import Testing
import SitegenMarkdown
import TestSupport

@Suite("YAML limits: aliases, nesting and size")
struct YAMLLimitTests {
    /// The error `MarkdownSource` throws for `text`, or `nil`.
    private func error(_ text: String) -> MarkdownError? {
        do {
            _ = try MarkdownSource(text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a billion-laughs front matter is an error on the line of the alias that goes over the limit, at once")
    func billionLaughs() {
        let text = "---\n" + HostileInputs.billionLaughs + "---\nText\n"
        #expect(error(text) == MarkdownError(line: 7, column: 8, message: "front matter: the alias *e makes the aliases "
                                              + "repeat more than 100000 values; repeat less, or write the values out"))
    }

    @Test("aliases used as keys cannot make Yams compare billions of values")
    func aliasKeys() {
        var lines = ["---", "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for (level, name) in ["b", "c", "d", "e", "f", "g"].enumerated() {
            let previous = ["a", "b", "c", "d", "e", "f"][level]
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        lines += ["keys: {? *g : 1, ? *f : 2}", "---", ""]
        #expect(error(lines.joined(separator: "\n"))?.message.contains("repeat more than 100000 values") == true)
    }

    @Test("small aliases expand to the values of their anchors")
    func smallAliases() throws {
        let source = try MarkdownSource(text: "---\nbase: &base {name: Ada, tags: [a, b]}\ncopy: *base\nlist: [*base, *base]\n---\n")
        let base = FrontMatterValue.map(FrontMatter([("name", .string("Ada")), ("tags", .list([.string("a"), .string("b")]))]))
        #expect(source.frontMatter["copy"] == base)
        #expect(source.frontMatter["list"] == .list([base, base]))
    }

    @Test("values nested 10,000 levels deep, written out or through aliases, are an error, not a stack overflow")
    func deepNesting() {
        let deep = "front matter: values are nested more than 1000 levels deep"
        let flow = "---\na: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n---\n"
        #expect(error(flow)?.message == deep)
        let block = "---\na:\n" + String(repeating: "- ", count: 10_000) + "x\n---\n"
        #expect(error(block)?.message == deep)
        let anchored = "---\na: &a " + String(repeating: "[", count: 900) + String(repeating: "]", count: 900)
            + "\nb: &b [[[[[[[[[[*a]]]]]]]]]]\nc: &c [[[[[[[[[[*b]]]]]]]]]]\n"
            + (0..<20).map { "d\($0): &d\($0) [[[[[[[[[[*\($0 == 0 ? "c" : "d\($0 - 1)")]]]]]]]]]]" }.joined(separator: "\n") + "\n---\n"
        #expect(error(anchored)?.message.hasSuffix("nests values more than 1000 levels deep") == true)
    }

    @Test("front matter over 1 MB is refused before it is parsed")
    func largeFrontMatter() {
        let text = "---\n" + String(repeating: "key: value value value\n", count: 60_000) + "---\nText\n"
        #expect(error(text) == MarkdownError(line: 2, message: "front matter: 1.4 MB is too long; it may be at most 1 MB"))
    }

    @Test("front matter keeps the line of each key in the file")
    func keyLines() throws {
        let source = try MarkdownSource(text: "---\ntitle: A\n\n# a comment\ndraft: yes\nnested:\n  inner: 1\n---\nText\n")
        #expect(source.frontMatter.line(of: "title") == 2)
        #expect(source.frontMatter.line(of: "draft") == 5)
        #expect(source.frontMatter.line(of: "nested") == 6)
        #expect(source.frontMatter.line(of: "inner") == nil)
        #expect(try FrontMatter(yaml: "a: 1\nb: 2\n").line(of: "b") == 2)
    }
}
