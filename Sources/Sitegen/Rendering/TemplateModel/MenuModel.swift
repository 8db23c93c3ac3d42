import SitegenTemplates

/// The menus of one output, for templates: `site.menus.NAME` (each entry's `name`, `title`,
/// `url`, `pre`, `post`, `identifier`, `weight`, `isCurrent`, `isActive`, `hasChildren`,
/// `children`), marked for the output at ``currentURL``.
struct MenuModel: ListedTemplateObject {
    let menus: [String: [SiteMenus.Node]]
    /// The site's base path, put before the entries' paths.
    let basePath: String
    /// The URL path of the output being rendered (without the base path), if it is a page or list.
    let currentURL: String?

    var memberNames: [String] { menus.keys.sorted() }

    func member(_ name: String) -> TemplateValue? {
        menus[name].map(list)
    }

    /// The entries of a menu level.
    func list(_ nodes: [SiteMenus.Node]) -> TemplateValue {
        .list(nodes.map { .object(entry($0)) })
    }

    private func entry(_ node: SiteMenus.Node) -> TemplateDictionary {
        let entry = node.entry
        let isLocal = entry.url.hasPrefix("/")
        let isCurrent = isLocal && currentURL == entry.url
        var values: [String: TemplateValue] = [
            "name": .text(entry.name), "title": .text(entry.name),
            "url": .text(isLocal ? basePath + entry.url : entry.url),
            "identifier": .text(entry.key), "weight": .int(entry.weight),
            "isCurrent": .bool(isCurrent), "isActive": .bool(isCurrent || isActive(node.children)),
            "hasChildren": .bool(!node.children.isEmpty), "children": list(node.children),
        ]
        if let pre = entry.pre { values["pre"] = .text(pre) }
        if let post = entry.post { values["post"] = .text(post) }
        return TemplateDictionary(values)
    }

    /// Whether the current output is one of `nodes` or below them.
    private func isActive(_ nodes: [SiteMenus.Node]) -> Bool {
        guard let currentURL else { return false }
        return nodes.contains { $0.entry.url == currentURL || isActive($0.children) }
    }

    /// The members for checking names.
    static let entryShape: TemplateShape = .object(name: "menuEntry", members: [
        "name": .scalar, "title": .scalar, "url": .scalar, "pre": .scalar, "post": .scalar, "identifier": .scalar, "weight": .scalar,
        "isCurrent": .scalar, "isActive": .scalar, "hasChildren": .scalar, "children": .any,
    ])
}
