import Foundation
import SitegenMarkdown

/// Code blocks in the markup Jekyll's kramdown and Rouge write, for a page rendered with the
/// site's own layouts (``JekyllLayouts``), whose stylesheets colour `.highlight .k`:
/// `<pre><code class="language-ruby">…</code></pre>` becomes
/// `<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>…</code></pre></div></div>`
/// (a block without a language is `language-plaintext`), and inline code is
/// `<code class="language-plaintext highlighter-rouge">`. The tokens inside keep their
/// classes, which are Pygments' and Rouge's short names.
enum RougeCodeBlocks {
    /// `html` with its code blocks written as Rouge writes them.
    static func rewritten(_ html: String) -> String {
        let opening = "<pre><code"
        guard html.contains(opening) else { return inlineCodeMarked(html) }
        var result = ""
        result.reserveCapacity(html.utf8.count + 512)
        var rest = html[...]
        while let start = rest.range(of: opening) {
            let afterName = rest[start.upperBound...]
            guard let tagEnd = afterName.firstIndex(of: ">"), let close = afterName[tagEnd...].range(of: "</code></pre>") else { break }
            let attributes = afterName[..<tagEnd]
            let language: Substring?
            if attributes.isEmpty {
                language = "plaintext"
            } else if attributes.hasPrefix(" class=\"language-"), attributes.hasSuffix("\""),
                      case let name = attributes.dropFirst(17).dropLast(), let first = name.split(separator: " ").first,
                      !name.contains("\"") {
                language = first
            } else {
                language = nil
            }
            guard let language else {
                // Another kind of block (with line numbers, a diagram): left as it is.
                result += rest[..<close.upperBound]
                rest = rest[close.upperBound...]
                continue
            }
            result += rest[..<start.lowerBound]
            result += "<div class=\"language-\(language) highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>"
            result += afterName[afterName.index(after: tagEnd)..<close.lowerBound]
            result += "</code></pre></div></div>"
            rest = rest[close.upperBound...]
        }
        result += rest
        return inlineCodeMarked(result)
    }

    /// What `{% highlight LANGUAGE %}` writes in a layout, from `html`, the code as a
    /// highlighted block (`<pre><code class="language-ruby">…</code></pre>`):
    /// `<figure class="highlight"><pre><code class="language-ruby" data-lang="ruby">…</code></pre></figure>`.
    static func highlightFigure(_ html: String, language: String) -> String {
        let block = html.trimmingCharacters(in: .newlines)
        let opening = language.isEmpty ? "<pre><code>" : "<pre><code class=\"language-\(HTMLText.escapeAttribute(language))\">"
        guard block.hasPrefix(opening), block.hasSuffix("</code></pre>") else { return html }
        let attributes = language.isEmpty ? "" : " class=\"language-\(HTMLText.escapeAttribute(language))\" data-lang=\"\(HTMLText.escapeAttribute(language))\""
        return "<figure class=\"highlight\"><pre><code\(attributes)>" + block.dropFirst(opening.count) + "</figure>"
    }

    /// `html` with each inline `<code>` (one not right after a `<pre …>`) marked as kramdown
    /// marks it: `<code class="language-plaintext highlighter-rouge">`.
    private static func inlineCodeMarked(_ html: String) -> String {
        guard html.contains("<code>") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        while let found = rest.range(of: "<code>") {
            let before = rest[..<found.lowerBound]
            result += before
            let inBlock = (result.hasSuffix(">") && result.utf8.count >= 5) && {
                guard let open = result.lastIndex(of: "<") else { return false }
                return result[open...].hasPrefix("<pre")
            }()
            result += inBlock ? "<code>" : "<code class=\"language-plaintext highlighter-rouge\">"
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }
}
