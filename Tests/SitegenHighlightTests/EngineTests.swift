import Testing
@testable import SitegenHighlight

@Suite("The lexer engine")
struct EngineTests {
    /// Lexes `code` with `grammar`, as the highlighter does.
    private func html(_ code: String, _ grammar: Grammar) -> String {
        var code = code
        return code.withUTF8 { bytes in
            var writer = TokenWriter(bytes: bytes)
            Lexer.run(grammar, over: bytes, into: &writer)
            return writer.finish()
        }
    }

    @Test("a rule that matches nothing and pops ends nothing at the root: the lexer goes on, never looping")
    func zeroLengthPopAtTheRoot() {
        let grammar = Grammar([("root", [Rule(.ahead(.lineEnd), .plain, .pop), Rule(.run("a-z"), .keyword)])])
        #expect(html("ab\ncd\n", grammar) == "<span class=\"k\">ab</span>\n<span class=\"k\">cd</span>\n")
    }

    @Test("pushes beyond the deepest stack are ignored, and a pop from the root stays at the root")
    func stackBounds() {
        let grammar = Grammar([
            ("root", [Rule(.text("("), .punctuation, .push("inner")), Rule(.text(")"), .punctuation, .pop)]),
            ("inner", [Rule(.text("("), .punctuation, .push("inner")), Rule(.text(")"), .punctuation, .pop), Rule(.run("a-z"), .string)]),
        ])
        let deep = String(repeating: "(", count: 1_000) + "x" + String(repeating: ")", count: 1_001) + "y"
        let output = html(deep, grammar)
        #expect(output.contains("<span class=\"s\">x</span>"))
        #expect(output.hasSuffix("y"), "after all the pops, the root: y is plain")
    }
}
