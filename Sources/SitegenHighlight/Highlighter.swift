/// The built-in highlighter: a table-driven lexer for each of the languages the article
/// <doc:SyntaxHighlighting> lists, giving tokens the short class names of Pygments and Chroma.
///
/// ```swift
/// let html = Highlighter().highlight("let x = 1", language: "swift")
/// // <span class="kd">let</span> <span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>
/// ```
///
/// Language names are matched as GitHub matches them, ignoring case, with their aliases
/// (`rs`, `js`, `py`, `objc`, `zsh`, `yml`…); words after a comma (`rust,ignore`) are ignored.
public struct Highlighter: CodeHighlighter {
    /// Creates the highlighter.
    public init() {}

    /// The code's tokens as HTML, or `nil` when the language is not one we know.
    public func highlight(_ code: String, language: String) -> String? {
        guard let language = Language(named: language) else { return nil }
        var code = code
        return code.withUTF8 { bytes in
            var writer = TokenWriter(bytes: bytes)
            Lexer.run(language.grammar, over: bytes, into: &writer)
            return writer.finish()
        }
    }
}

extension Highlighter {
    /// The name of the language `language` names (`rs` → `rust`), if it is one we know.
    package static func name(of language: String) -> String? {
        Language(named: language)?.rawValue
    }
}
