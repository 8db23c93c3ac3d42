import SitegenMarkdown
import SitegenTemplates

/// A page's headings of levels 2–4, nested, as `page.toc` shows them.
struct TableOfContents {
    /// One heading: `text`, `id`, `children`, `hasChildren`.
    struct Entry: ListedTemplateObject {
        let text: String
        let id: String
        let children: [Entry]

        var memberNames: [String] { ["text", "id", "children", "hasChildren"] }

        func member(_ name: String) -> TemplateValue? {
            switch name {
            case "text": .text(text)
            case "id": .text(id)
            case "children": .list(children.map { .object($0) })
            case "hasChildren": .bool(!children.isEmpty)
            default: nil
            }
        }
    }

    let entries: [Entry]

    init(_ headings: [Heading]) {
        let shown = headings.filter { $0.level >= 2 && $0.level <= 4 }
        var index = 0
        entries = Self.level(shown, from: &index, depth: shown.map(\.level).min() ?? 2)
    }

    /// Whether there is more than one heading to list.
    var isWorthShowing: Bool {
        entries.count > 1 || entries.first?.children.isEmpty == false
    }

    /// The entries, for templates.
    var value: TemplateValue {
        .list(entries.map { .object($0) })
    }

    static let shape = TemplateShape.list(.object(name: "tocEntry", members: [
        "text": .scalar, "id": .scalar, "children": .list(.same("tocEntry")), "hasChildren": .scalar,
    ]))

    private static func level(_ headings: [Heading], from index: inout Int, depth: Int) -> [Entry] {
        var entries: [Entry] = []
        while index < headings.count, headings[index].level >= depth {
            let heading = headings[index]
            index += 1
            let children = index < headings.count && headings[index].level > heading.level
                ? level(headings, from: &index, depth: heading.level + 1) : []
            entries.append(Entry(text: heading.text, id: heading.id, children: children))
        }
        return entries
    }

    /// `html` (a page's) with its markers of Docusaurus' `<TOCInline />` (``MdxImports``)
    /// replaced by a list of `headings` (of levels 2 and 3, nested), and those of kramdown's
    /// `{:toc}` (``KramdownTableOfContents``) by a list of all of them but those it leaves out.
    static func inlined(in html: String, headings: [Heading]) -> String {
        let kramdown = KramdownTableOfContents.marker
        var html = html
        if HTMLScan.contains(kramdown, in: html[...]) {
            var result = "", rest = html[...]
            while let marker = HTMLScan.range(of: kramdown, in: rest), let close = HTMLScan.range(of: "-->", in: rest[marker.upperBound...]) {
                result += rest[..<marker.lowerBound]
                let excluded = KramdownTableOfContents.excluded(inPayload: rest[marker.upperBound..<close.lowerBound])
                let entries = TableOfContents(headings.filter { !excluded.contains($0.text) }).entries
                result += "<ul id=\"markdown-toc\">" + list(entries) + "</ul>"
                rest = rest[close.upperBound...]
            }
            html = result + rest
        }
        let opening = MdxImports.tableOfContentsMarker
        guard HTMLScan.contains(opening, in: html[...]) else { return html }
        // Levels 2 and 3, as Docusaurus lists them.
        let entries = TableOfContents(headings.filter { $0.level <= 3 }).entries
        var result = "", rest = html[...]
        while let marker = HTMLScan.range(of: opening, in: rest), let close = HTMLScan.range(of: "-->", in: rest[marker.upperBound...]) {
            result += rest[..<marker.lowerBound]
            let skipped = Int(rest[marker.upperBound..<close.lowerBound]) ?? 0
            result += "<ul class=\"toc-inline\">" + list(entries.dropFirst(skipped)) + "</ul>"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    private static func list(_ entries: some Collection<Entry>) -> String {
        entries.map { entry in
            "<li><a href=\"#\(HTMLText.escapeAttribute(entry.id))\">\(HTMLText.escapeAttribute(entry.text))</a>"
                + (entry.children.isEmpty ? "" : "<ul>" + list(entry.children) + "</ul>") + "</li>"
        }.joined()
    }
}
