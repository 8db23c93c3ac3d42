/// An attribute list as other Markdown renderers read it: `{#install .wide}` at the end of a
/// heading (Hugo, Zola, kramdown, Pandoc), or kramdown's `{: .good}` / `{:#why}` on a line
/// of its own or right after an image or link.
///
/// A heading's list takes ids, classes and `name=value` attributes (`{#install anchor=false
/// title="Set up"}`), as Goldmark and pulldown-cmark read it. Of a kramdown list only ids and
/// classes are read; one with anything else (`{:width="100%"}`) still counts as an attribute
/// list, so that kramdown's are dropped, but gives no attributes.
struct AttributeList: Equatable {
    /// An attribute given as `name=value`.
    struct Attribute: Equatable {
        let name: String
        let value: String
    }

    /// The `#id`, if given.
    var id: String?
    /// The `.class` names, in order.
    var classes: [String] = []
    /// The `name=value` attributes, in order.
    var others: [Attribute] = []

    /// The list that `text` ends with, after a space (or alone): `Install {#install}`, and how
    /// many UTF-8 bytes to drop from the end of `text` to remove it with the spaces before it.
    /// Only `#id`, `.class` and `name=value` words count here, so that a heading such as
    /// `Sets {a, b}` keeps its text.
    static func trailing(_ text: String) -> (list: AttributeList, droppedBytes: Int)? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
            end = text.index(before: end)
        }
        guard end > text.startIndex, text[text.index(before: end)] == "}",
              let open = text[..<end].lastIndex(of: "{") else { return nil }
        var start = open
        while start > text.startIndex, text[text.index(before: start)] == " " || text[text.index(before: start)] == "\t" {
            start = text.index(before: start)
        }
        guard start == text.startIndex || start < open else { return nil }   // `Word{#id}` is text
        let inside = text[text.index(after: open)..<text.index(before: end)]
        guard let list = parse(inside, kramdown: false) else { return nil }
        return (list, text.utf8.distance(from: start, to: text.endIndex))
    }

    /// The kramdown attribute list that `text` is, all of it: `{:.good}`, `{: #why .note}`,
    /// `{:width="100%"}`; `nil` for anything else.
    static func kramdown(_ text: Substring) -> AttributeList? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("{:"), let close = trimmed.lastIndex(of: "}"),
              trimmed[trimmed.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        let inside = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<close]
        guard !inside.contains("{"), !inside.contains("}"), !inside.contains("\n") else { return nil }
        return parse(inside, kramdown: true) ?? AttributeList()
    }

    /// The words of a list: `#id`, `.class`, and, but in a kramdown list, `name=value` (the value
    /// perhaps quoted); with `kramdown` other words (`key="value"`, `toc`) are allowed and ignored.
    private static func parse(_ inside: Substring, kramdown: Bool) -> AttributeList? {
        var list = AttributeList()
        guard let words = words(of: inside) else { return nil }
        guard !words.isEmpty else { return kramdown ? list : nil }
        for word in words {
            let name = String(word.dropFirst())
            if word.hasPrefix("#"), isName(name), list.id == nil {
                list.id = name
            } else if word.hasPrefix("."), isName(name) {
                list.classes.append(name)
            } else if !kramdown, let attribute = attribute(word) {
                switch attribute.name {
                case "id" where isName(attribute.value) && list.id == nil: list.id = attribute.value
                case "class": list.classes += attribute.value.split(separator: " ").map(String.init).filter(isName)
                case "id": break
                // The last of one name counts, as in Goldmark.
                default:
                    list.others.removeAll { $0.name == attribute.name }
                    list.others.append(attribute)
                }
            } else if !kramdown {
                return nil
            }
        }
        return list
    }

    /// The quotes a value may be in, and the closing one of each: straight, or curly (as
    /// typographic punctuation makes them, ``MarkdownParser/Options/smartPunctuation``).
    private static let quotes: [Character: Character] = ["\"": "\"", "'": "'", "\u{201C}": "\u{201D}", "\u{2018}": "\u{2019}"]

    /// The words of a list, split at blanks outside quotes; `nil` when a quote is not closed.
    private static func words(of inside: Substring) -> [Substring]? {
        var words: [Substring] = []
        var start: Substring.Index?
        var quote: Character?
        for index in inside.indices {
            let character = inside[index]
            if let close = quote {
                if character == close { quote = nil }
            } else if character == " " || character == "\t" {
                if let begun = start { words.append(inside[begun..<index]) }
                start = nil
            } else {
                if start == nil { start = index }
                if let close = quotes[character] { quote = close }
            }
        }
        guard quote == nil else { return nil }
        if let begun = start { words.append(inside[begun...]) }
        return words
    }

    /// `name=value`, `name="a value"` or `name='a value'`: a name HTML takes (`data-x`, `anchor`).
    private static func attribute(_ word: Substring) -> Attribute? {
        guard let equals = word.firstIndex(of: "=") else { return nil }
        let name = word[..<equals]
        var value = word[word.index(after: equals)...]
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic && first.isASCII || first == "_",
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0)) })
        else { return nil }
        if let open = value.first, let close = quotes[open] {
            guard value.count >= 2, value.last == close else { return nil }
            value = value.dropFirst().dropLast()
        } else if value.contains(where: { quotes[$0] != nil || $0 == "=" }) {
            return nil
        }
        return Attribute(name: String(name).lowercased(), value: String(value))
    }

    /// Whether an attribute of a list is written into the tag: `title`, `lang`, `dir`, `role`,
    /// `translate`, and `data-` and `aria-` ones (never a script's, `onclick`, nor a `style`
    /// that could cover the page where raw HTML is not published).
    static func isShown(_ name: String) -> Bool {
        ["title", "lang", "dir", "role", "translate"].contains(name)
            || (name.count > 5 && (name.hasPrefix("data-") || name.hasPrefix("aria-")))
    }

    /// Whether an id or class name can go in an HTML attribute as it is.
    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0.value < 0x21 || forbidden.contains($0) }
    }

    private static let forbidden: Set<Unicode.Scalar> = ["\"", "'", "<", ">", "&", "`", "=", "{", "}", "#"]

    /// ` id="…" class="…" name="…"` for an element's opening tag: of the other attributes,
    /// those that describe it (``isShown(_:)``); the others, such as hugo-book's
    /// `anchor=false` for its theme or an `onclick`, are read and dropped.
    var htmlAttributes: String {
        var html = ""
        if let id { html += " id=\"\(id)\"" }
        if !classes.isEmpty { html += " class=\"\(classes.joined(separator: " "))\"" }
        for attribute in others where Self.isShown(attribute.name) {
            html += " \(attribute.name)=\"" + HTMLText.escapeAttribute(attribute.value) + "\""
        }
        return html
    }
}
