import Foundation
import Testing
import SitegenMarkdown

@Suite("Bad input")
struct RobustnessTests {
    @Test("invalid UTF-8 is repaired with U+FFFD, as cmark-gfm does")
    func invalidUTF8() throws {
        let text = String(decoding: [0x61, 0xFF, 0xFE, 0x20, 0x2A, 0x62, 0x2A, 0x0A] as [UInt8], as: UTF8.self)
        let html = try MarkdownParser.withIdentityModifiers(options: .init()).html(from: text)
        #expect(html == "<p>a\u{FFFD}\u{FFFD} <em>b</em></p>\n")
    }

    @Test("NUL bytes become U+FFFD and nothing is cut off after them")
    func nulBytes() throws {
        let text = "a\u{0}b *c*\n\n# d\u{0}\n"
        let html = try MarkdownParser.withIdentityModifiers(options: .init()).html(from: text)
        #expect(html == "<p>a\u{FFFD}b <em>c</em></p>\n<h1>d\u{FFFD}</h1>\n")
        #expect(html == ReferenceRenderer.html(text, options: .init()))
    }

    @Test("10,000 nested blockquotes render, with and without modifiers")
    func deepNesting() throws {
        let text = String(repeating: ">", count: 10_000) + " deep *text*\n"
        let plain = try MarkdownParser().html(from: text)
        #expect(plain == ReferenceRenderer.html(text, options: .init()))
        let modified = try MarkdownParser(modifiers: [
            Modifier(target: .blockquotes) { html, _ in html },
            Modifier(target: .emphasis) { _, _ in "<b>text</b>" },
        ]).html(from: text)
        #expect(modified == plain.replacingOccurrences(of: "<em>text</em>", with: "<b>text</b>"))
    }

    @Test("deeply nested emphasis and brackets render")
    func deepInlineNesting() throws {
        let text = String(repeating: "*a ", count: 5_000) + String(repeating: "[", count: 5_000) + "x\n"
        let html = try MarkdownParser.withIdentityModifiers(options: .init()).html(from: text)
        #expect(html == ReferenceRenderer.html(text, options: .init()))
    }

    @Test("a 20 MB document renders with modifiers, exactly as without them")
    func hugeDocument() throws {
        let chunk = "## Section\n\nSome *text* with a [link](https://example.org) and `code`.\n\n| a | b |\n|---|---|\n| ~~x~~ | www.example.org |\n\n"
        let text = String(repeating: chunk, count: 20_000_000 / chunk.utf8.count + 1)
        #expect(text.utf8.count >= 20_000_000)
        let plain = try MarkdownParser().parse(text)
        let modified = try MarkdownParser(modifiers: [Modifier(target: .links) { html, _ in html }]).parse(text)
        #expect(plain.html == modified.html)
        #expect(plain.headings.count == 20_000_000 / chunk.utf8.count + 1)
        #expect(plain.headings.last?.id == "section-\(plain.headings.count - 1)")
    }
}
