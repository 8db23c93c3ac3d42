import SitegenMarkdown

/// kramdown's extensions in a Jekyll site's pages: `{::nomarkdown}…{:/nomarkdown}` (or `{:/}`)
/// is its text as it is, HTML that is not read as Markdown; `{::comment}…{:/comment}` is left
/// out; `{::options … /}` is left out. Each is put behind an ``HTMLFragments`` placeholder (an
/// HTML comment on lines of its own when it fills them, so the lines after it keep their
/// numbers). Fenced code is not read. One pass over the text.
enum KramdownExtensions {
    /// `body` with those extensions behind placeholders of `fragments`, or `nil` when it has none.
    static func rewritten(_ body: Substring, fragments: inout HTMLFragments) -> String? {
        guard HTMLScan.contains("{::", in: body) else { return nil }
        var fences = IndentedBlocks.Fences()
        var result = "", changed = false
        var lines = body.utf8.split(separator: 10, omittingEmptySubsequences: false).map { Substring($0) }[...]
        while var line = lines.popFirst() {
            guard !fences.isCode(line) else {
                result += line + (lines.isEmpty ? "" : "\n")
                continue
            }
            // Each extension of the line in turn; one may end lines further on.
            var newlines = 0, whole = true
            while let start = line.range(of: "{::") {
                let after = line[start.upperBound...]
                let name = after.prefix { $0.isLetter }
                let closings: [String], keeps: Bool
                switch name {
                case "nomarkdown": (closings, keeps) = (["{:/nomarkdown}", "{:/}"], true)
                case "comment": (closings, keeps) = (["{:/comment}", "{:/}"], false)
                case "options" where after.range(of: "/}") != nil:
                    (closings, keeps) = (["/}"], false)
                default: (closings, keeps) = ([], false)
                }
                guard !closings.isEmpty, let open = name == "options" ? after.range(of: "options") : after.range(of: "}") else {
                    result += line[..<start.upperBound]
                    line = after
                    whole = false
                    continue
                }
                var text = String(after[open.upperBound...])
                func closing() -> Range<String.Index>? { closings.compactMap { text.range(of: $0) }.min { $0.lowerBound < $1.lowerBound } }
                var taken: [Substring] = []
                while closing() == nil, let next = lines.first, taken.count < 100_000 {
                    lines.removeFirst()
                    taken.append(next)
                    text += "\n" + next
                }
                guard let end = closing() else {
                    // Never closed: as written.
                    result += line + (taken.isEmpty ? "" : "\n" + taken.joined(separator: "\n"))
                    line = ""
                    break
                }
                newlines += taken.count
                let before = line[..<start.lowerBound], tail = Substring(text[end.upperBound...])
                let fragment = keeps ? String(text[..<end.lowerBound]) : ""
                if whole && before.allSatisfy({ $0 == " " }) && tail.allSatisfy({ $0 == " " || $0 == "\r" }) {
                    result += fragments.blockPlaceholder(for: fragment, newlines: newlines)
                    line = ""
                } else {
                    result += before + fragments.placeholder(for: fragment)
                    line = tail
                    whole = false
                }
                changed = true
            }
            result += line + (lines.isEmpty ? "" : "\n")
        }
        return changed ? result : nil
    }
}
