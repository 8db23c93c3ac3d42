import Testing
@testable import SitegenMarkdown

@Suite("Typographic punctuation: a quote glued after punctuation or code is an apostrophe")
struct SmartApostropheTests {
    private let parser = MarkdownParser(options: .init(smartPunctuation: true))

    @Test("after code, C++, a closing quote or emphasis, before a letter: ’; quotes that open stay ‘ (each as Hugo 0.168 writes it)")
    func apostrophes() throws {
        #expect(try parser.html(from: "on `F`'s trait can't. C++'s x can't. (a)'s can't. \"F\"'s can't. 'q' it\n")
            == "<p>on <code>F</code>’s trait can’t. C++’s x can’t. (a)’s can’t. “F”’s can’t. ‘q’ it</p>\n")
        #expect(try parser.html(from: "\"'q'\" and `F`'s 'q' x'y *a*'s\n")
            == "<p>“‘q’” and <code>F</code>’s ‘q’ x’y <em>a</em>’s</p>\n")
        // A quote that opens after a blank, a bracket or a dash stays one, as in Hugo; at a line's
        // start too, as cmark and pulldown-cmark read it (Goldmark makes that one ’).
        #expect(try parser.html(from: "a ('b') -'c' x\n'd' can't\n")
            == "<p>a (‘b’) -‘c’ x\n‘d’ can’t</p>\n")
        // Without typographic punctuation nothing changes.
        #expect(try MarkdownParser().html(from: "`F`'s can't\n") == "<p><code>F</code>'s can't</p>\n")
    }
}
