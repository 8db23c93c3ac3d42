/// Definition lists as Goldmark (Hugo), kramdown (Jekyll), PHP Markdown Extra and Pandoc
/// write them, on cmark's tree (with ``MarkdownParser/Options/generatorSyntax``):
///
/// ```
/// `title`                         <dl>
/// : The summary text,       →     <dt><code>title</code></dt>
///   shown when closed.            <dd>The summary text,
///                                 shown when closed.</dd>
/// Term                            <dt>Term</dt>
/// : One.                          <dd>One.</dd>
/// : Two.                          <dd>Two.</dd>
///                                 </dl>
/// ```
///
/// A paragraph whose first line is not, and some later line is, a `:` and a space is one:
/// its lines before the first `: ` are terms, each `: ` line begins a definition, and the
/// lines after it are the definition's. Paragraphs one after the other make one list. A
/// definition is its line's text: blocks indented below it are not read into it.
enum DefinitionLists {
    /// Whether `body` may hold a definition: a line after the first starting with `: `, perhaps
    /// indented or quoted (found
    /// with `memchr`: most bodies have few colons, and none at a line's start).
    static func mayHold(_ body: Substring) -> Bool {
        ByteSearch.any(UInt8(ascii: ":"), in: body) { at, start, end in
            guard end - at > 1, at[1] == 32 || at[1] == 9 else { return false }
            // Only blanks and quotes' `>` before it on its line.
            var before = at
            while before > start, [32, 9, 62].contains(before[-1]) { before -= 1 }
            return before > start && before[-1] == 10
        }
    }

    /// Makes the definition lists under `root`; returns the paragraphs taken out of the tree,
    /// to be freed with the document (their inline nodes, moved into the lists, point into them).
    static func make(under root: OpaquePointer) -> [OpaquePointer] {
        var lists: Set<OpaquePointer> = []
        var retired: [OpaquePointer] = []
        for paragraph in CmarkNodes.nodes(.paragraph, under: root) {
            let lines = lines(of: paragraph)
            guard lines.count > 1, !isDefinition(lines[0]), lines.dropFirst().contains(where: isDefinition) else { continue }
            let list: OpaquePointer
            if let previous = CmarkNodes.previous(before: paragraph), lists.contains(previous) {
                list = previous
            } else {
                list = CmarkNodes.block(opening: "<dl>", closing: "</dl>")
                guard CmarkNodes.insert(list, before: paragraph) else { continue }
                lists.insert(list)
            }
            var index = 0
            while index < lines.count {
                if isDefinition(lines[index]) {
                    // The definition's line, and the lines after it up to the next definition.
                    var nodes = lines[index].nodes
                    index += 1
                    while index < lines.count, !isDefinition(lines[index]) {
                        nodes += [lines[index].lineBreak].compactMap { $0 } + lines[index].nodes
                        index += 1
                    }
                    dropMarker(from: nodes[0])
                    append(nodes, as: "dd", to: list)
                } else {
                    append(lines[index].nodes, as: "dt", to: list)
                    index += 1
                }
            }
            // The line breaks between terms and definitions go with the paragraph.
            CmarkNodes.unlink(paragraph)
            retired.append(paragraph)
        }
        return retired
    }

    /// One line of a paragraph: its inline nodes, and the soft break before it.
    private struct Line {
        var nodes: [OpaquePointer] = []
        var lineBreak: OpaquePointer?
    }

    private static func lines(of paragraph: OpaquePointer) -> [Line] {
        var lines = [Line()]
        var child = CmarkNodes.firstChild(of: paragraph)
        while let node = child {
            child = CmarkNodes.next(after: node)
            if CmarkNodes.kind(of: node) == .softBreak {
                lines.append(Line(lineBreak: node))
            } else {
                lines[lines.count - 1].nodes.append(node)
            }
        }
        return lines
    }

    /// Whether a line starts with `: ` (or `:` and a tab) and has text after it.
    private static func isDefinition(_ line: Line) -> Bool {
        guard let first = line.nodes.first, CmarkNodes.kind(of: first) == .text else { return false }
        let text = CmarkNodes.literal(of: first)
        return (text.hasPrefix(": ") || text.hasPrefix(":\t")) && (line.nodes.count > 1 || !text.dropFirst().allSatisfy { $0 == " " || $0 == "\t" })
    }

    /// Takes `: ` and the blanks after it from the text node `node`.
    private static func dropMarker(from node: OpaquePointer) {
        let text = CmarkNodes.literal(of: node)
        CmarkNodes.setLiteral(of: node, to: String(text.dropFirst().drop { $0 == " " || $0 == "\t" }))
    }

    /// Moves `nodes` into a `<dt>` or `<dd>` at the end of `list`.
    private static func append(_ nodes: [OpaquePointer], as tag: String, to list: OpaquePointer) {
        let item = CmarkNodes.block(opening: "", closing: "")
        CmarkNodes.append(CmarkNodes.inlineHTML("<\(tag)>"), to: item)
        for node in nodes {
            CmarkNodes.unlink(node)
            CmarkNodes.append(node, to: item)
        }
        CmarkNodes.append(CmarkNodes.inlineHTML("</\(tag)>"), to: item)
        CmarkNodes.append(item, to: list)
    }
}
