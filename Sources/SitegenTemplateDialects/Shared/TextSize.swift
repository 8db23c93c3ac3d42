import SitegenLimits

/// The bound on text that Liquid's and Tera's filters and operators build: no value may grow
/// past what one render may write (``Limits/dialectOutputBytes``), and a `replace` that would is
/// refused before it builds anything.
enum TextSize {
    /// `text`, if it is within the bound.
    static func checked(_ text: String, line: Int) throws(DialectError) -> String {
        guard text.utf8.count <= Limits.dialectOutputBytes else { throw tooLarge(line: line) }
        return text
    }

    /// Throws when replacing every `target` of `text` with `replacement` would go past the bound.
    static func checkReplacing(_ target: String, with replacement: String, in text: String, line: Int) throws(DialectError) {
        let grows = replacement.utf8.count - target.utf8.count
        guard grows > 0, !target.isEmpty else { return }
        let haystack = Array(text.utf8), needle = Array(target.utf8)
        var occurrences = 0, index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) {
                occurrences += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        guard haystack.count + occurrences * grows <= Limits.dialectOutputBytes else { throw tooLarge(line: line) }
    }

    private static func tooLarge(line: Int) -> DialectError {
        DialectError(.limit, line: line, "A text would grow larger than \(Limits.dialectOutputBytes) bytes.")
    }
}
