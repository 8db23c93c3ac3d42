import SitegenTemplates

/// The whole site as nested sections and pages, for a documentation sidebar (`site.nav`):
/// at each level the pages (in their section's order), then the subsections (by weight, then title),
/// each by its `linkTitle` when it has one.
/// With an mdBook `SUMMARY.md`, its chapters as it nests them instead, its part titles as groups.
struct NavigationTree: Sendable {
    struct Node: Sendable, Hashable {
        let title: String
        /// Empty for a group without a page of its own (a part of a `SUMMARY.md`).
        let url: String
        let children: [Node]
    }

    let nodes: [Node]

    /// The tree of `sections`, whose pages are in `orders` (by section path, in order).
    init(sections: [String: Section], orders: [String: [RenderedPage]], root: String = "") {
        func children(of section: Section) -> [Node] {
            let sectionPages = (orders[section.path] ?? [])
                .map { Node(title: $0.page.linkTitle ?? $0.title, url: $0.page.url, children: []) }
            let subsections = section.subsectionPaths.compactMap { sections[$0] }
                .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
                .map { Node(title: $0.linkTitle, url: $0.hasListPage ? $0.url : "", children: children(of: $0)) }
            return sectionPages + subsections
        }
        nodes = sections[root].map(children(of:)) ?? []
    }

    /// The tree of a `SUMMARY.md`, whose chapters' files are published at `urls` (by content
    /// path); chapters that are not published (drafts, missing files) are left out.
    init(summary: BookSummary, urls: [String: String]) {
        func nodes(_ entries: [BookSummary.Entry]) -> [Node] {
            entries.flatMap { entry -> [Node] in
                let children = nodes(entry.children)
                guard let path = entry.path else { return children.isEmpty ? [] : [Node(title: entry.title, url: "", children: children)] }
                guard let url = urls[path] else { return children }
                return [Node(title: entry.title, url: url, children: children)]
            }
        }
        self.nodes = nodes(summary.entries)
    }

    /// `[{title, url, children, hasChildren, isGroup}]` for templates; a group has no `url`.
    /// `site.nav`: `title`, `url` (none for a group), `children`, `hasChildren`, `isGroup`.
    func value(basePath: String) -> TemplateValue {
        func convert(_ nodes: [Node]) -> TemplateValue {
            .list(nodes.map {
                var values: [String: TemplateValue] = ["title": .text($0.title), "children": convert($0.children),
                                                       "hasChildren": .bool(!$0.children.isEmpty), "isGroup": .bool($0.url.isEmpty)]
                if !$0.url.isEmpty { values["url"] = .text(basePath + $0.url) }
                return .object(TemplateDictionary(values))
            })
        }
        return convert(nodes)
    }

    static let shape = TemplateShape.list(.object(name: "navEntry", members: [
        "title": .scalar, "url": .scalar, "children": .list(.same("navEntry")), "hasChildren": .scalar, "isGroup": .scalar,
    ]))
}
