/// The whole site as nested sections and pages, for a documentation sidebar (`site.nav`):
/// at each level the pages (in their section's order), then the subsections (by weight, then title),
/// each by its `linkTitle` when it has one.
struct NavigationTree: Sendable {
    struct Node: Sendable, Hashable {
        let title: String
        let url: String
        let children: [Node]
    }

    let nodes: [Node]

    /// The tree of `sections`, whose pages are in `orders` (by section path, in order).
    init(sections: [String: Section], orders: [String: [RenderedPage]]) {
        func children(of section: Section) -> [Node] {
            let sectionPages = (orders[section.path] ?? [])
                .map { Node(title: $0.page.linkTitle ?? $0.title, url: $0.page.url, children: []) }
            let subsections = section.subsectionPaths.compactMap { sections[$0] }
                .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
                .map { Node(title: $0.linkTitle, url: $0.url, children: children(of: $0)) }
            return sectionPages + subsections
        }
        nodes = sections[""].map(children(of:)) ?? []
    }

    /// `[{title, url, children, hasChildren}]` for templates.
    func values(basePath: String) -> [[String: Any]] {
        func convert(_ nodes: [Node]) -> [[String: Any]] {
            nodes.map { ["title": $0.title, "url": basePath + $0.url, "children": convert($0.children), "hasChildren": !$0.children.isEmpty] }
        }
        return convert(nodes)
    }
}
