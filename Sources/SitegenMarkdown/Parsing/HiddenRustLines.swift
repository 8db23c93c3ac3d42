/// mdBook's hidden lines in Rust code blocks (``MarkdownParser/Options/hidesRustLines``): the
/// setup a reader need not see (`# fn main() {`), kept in the source so the example compiles.
enum HiddenRustLines {
    /// Whether `body` may hold a fenced code block at all (a cheap look before any walk).
    static func mayHold(_ body: Substring) -> Bool {
        body.utf8.contains(UInt8(ascii: "`")) || body.utf8.contains(UInt8(ascii: "~"))
    }

    /// Whether a code block's info string names Rust: `rust`, `rust,ignore`, `rust edition2021`.
    static func isRust(info: String) -> Bool {
        let language = info.prefix { $0 != " " && $0 != "\t" && $0 != "," && $0 != "{" }
        return language == "rust"
    }

    /// The code as a reader sees it, or `nil` when no line is hidden or escaped.
    static func shown(_ code: String) -> String? {
        var changed = false
        var lines: [Substring] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text == "#" || text.hasPrefix("# ") {
                changed = true
                continue
            }
            if text.hasPrefix("##") {
                changed = true
                lines.append(line[..<text.startIndex] + text.dropFirst())
                continue
            }
            lines.append(line)
        }
        return changed ? lines.joined(separator: "\n") : nil
    }
}
