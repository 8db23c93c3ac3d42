import SitegenMarkdown

/// The menu a Zola theme keeps in `[extra]`: Zola has no menus of its own, and its popular
/// themes name theirs `menu` (Zola's docs, Terminimal, tabi), `main_menu` (Kita), `menu_items`,
/// `navbar_items` or `nav_links` — a list of `{name, url}` (or `title`, `link`/`path`), where
/// `$BASE_URL` stands for the site's root. The first of them is the `main` menu.
enum ZolaMenus {
    /// The keys read, in order.
    static let keys = ["menu", "main_menu", "menu_items", "navbar_items", "nav_links"]

    /// The `main` menu from `extra`, if it has one of ``keys`` as a list of entries.
    static func menus(in extra: FrontMatter, file: String) -> [String: [MenuEntry]] {
        for key in keys {
            guard case .list(let items)? = extra[key] else { continue }
            let entries = items.enumerated().compactMap { index, item -> MenuEntry? in
                guard case .map(let fields) = item,
                      let name = fields["name"]?.string ?? fields["title"]?.string,
                      var url = fields["url"]?.string ?? fields["link"]?.string ?? fields["path"]?.string else { return nil }
                if url.hasPrefix("$BASE_URL") { url = String(url.dropFirst("$BASE_URL".count)) }
                if !url.contains("://") && !url.hasPrefix("/") { url = "/" + url }
                return MenuEntry(name: name, url: url, weight: index + 1, file: file, line: extra.line(of: key))
            }
            if !entries.isEmpty { return ["main": entries] }
        }
        return [:]
    }
}
