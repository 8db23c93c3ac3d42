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
    /// names inside cmark-gfm's `<pre><code class="language-…">`, and the line numbers and
    /// marked lines the info string asks for (``CodeBlockOptions``). A block in a language
    /// the highlighter does not know stays as it was, but for its line options.
    public static func highlightingCode(with highlighter: any CodeHighlighter) -> Modifier {
        Modifier(target: .codeBlocks) { input in
            guard case .codeBlock(let language, let info, let code) = input.node else { return input.html }
            let options = CodeBlockOptions(info: info)
            guard var inner = language.flatMap({ highlighter.highlight(code, language: $0) })
                    ?? (options.decoratesLines ? HTMLText.escapeAttribute(code) : nil) else { return input.html }
            if options.decoratesLines { inner = options.decorate(inner) }
            // Keep the element as rendered (its class, any attributes); put the tokens inside.
            guard let codeTag = input.html.range(of: "<code"), let tagEnd = input.html[codeTag.upperBound...].firstIndex(of: ">"),
                  let close = input.html.range(of: "</code>", options: .backwards), tagEnd < close.lowerBound else { return input.html }
            return String(input.html[...tagEnd]) + inner + String(input.html[close.lowerBound...])
        }
    }
}
