/// An attribute list as other Markdown renderers read it: `{#install .wide}` at the end of a
/// heading (Hugo, Zola, kramdown, Pandoc), or kramdown's `{: .good}` / `{:#why}` on a line
/// of its own or right after an image or link.
///
/// Only ids and classes are read; a list with anything else (`{:width="100%"}`) still counts
/// as an attribute list, so that kramdown's are dropped, but gives no attributes.
struct AttributeList: Equatable {
    /// The `#id`, if given.
    var id: String?
    /// The `.class` names, in order.
    var classes: [String] = []

    /// The list that `text` ends with, after a space (or alone): `Install {#install}`, and how
    /// many UTF-8 bytes to drop from the end of `text` to remove it with the spaces before it.
    /// Only `#id` and `.class` words count here, so that a heading such as
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

    /// The words of a list: `#id` and `.class`; with `kramdown` other words (`key="value"`,
    /// `toc`) are allowed and ignored.
    private static func parse(_ inside: Substring, kramdown: Bool) -> AttributeList? {
        var list = AttributeList()
        let words = inside.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty else { return kramdown ? list : nil }
        for word in words {
            let name = String(word.dropFirst())
            if word.hasPrefix("#"), isName(name), list.id == nil {
                list.id = name
            } else if word.hasPrefix("."), isName(name) {
                list.classes.append(name)
            } else if !kramdown {
                return nil
            }
        }
        return list
    }

    /// Whether an id or class name can go in an HTML attribute as it is.
    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0.value < 0x21 || forbidden.contains($0) }
    }

    private static let forbidden: Set<Unicode.Scalar> = ["\"", "'", "<", ">", "&", "`", "=", "{", "}", "#"]

    /// ` id="…" class="…"` for an element's opening tag.
    var htmlAttributes: String {
        var html = ""
        if let id { html += " id=\"\(id)\"" }
        if !classes.isEmpty { html += " class=\"\(classes.joined(separator: " "))\"" }
        return html
    }
}
