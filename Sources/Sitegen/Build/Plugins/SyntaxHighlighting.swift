import Foundation
import SitegenHighlight
import SitegenMarkdown

extension Plugin {
    /// Colours code blocks with `highlighter` instead of the built-in ``Highlighter``.
    ///
    /// Code is highlighted at build time, on by default (`highlight: false` in `sitegen.yml`
    /// turns it off); this plugin only swaps what does it:
    ///
    /// ```swift
    /// site.install(.syntaxHighlighting(MyHighlighter()))
    /// ```
    public static func syntaxHighlighting(_ highlighter: any CodeHighlighter) -> Plugin {
        Plugin(name: "syntaxHighlighting") { site in site.codeHighlighter = highlighter }
    }
}

extension Modifier {
    /// The `.codeBlocks` modifier that colours code: tokens in `<span>`s with Pygments' class
    /// names inside cmark-gfm's `<pre><code class="language-…">` (`rust,ignore` written
    /// `language-rust ignore`, as mdBook writes it), and the line numbers and
    /// marked lines the info string asks for (as Hugo, Zola and Docusaurus write them). A block in a language
    /// the highlighter does not know stays as it was, but for its line options.
    public static func highlightingCode(with highlighter: any CodeHighlighter) -> Modifier {
        highlightingCode(with: highlighter, lineNumbers: nil)
    }

    /// ``highlightingCode(with:)``, numbering the lines of every block in a language from
    /// `lineNumbers` unless its info string says `linenos=false` (Hugo's `lineNos = true`).
    static func highlightingCode(with highlighter: any CodeHighlighter, lineNumbers: Int?) -> Modifier {
        Modifier(target: .codeBlocks) { input in
            guard case .codeBlock(let language, let info, let code) = input.node else { return input.html }
            // The element as rendered (its class, any attributes) stays; what is inside changes.
            let html = language.map { Self.splittingLanguageClass(input.html, language: $0) } ?? input.html
            guard let codeTag = HTMLScan.range(of: "<code", in: html),
                  let tagEnd = html.utf8[codeTag.upperBound...].firstIndex(of: UInt8(ascii: ">")) else { return html }
            let close = html.hasSuffix("</code></pre>") ? html.utf8.index(html.utf8.endIndex, offsetBy: -13)
                : html.range(of: "</code>", options: .backwards)?.lowerBound
            guard let close, tagEnd < close else { return html }
            let options = CodeBlockOptions(info: info, numbersLines: lineNumbers != nil && language != nil, startingAt: lineNumbers ?? 1)
            // A language the highlighter does not know keeps cmark's escaped text, lines and all.
            guard var inner = language.flatMap({ highlighter.highlight(code, language: $0) })
                    ?? (options.decoratesLines ? String(html[html.utf8.index(after: tagEnd)..<close]) : nil) else { return html }
            if options.decoratesLines { inner = options.decorate(inner) }
            var result = String(html[...tagEnd])
            result.reserveCapacity(result.utf8.count + inner.utf8.count + 16)
            result += inner
            result += html[close...]
            return result
        }
    }

    /// `html` (cmark's code block) with the class of an info string's words after commas
    /// written as mdBook writes it: `rust,ignore` is `class="language-rust ignore"`, not
    /// `language-rust,ignore`. Zola's `key=value` words (`hl_lines=2`, `name=a.toml`) are left
    /// out of the class; a word with other characters leaves the class as it is.
    static func splittingLanguageClass(_ html: String, language: String) -> String {
        guard language.utf8.contains(UInt8(ascii: ",")) else { return html }
        let words = language.split(separator: ",", omittingEmptySubsequences: true)
        guard let first = words.first, words.allSatisfy({ $0.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "#")
        } }), let found = html.range(of: "class=\"language-\(language)\"") else { return html }
        let classes = [first] + words.dropFirst().filter { !$0.contains("=") }
        return html.replacingCharacters(in: found, with: "class=\"language-" + classes.joined(separator: " ") + "\"")
    }
}
