import SitegenMarkdown

/// A page's table of contents: its headings below the title (levels 2 to 4), nested by level.
enum TableOfContents {
    /// Entries `{text, id, children}` for templates; a deeper heading nests under the last
    /// shallower one.
    static func entries(_ headings: [Heading]) -> [[String: Any]] {
        let shown = headings.filter { $0.level >= 2 && $0.level <= 4 }
        var index = 0
        return level(shown, from: &index, depth: shown.map(\.level).min() ?? 2)
    }

    private static func level(_ headings: [Heading], from index: inout Int, depth: Int) -> [[String: Any]] {
        var entries: [[String: Any]] = []
        while index < headings.count, headings[index].level >= depth {
            let heading = headings[index]
            index += 1
            let children = index < headings.count && headings[index].level > heading.level
                ? level(headings, from: &index, depth: heading.level + 1) : []
            entries.append(["text": heading.text, "id": heading.id, "children": children, "hasChildren": !children.isEmpty])
        }
        return entries
    }
}
