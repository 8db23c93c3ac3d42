import SitegenMarkdown

/// The lines of a Jekyll site's layouts (`_layouts/NAME.html`), read once each, for telling
/// where a link a layout writes is: in the layout a page names, or one it is put into.
final class LayoutLines {
    private let source: any SiteSource
    /// Each layout's lines (from the file's first, front matter counted) and the layout it is put into; `nil`: none there.
    private var read: [String: (lines: [Substring], parent: String?)?] = [:]

    init(source: any SiteSource) {
        self.source = source
    }

    /// The layout file and line of the first line holding `needle`, looked for in the layout
    /// `name` and those it is put into, in turn; `nil` when none holds it (or there are none).
    func find(_ needle: String, from name: String) -> (file: String, line: Int)? {
        var next = JekyllPageFiles.layoutName(name), seen: Set<String> = []
        while let name = next, seen.insert(name).inserted, let layout = layout(name) {
            if let index = layout.lines.firstIndex(where: { $0.contains(needle) }) { return ("_layouts/\(name).html", index + 1) }
            next = layout.parent
        }
        return nil
    }

    private func layout(_ name: String) -> (lines: [Substring], parent: String?)? {
        if let known = read[name] { return known }
        let found = JekyllPageFiles.layoutText(name, in: source).map { text in
            let parent = (try? MarkdownSource(text: text))?.frontMatter["layout"]?.string
            return (text.split(separator: "\n", omittingEmptySubsequences: false), JekyllPageFiles.layoutName(parent))
        }
        read[name] = .some(found)
        return found
    }
}
