/// Hugo's reference shortcodes in Markdown text: `{{< ref "docs/install.md#linux" >}}`,
/// `{{< relref "x" >}}`, `{{% ref x.md %}}`.
enum HugoReference {
    /// The path a reference at the start of `text` names, and where the shortcode ends;
    /// `nil` when `text` does not start with one (commented ones, `{{</* ref */>}}`, do not).
    static func read(_ text: Substring) -> (path: String, end: Substring.Index)? {
        guard text.hasPrefix("{{<") || text.hasPrefix("{{%") else { return nil }
        let closing = text.hasPrefix("{{<") ? ">}}" : "%}}"
        var rest = text.dropFirst(3).drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("relref") {
            rest = rest.dropFirst("relref".count)
        } else if rest.hasPrefix("ref") {
            rest = rest.dropFirst("ref".count)
        } else {
            return nil
        }
        guard let space = rest.first, space == " " || space == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let path: Substring
        if rest.first == "\"" {
            guard let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            path = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == ">" || $0 == "%" } ?? rest.endIndex
            path = rest[..<end]
            rest = rest[end...]
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard !path.isEmpty, !path.utf8.contains(UInt8(ascii: "\n")), rest.hasPrefix(closing) else { return nil }
        return (String(path), rest.index(rest.startIndex, offsetBy: closing.count))
    }
}
