import SitegenMarkdown

/// kramdown's HTML elements whose text is Markdown, in a Jekyll site's pages:
///
/// ```
/// <div class="info" markdown="1">          <div class="info">
///   - A *list* item                  →     <ul><li>A <em>list</em> item</li></ul>
/// </div>                                   </div>
/// ```
///
/// An opening tag alone on its line (up to three spaces in) with `markdown="1"` or
/// `markdown="block"`, and the closing tag alone on its line that matches it (elements of the
/// same name opened and closed between them counted), are put behind ``HTMLFragments``
/// placeholders written as HTML comments on their own lines, so the lines between them are
/// read as Markdown and the text keeps its lines. The attribute is left out, as kramdown
/// leaves it out. Code is not read. An element never closed closes where one further out
/// closes, or at the page's end, as kramdown closes it. One pass over the lines, whatever
/// they hold.
enum KramdownHTMLBlocks {
    /// `body` with those elements' tags behind placeholders of `fragments`, or `nil` when it has none.
    static func rewritten(_ body: Substring, fragments: inout HTMLFragments) -> String? {
        guard HTMLScan.contains("markdown=", in: body) else { return nil }
        var lines = body.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(Substring($0)) }
        var fences = IndentedBlocks.Fences()
        var code: Set<Int> = []
        for (index, line) in lines.enumerated() where fences.isCode(line[...]) { code.insert(index) }
        // The open elements, innermost last, each with how deep elements of its name opened
        // since are nested: one pass, so that thousands never closed cost no more than one.
        var open: [(line: Int, name: String, tag: String, depth: Int)] = []
        var changed = false
        for index in lines.indices where !code.contains(index) {
            if let (name, tag) = opening(lines[index]) {
                open.append((index, name, tag, 0))
                continue
            }
            guard !open.isEmpty else { continue }
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            // `</DIV >` closes a `div` too.
            let closing = trimmed.hasPrefix("</") ? trimmed.lowercased().filter { $0 != " " && $0 != "\t" } : ""
            // A closing tag of an element further out closes it; the ones inside it were never closed.
            if !closing.isEmpty, let closed = open.lastIndex(where: { closing == "</\($0.name)>" && $0.depth == 0 }) {
                // It closes the ones inside it too, innermost first.
                let closedHere = Array(open[closed...])
                open.removeSubrange(closed...)
                for element in closedHere {
                    lines[element.line] = String(lines[element.line].prefix { $0 == " " }) + fragments.blockPlaceholder(for: element.tag, newlines: 0)
                }
                lines[index] = String(lines[index].prefix { $0 == " " }.prefix(3))
                    + fragments.blockPlaceholder(for: closedHere.reversed().map { "</\($0.name)>" }.joined(), newlines: 0)
                changed = true
                continue
            }
            let innermost = open[open.count - 1]
            let depth = innermost.depth + occurrences(of: "<\(innermost.name)", in: trimmed, followedByNameEnd: true)
                - occurrences(of: "</\(innermost.name)>", in: trimmed)
            open[open.count - 1].depth = max(depth, 0)
        }
        // What the page leaves open closes at its end, as kramdown closes it (the outermost last).
        if !open.isEmpty {
            for element in open {
                lines[element.line] = String(lines[element.line].prefix { $0 == " " }) + fragments.blockPlaceholder(for: element.tag, newlines: 0)
            }
            lines.append("")
            lines.append(fragments.blockPlaceholder(for: open.reversed().map { "</\($0.name)>" }.joined(), newlines: 0))
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// The element's name and its opening tag without the `markdown` attribute, when `line` is
    /// such an opening tag alone (`<div class="x" markdown="1">`).
    static func opening(_ line: String) -> (name: String, tag: String)? {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let trimmed = line.dropFirst(indentation).trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<"), trimmed.hasSuffix(">"), !trimmed.hasSuffix("/>") else { return nil }
        let name = trimmed.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard !name.isEmpty, trimmed.dropFirst(1 + name.count).first.map({ $0 == " " || $0 == "\t" }) == true else { return nil }
        for value in ["\"1\"", "'1'", "1", "\"block\"", "'block'", "block"] {
            guard let range = trimmed.range(of: " markdown=" + value) else { continue }
            let after = trimmed[range.upperBound...].first
            guard after == ">" || after == " " || after == "\t" else { continue }
            var tag = trimmed
            tag.removeSubrange(range)
            return (name.lowercased(), tag)
        }
        return nil
    }

    private static func occurrences(of needle: String, in text: String, followedByNameEnd: Bool = false) -> Int {
        var count = 0, rest = text[...]
        while let range = rest.range(of: needle, options: .caseInsensitive) {
            let next = rest[range.upperBound...].first
            if !followedByNameEnd || next == nil || next == ">" || next == " " || next == "\t" { count += 1 }
            rest = rest[range.upperBound...]
        }
        return count
    }
}
