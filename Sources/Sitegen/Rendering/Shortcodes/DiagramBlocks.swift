import SitegenMarkdown

/// Code blocks whose language is `mermaid` (as GitHub, GitLab and most Hugo themes draw them)
/// become Mermaid diagrams: the same HTML as the `mermaid` shortcode, the script loaded once
/// on pages that have one. Read on cmark's tree, so a block in a list item or a quote stays
/// there and a fence that shows one (```` ```` ````) is not read.
enum DiagramBlocks {
    /// The `.codeBlocks` modifier that draws them; it runs before the others, which see the diagram.
    static let modifier = Modifier(target: .codeBlocks) { input in
        guard case .codeBlock(let language?, _, let code) = input.node, language.lowercased() == "mermaid" else { return input.html }
        return opening + HTMLText.escapeAttribute(code) + "</pre>"
    }

    private static let opening = "<pre class=\"mermaid\">"

    /// `html` (a page's) with the script that draws diagrams after its first one, unless
    /// `hasScript` (a shortcode loaded it already).
    static func withScript(_ html: String, hasScript: Bool) -> String {
        guard !hasScript, let first = HTMLScan.range(of: opening, in: html),
              let close = HTMLScan.range(of: "</pre>", in: html[first.upperBound...]) else { return html }
        return String(html[..<close.upperBound]) + ShortcodeExpander.mermaidScript + html[close.upperBound...]
    }
}
