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
/// leaves it out. Code is not read; an element never closed is left as it was.
enum KramdownHTMLBlocks {
    /// `body` with those elements' tags behind placeholders of `fragments`, or `nil` when it has none.
    static func rewritten(_ body: Substring, fragments: inout HTMLFragments) -> String? {
        guard HTMLScan.contains("markdown=", in: body) else { return nil }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fences = IndentedBlocks.Fences()
        var code: Set<Int> = []
        for (index, line) in lines.enumerated() where fences.isCode(line[...]) { code.insert(index) }
        var changed = false
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard !code.contains(index), let (name, tag) = opening(lines[index]) else { continue }
            // Its closing line: elements of its name opened and closed between them counted.
            var depth = 0, close: Int?
            for later in (index + 1)..<lines.count where !code.contains(later) {
                let trimmed = lines[later].trimmingCharacters(in: .whitespaces)
                if trimmed == "</\(name)>" && depth == 0 {
                    close = later
                    break
                }
                depth += occurrences(of: "<\(name)", in: trimmed, followedByNameEnd: true) - occurrences(of: "</\(name)>", in: trimmed)
                depth = max(depth, 0)
            }
            guard let close else { continue }
            let indentation = String(lines[index].prefix { $0 == " " })
            lines[index] = indentation + fragments.blockPlaceholder(for: tag, newlines: 0)
            let closingIndentation = String(lines[close].prefix { $0 == " " }.prefix(3))
            lines[close] = closingIndentation + fragments.blockPlaceholder(for: "</\(name)>", newlines: 0)
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
