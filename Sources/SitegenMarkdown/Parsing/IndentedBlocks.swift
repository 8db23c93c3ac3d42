/// What MkDocs' block extensions share (``Admonitions``, ``ContentTabs``): a marker line at
/// the left edge owns the lines indented by four spaces (or a tab) below it, blank lines
/// between them included; lines of fenced code are never markers.
package enum IndentedBlocks {
    /// Follows fenced code line by line: whether a line is code (a fence or inside one).
    package struct Fences {
        /// The open fence's character and length.
        private var open: (mark: UInt8, length: Int)?

        package init() {}

        /// Whether `line` is fenced code, and what it opens or closes, as CommonMark reads
        /// fences: a fence closes only with its own character, at least as many of them, and
        /// nothing after them (a ```` ```` ```` fence showing Markdown holds ```` ``` ```` lines).
        /// Read by bytes, and outside a fence no further than a fence could start: a deep
        /// nesting's long indentation is not walked again for each level.
        package mutating func isCode(_ line: Substring) -> Bool {
            let bytes = line.utf8
            let spaces = bytes.prefix(4).prefix { $0 == 32 }.count
            if let fence = open {
                let rest = bytes.dropFirst(spaces)
                let length = rest.prefix { $0 == fence.mark }.count
                if spaces < 4, length >= fence.length, rest.dropFirst(length).allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) {
                    open = nil
                }
                return true
            }
            guard spaces < 4 else { return false }
            let trimmed = bytes.dropFirst(spaces)
            guard let mark = trimmed.first, mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") else { return false }
            let length = trimmed.prefix { $0 == mark }.count
            // A backtick fence's info string holds no backtick.
            guard length >= 3, mark == UInt8(ascii: "~") || !trimmed.dropFirst(length).contains(mark) else { return false }
            open = (mark, length)
            return true
        }
    }

    /// The block a marker at `marker` owns: its last line with text (`nil` when it has none)
    /// and the index after its last line (blank lines after the text included).
    static func block(after marker: Int, in lines: [Substring]) -> (lastText: Int?, end: Int) {
        var end = marker + 1
        var lastText: Int?
        while end < lines.count {
            let next = lines[end].utf8
            // Blank: looked at from its end, so that a line of text is told at once, however indented.
            if next.lastIndex(where: { $0 != 32 && $0 != 9 && $0 != 13 }) == nil {
                end += 1
                continue
            }
            guard next.starts(with: "    ".utf8) || next.first == 9 else { break }
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
