/// Hugo's reference shortcodes in Markdown text: `{{< ref "docs/install.md#linux" >}}`,
/// `{{< relref "x" >}}`, `{{% ref x.md %}}`.
enum HugoReference {
    /// The path a reference at the start of `text` names, and where the shortcode ends;
    /// `nil` when `text` does not start with one (commented ones, `{{</* ref */>}}`, do not).
    ///
    /// Read by Unicode scalars, as Hugo reads bytes: a combining mark after a quote or a
    /// brace does not hide it.
    static func read(_ text: Substring) -> (path: String, end: Substring.Index)? {
        var rest = text.unicodeScalars[...]
        func skip(_ word: String) -> Bool {
            guard rest.starts(with: word.unicodeScalars) else { return false }
            rest = rest.dropFirst(word.unicodeScalars.count)
            return true
        }
        func skipBlanks() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        let closing: String
        if skip("{{<") { closing = ">}}" } else if skip("{{%") { closing = "%}}" } else { return nil }
        skipBlanks()
        guard skip("relref") || skip("ref"), let space = rest.first, space == " " || space == "\t" else { return nil }
        skipBlanks()
        let path: Substring.UnicodeScalarView.SubSequence
        if rest.first == "\"" {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            path = rest[..<close]
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == ">" || $0 == "%" } ?? rest.endIndex
            path = rest[..<end]
            rest = rest[end...]
        }
        skipBlanks()
        guard !path.isEmpty, !path.contains("\n"), skip(closing) else { return nil }
        return (String(String.UnicodeScalarView(path)), rest.startIndex)
    }
}
