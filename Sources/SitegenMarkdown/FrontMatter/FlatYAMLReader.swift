/// Reads the front matter most pages have, flat `key: value` lines, without libyaml:
///
/// ```yaml
/// title: "The lenient service pattern"
/// date: 2021-11-19T10:00:00Z
/// tags: [swift, architecture]
/// draft: false
/// ```
///
/// Each line is empty, a comment starting at its first column, or a key (letters, digits,
/// `_`, `.`, `-`; starting with a letter, digit or `_`) given once, `: ` and one value: a plain
/// scalar on one line that starts with no YAML indicator and holds no `: ` or ` #`; a
/// double-quoted string without `\` escapes, or a single-quoted one without `''`; or a flow
/// list `[a, "b"]` of such plain or double-quoted items. Anything else (nesting, block lists,
/// anchors, tags, escapes, tabs, CR, control characters, a repeated key) gives `nil`, and
/// ``FrontMatterReader`` hands the text to Yams. What this reader accepts, it reads to the
/// values and key lines Yams gives (a test compares the two on many texts); it saves a
/// tenth of a millisecond per page, 4% of a 10,000-page build.
enum FlatYAMLReader {
    /// The front matter of `yaml`, whose first line is line `firstLine` of its file; `nil`
    /// when the text is not flat as above.
    static func parse(_ yaml: Substring, firstLine: Int) -> FrontMatter? {
        var entries: [(key: String, value: FrontMatterValue)] = []
        var lines: [String: Int] = [:]
        var lineNumber = firstLine
        for line in yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            defer { lineNumber += 1 }
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), isKey(line[..<colon]) else { return nil }
            var rest = line[line.index(after: colon)...]
            guard rest.isEmpty || rest.first == UInt8(ascii: " ") else { return nil }
            while rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
            guard let value = value(rest) else { return nil }
            let key = String(Substring(line[..<colon]))
            guard lines[key] == nil else { return nil }
            lines[key] = lineNumber
            entries.append((key, value))
        }
        return FrontMatter(entries, lines: lines)
    }

    private typealias Bytes = Substring.UTF8View.SubSequence

    private static func isKey(_ key: Bytes) -> Bool {
        guard let first = key.first, isWordByte(first), first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else { return false }
        return key.allSatisfy(isWordByte)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// A value after `key: `, spaces before it skipped.
    private static func value(_ text: Bytes) -> FrontMatterValue? {
        guard isPlainText(text) else { return nil }
        if text.first == UInt8(ascii: "[") { return list(text) }
        if let quoted = quoted(text) { return quoted }
        return plain(text).map(PlainScalar.value(of:))
    }

    /// A single- or double-quoted string and nothing but spaces after it; `nil` for any
    /// other text, or one with an escape (or, single-quoted, a `''`).
    private static func quoted(_ text: Bytes) -> FrontMatterValue? {
        guard let quote = text.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let inside = text.dropFirst()
        guard let end = inside.firstIndex(of: quote) else { return nil }
        let content = inside[..<end]
        guard !content.contains(UInt8(ascii: "\\")),
              inside[inside.index(after: end)...].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        return .string(String(Substring(content)))
    }

    /// A one-line plain scalar, trailing spaces dropped; `nil` when YAML would read the
    /// text as something else (an indicator first, `: ` or ` #` inside, `:` last).
    private static func plain(_ text: Bytes) -> String? {
        var text = text
        while text.last == UInt8(ascii: " ") { text = text.dropLast() }
        guard let first = text.first else { return "" }
        switch first {
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""),
             UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return nil
        case UInt8(ascii: "-"):
            guard text.count > 1, text.dropFirst().first != UInt8(ascii: " ") else { return nil }
        default:
            break
        }
        guard text.last != UInt8(ascii: ":") else { return nil }
        var previous: UInt8 = 0
        for byte in text {
            if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { return nil }
            if previous == UInt8(ascii: " ") && byte == UInt8(ascii: "#") { return nil }
            previous = byte
        }
        return String(Substring(text))
    }

    /// `[a, b, "c"]`: items of letters, digits, spaces, `_`, `.`, `+`, `-` and non-ASCII
    /// text, or double-quoted; nothing but spaces after the `]`.
    private static func list(_ text: Bytes) -> FrontMatterValue? {
        guard let close = text.firstIndex(of: UInt8(ascii: "]")),
              text[text.index(after: close)...].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        let inside = text[text.index(after: text.startIndex)..<close]
        guard inside.contains(where: { $0 != UInt8(ascii: " ") }) else { return .list([]) }
        var items: [FrontMatterValue] = []
        for var item in inside.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            while item.first == UInt8(ascii: " ") { item = item.dropFirst() }
            while item.last == UInt8(ascii: " ") { item = item.dropLast() }
            if item.first == UInt8(ascii: "\"") {
                guard let quoted = quoted(item) else { return nil }
                items.append(quoted)
                continue
            }
            guard let first = item.first, first != UInt8(ascii: "-") && first != UInt8(ascii: "."),
                  item.allSatisfy(isListItemByte) else { return nil }
            items.append(PlainScalar.value(of: String(Substring(item))))
        }
        return .list(items)
    }

    private static func isListItemByte(_ byte: UInt8) -> Bool {
        isWordByte(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "+") || byte >= 0x80
    }

    /// Whether `text` holds only what libyaml reads as printable text on one line: no control
    /// character, tab, CR or DEL, and no C1 control (NEL among them), line or paragraph
    /// separator, byte order mark or noncharacter U+FFFE/U+FFFF in its UTF-8.
    private static func isPlainText(_ text: Bytes) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text {
            if byte < 0x20 || byte == 0x7F { return false }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return false }
            if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9) { return false }
            if beforePrevious == 0xEF && previous == 0xBB && byte == 0xBF { return false }
            if beforePrevious == 0xEF && previous == 0xBF && (byte == 0xBE || byte == 0xBF) { return false }
            beforePrevious = previous
            previous = byte
        }
        return true
    }
}
