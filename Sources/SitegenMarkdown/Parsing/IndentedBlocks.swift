/// What MkDocs' block extensions share (``Admonitions``, ``ContentTabs``): a marker line at
/// the left edge owns the lines indented by four spaces (or a tab) below it, blank lines
/// between them included; lines of fenced code are never markers.
enum IndentedBlocks {
    /// Follows fenced code line by line: whether a line is code (a fence or inside one).
    struct Fences {
        private var open: Substring?

        /// Whether `line` is fenced code, and what it opens or closes.
        mutating func isCode(_ line: Substring) -> Bool {
            let trimmed = line.drop { $0 == " " }
            if let fence = open {
                if trimmed.hasPrefix(fence) { open = nil }
                return true
            }
            if line.count - trimmed.count < 4, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                open = trimmed.prefix(3)
                return true
            }
            return false
        }
    }

    /// The block a marker at `marker` owns: its last line with text (`nil` when it has none)
    /// and the index after its last line (blank lines after the text included).
    static func block(after marker: Int, in lines: [Substring]) -> (lastText: Int?, end: Int) {
        var end = marker + 1
        var lastText: Int?
        while end < lines.count {
            let next = lines[end]
            if next.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                end += 1
                continue
            }
            guard next.hasPrefix("    ") || next.hasPrefix("\t") else { break }
            lastText = end
            end += 1
        }
        return (lastText, end)
    }

    /// `lines` without one level of indentation (four spaces or a tab).
    static func dedented(_ lines: ArraySlice<Substring>) -> [Substring] {
        lines.map { line in
            line.hasPrefix("\t") ? line.dropFirst() : line.hasPrefix("    ") ? line.dropFirst(4) : Substring(line.drop { $0 == " " })
        }
    }
}
