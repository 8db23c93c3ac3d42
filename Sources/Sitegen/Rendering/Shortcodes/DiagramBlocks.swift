import SitegenMarkdown

/// Code blocks whose language is `mermaid` (as GitHub, GitLab and most Hugo themes draw them)
/// become Mermaid diagrams: the same HTML as the `mermaid` shortcode, the script loaded only
/// on pages that have one (``ShortcodeExpander/diagramHTML(_:)``).
enum DiagramBlocks {
    /// Whether `body` may hold one.
    static func mayHold(_ body: Substring) -> Bool {
        HTMLScan.contains("```mermaid", in: body) || HTMLScan.contains("~~~mermaid", in: body)
    }

    /// `body` with its Mermaid code blocks behind placeholders of `fragments` (written as HTML
    /// comments on the blocks' lines), or `nil` when it has none.
    static func replacing(in body: Substring, firstLine: Int, codeLines: [ClosedRange<Int>], hasDiagram: inout Bool,
                          fragments: inout HTMLFragments) -> String? {
        let source = SourceText(body, firstLine: firstLine, codeLines: codeLines)
        var output: [UInt8] = [], copied = 0, found = false
        for block in source.code {
            guard let fenced = source.fencedBlock(from: block.lowerBound, to: block.upperBound), fenced.language == "mermaid" else { continue }
            let script = hasDiagram ? "" : ShortcodeExpander.mermaidScript
            hasDiagram = true
            let html = "<pre class=\"mermaid\">\(HTMLText.escapeAttribute(source.string(fenced.content)))</pre>" + script
            var end = block.upperBound
            if end > block.lowerBound, source.bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            let newlines = source.bytes[block.lowerBound..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            output.append(contentsOf: source.bytes[copied..<block.lowerBound])
            // The fence's indentation stays, so that a block in a list item stays in it.
            let indentation = source.bytes[block.lowerBound..<end].prefix { $0 == UInt8(ascii: " ") }
            output.append(contentsOf: indentation)
            output.append(contentsOf: fragments.blockPlaceholder(for: html, newlines: newlines).utf8)
            copied = end
            found = true
        }
        guard found else { return nil }
        output.append(contentsOf: source.bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }
}
