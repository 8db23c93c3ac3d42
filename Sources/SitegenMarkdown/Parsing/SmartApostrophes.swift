/// Apostrophes that typographic punctuation (``MarkdownParser/Options/smartPunctuation``) made
/// opening quotes, made apostrophes again on cmark's tree.
///
/// cmark-gfm lets a `'` after punctuation open a quote, so in `` `F`'s trait can't `` or
/// `C++'s … can't` the `'` opens and the one of `can't` closes it: `‘s … can’t`. Goldmark (Hugo),
/// kramdown and pulldown-cmark (mdBook, Zola) write `’s`. An opening quote right after a
/// character that is not a blank, an opening bracket, quote or dash, and right before a letter
/// or digit, is an apostrophe.
enum SmartApostrophes {
    /// Whether `body` may hold one: a `'` after a punctuation mark or a character that is not
    /// ASCII, and before a letter or digit (found with `memchr`).
    static func mayHold(_ body: Substring) -> Bool {
        ByteSearch.any(UInt8(ascii: "'"), in: body) { at, start, end in
            guard at > start, end - at > 1, isAlphanumeric(at[1]) else { return false }
            let before = at[-1]
            return before >= 0x80 || (before > 32 && before < 127 && !isAlphanumeric(before))
        }
    }

    /// Makes apostrophes of the opening quotes under `root` that stand for one.
    static func mend(under root: OpaquePointer) {
        for node in CmarkNodes.nodes(.text, under: root) {
            let literal = CmarkNodes.literal(of: node)
            guard literal.contains("\u{2018}") else { continue }
            let characters = Array(literal)
            var changed = characters
            for index in characters.indices where characters[index] == "\u{2018}" {
                let before: Character? = index > 0 ? characters[index - 1] : lastCharacter(before: node)
                let after: Character? = index + 1 < characters.count ? characters[index + 1] : firstCharacter(after: node)
                guard let before, let after, after.isLetter || after.isNumber, !before.isWhitespace,
                      !"([{<\u{201C}\u{2018}\"'-\u{2013}\u{2014}/".contains(before) else { continue }
                changed[index] = "\u{2019}"
            }
            if changed != characters { CmarkNodes.setLiteral(of: node, to: String(changed)) }
        }
    }

    /// The last character shown before `node` in its paragraph: a text's last, a code span's
    /// (`x`: not a blank), `nil` at its start or after a line break.
    private static func lastCharacter(before node: OpaquePointer) -> Character? {
        guard let previous = CmarkNodes.previous(before: node) else { return nil }
        switch CmarkNodes.kind(of: previous) {
        case .text: return CmarkNodes.literal(of: previous).last
        case .softBreak, .lineBreak: return nil
        default: return "x"
        }
    }

    /// The first character of the text right after `node`, if a text follows it.
    private static func firstCharacter(after node: OpaquePointer) -> Character? {
        guard let next = CmarkNodes.next(after: node), CmarkNodes.kind(of: next) == .text else { return nil }
        return CmarkNodes.literal(of: next).first
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
