import SitegenMarkdown
import SitegenLimits

/// The menus of a site, one job of loading: the entries its configuration gives (sitegen's
/// `menus:`, Hugo's `[menu.NAME]`, Jekyll's `_data/navigation.yml` and `header_pages`, a Zola
/// theme's `extra.menu`) and those its pages' front matter gives (Hugo's `menu: main`,
/// `menu: {main: {weight: 2, parent: docs}}`, weighted by the page's `weight` unless the
/// entry gives one), each `pageRef` resolved to its page's URL,
/// nested by `parent` and ordered by weight, then name, for each language.
struct SiteMenus: Sendable, Hashable {
    /// An entry with the entries nested under it.
    struct Node: Sendable, Hashable {
        let entry: MenuEntry
        var children: [Node] = []
    }

    /// Each language's menus (by code), by menu name.
    private(set) var menus: [String: [String: [Node]]] = [:]
    /// Problems found: a `pageRef` that names no page, a `parent` that names no entry.
    private(set) var warnings: [SiteError] = []

    /// No menus at all.
    init() {}

    /// The menus of `language` (by name).
    func menus(in language: String) -> [String: [Node]] {
        menus[language] ?? [:]
    }

    /// Whether an entry of any menu leads to `url`.
    func leads(to url: String) -> Bool {
        func contains(_ nodes: [Node]) -> Bool { nodes.contains { $0.entry.url == url || contains($0.children) } }
        return menus.values.contains { $0.values.contains(where: contains) }
    }

    /// Whether any language has a menu.
    var isEmpty: Bool { menus.values.allSatisfy(\.isEmpty) }

    /// The menus from `configured` entries and the pages' front matter; in a Hugo site (its
    /// `hugo` rules), with its top sections in `sectionPagesMenu`, and entries without a weight
    /// after those with one, as Hugo orders them.
    init(configured: [String: [MenuEntry]], pages: [Page], sections: [String: Section], languages: [SiteLanguage],
         hugo: HugoURLRules? = nil, display: (String) -> String) {
        var entries: [String: [String: [MenuEntry]]] = [:]
        let codes = languages.map(\.code)
        let references = configured.isEmpty ? nil : References(pages: pages, sections: sections)
        for (menu, list) in configured {
            for entry in list {
                for code in codes where entry.language == nil || entry.language == code {
                    guard let references, let resolved = Self.resolved(entry, in: code, references: references) else {
                        if code == codes.first {
                            warnings.append(SiteError(file: entry.file, line: entry.line, "the menu entry \"\(entry.name)\" of `\(menu)` "
                                                      + "has `pageRef: \(entry.pageRef ?? "")`, which is no page of the site; it is left out"))
                        }
                        continue
                    }
                    entries[code, default: [:]][menu, default: []].append(resolved)
                }
            }
        }
        // Pages and list pages (`_index.md`) join menus with their front matter.
        let joins = { (frontMatter: FrontMatter) in frontMatter["menu"] != nil || frontMatter["menus"] != nil }
        var joining: [(frontMatter: FrontMatter, url: String, title: String, weight: Int, language: String, file: String)] =
            pages.lazy.filter { joins($0.frontMatter) }.map {
                ($0.frontMatter, $0.url, $0.linkTitle ?? $0.explicitTitle ?? $0.fileTitle, $0.weight, $0.language, display($0.sourcePath))
            }
        for section in sections.values.sorted(by: { $0.path < $1.path }) where section.hasListPage {
            guard let file = section.sourcePath else { continue }
            joining.append((section.source.frontMatter, section.url, section.linkTitle, section.weight, section.language, file))
        }
        for item in joining {
            for key in ["menu", "menus"] {
                guard let value = item.frontMatter[key], value != .null else { continue }
                let line = item.frontMatter.line(of: key)
                let plain = MenuEntry(name: item.title, url: item.url, weight: item.weight, file: item.file, line: line)
                var found: [(String, MenuEntry)] = []
                switch value {
                case .string(let menu):
                    found.append((menu, plain))
                case .list(let names):
                    found += names.compactMap(\.string).map { ($0, plain) }
                case .map(let table):
                    for (menu, fields) in table.entries {
                        guard case .map(let given) = fields else {
                            found.append((menu, plain))
                            continue
                        }
                        do throws(SiteError) {
                            var entry = try MenuEntry.entry(given, menu: menu, file: item.file, line: line, defaultName: item.title)
                            // An entry without its own weight takes the page's, as in Hugo.
                            if !given.keys.contains(where: { $0.lowercased() == "weight" }) { entry.weight = item.weight }
                            entry.url = item.url
                            entry.pageRef = nil
                            found.append((menu, entry))
                        } catch {
                            warnings.append(SiteError(file: error.file, line: error.line, error.message + "; the page is in the menu without it"))
                            found.append((menu, plain))
                        }
                    }
                default:
                    warnings.append(SiteError(file: item.file, line: line, "`\(key)` must name a menu (menu: main), list menus, "
                                              + "or give each menu's entry (menu: {main: {weight: 10}}); the page is in no menu"))
                }
                for (menu, entry) in found { entries[item.language, default: [:]][menu, default: []].append(entry) }
            }
        }
        // Hugo's `sectionPagesMenu`: each top section of each language, unless an entry of the menu has its name as key.
        if let menu = hugo?.sectionPagesMenu {
            let roots = Set(languages.map(\.path))
            for section in sections.values.sorted(by: { $0.path < $1.path })
            where section.hasListPage && !roots.contains(section.path) && roots.contains(URLPath.folder(of: section.path)) {
                let identifier = URLPath.lastComponent(of: section.path)
                guard !(entries[section.language]?[menu] ?? []).contains(where: { $0.key == identifier }) else { continue }
                var entry = MenuEntry(name: section.linkTitle, url: section.url, weight: section.weight, file: section.sourcePath)
                entry.identifier = identifier
                entries[section.language, default: [:]][menu, default: []].append(entry)
            }
        }
        let byWeight = hugo == nil ? Self.byWeight : Self.byHugoWeight
        for (code, byMenu) in entries {
            for (menu, all) in byMenu {
                // Pages may join a menu without bound: every page shows it, so it keeps its first entries.
                var list = all
                if list.count > Limits.menuEntries {
                    list = Array(list.sorted(by: byWeight).prefix(Limits.menuEntries))
                    if code == codes.first {
                        warnings.append(SiteError(file: all.first?.file, "the menu `\(menu)` has \(LimitWording.count(all.count)) entries; "
                                                  + "it shows the first \(LimitWording.count(Limits.menuEntries)) (Limits: menu entries)"))
                    }
                }
                let (tree, orphans, unreached) = Self.tree(list, by: byWeight)
                menus[code, default: [:]][menu] = tree
                guard code == codes.first else { continue }
                if let orphan = orphans.first {
                    let more = orphans.count > 1 ? " (and \(orphans.count - 1) more entries)" : ""
                    warnings.append(SiteError(file: orphan.file, line: orphan.line, "the menu entry \"\(orphan.name)\" of `\(menu)` has "
                                              + "`parent: \(orphan.parent ?? "")`, which no entry of that menu is\(more); shown at the top"))
                }
                if let first = unreached.first {
                    warnings.append(SiteError(file: first.file, line: first.line, "\(LimitWording.count(unreached.count)) entries of the menu "
                                              + "`\(menu)` (the first \"\(first.name)\") name each other as parents, or nest more than "
                                              + "\(Limits.summaryDepth) deep; they are shown at the top"))
                }
            }
        }
    }

    /// The pages and sections a `pageRef` can name, found by its path (made once for all entries).
    private struct References {
        private var pages: [String: [Page]] = [:]
        private var sections: [String: [Section]] = [:]

        init(pages: [Page], sections: [String: Section]) {
            for page in pages {
                var keys = [Self.stem(page.translationKey), Self.stem(page.sourcePath)]
                if page.url.hasPrefix("/") && page.url.hasSuffix("/") { keys.append(String(page.url.dropFirst().dropLast())) }
                for key in Set(keys) { self.pages[key, default: []].append(page) }
            }
            for section in sections.values.sorted(by: { $0.path < $1.path }) {
                for key in Set([section.translationKey, section.path]) { self.sections[key, default: []].append(section) }
            }
        }

        /// A content path without its extension and index name (`docs/_index.md` → `docs`).
        static func stem(_ file: String) -> String {
            var stem = file
            for suffix in [".md", ".markdown"] where stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
            for index in ["/index", "/_index"] where stem.hasSuffix(index) { stem.removeLast(index.count) }
            return stem == "index" || stem == "_index" ? "" : stem
        }

        /// The URL, and the title, of the page (in `language`, if it has one) or section `reference` names.
        func target(of reference: String, in language: String) -> (url: String, title: String)? {
            var path = Substring(reference)
            while path.hasPrefix("/") || path.hasPrefix("./") { path = path.hasPrefix("/") ? path.dropFirst() : path.dropFirst(2) }
            while path.hasSuffix("/") { path = path.dropLast() }
            let wanted = Self.stem(String(path))
            if let matches = pages[wanted], let page = matches.first(where: { $0.language == language }) ?? matches.first {
                return (page.url, page.linkTitle ?? page.explicitTitle ?? page.fileTitle)
            }
            if let matches = sections[wanted], let section = matches.first(where: { $0.language == language }) ?? matches.first {
                return (section.url, section.linkTitle)
            }
            return nil
        }
    }

    /// `entry` with its `pageRef` resolved to the URL of its page (the page in `language`, if it
    /// has one) and the page's title as its name when it gives none; `nil` when it names no page.
    private static func resolved(_ entry: MenuEntry, in language: String, references: References) -> MenuEntry? {
        guard let reference = entry.pageRef else { return entry }
        guard let target = references.target(of: reference, in: language) else { return nil }
        var resolved = entry
        resolved.url = target.url
        if resolved.name.isEmpty { resolved.name = target.title }
        return resolved
    }

    /// The entries nested by `parent`, each level by weight, then name. Entries whose parent is
    /// not there (orphans), and those no chain of parents leads to from the top (they name each
    /// other, or nest too deep: unreached), are shown at the top and returned.
    private static func tree(_ entries: [MenuEntry], by order: (MenuEntry, MenuEntry) -> Bool) -> (tree: [Node], orphans: [MenuEntry], unreached: [MenuEntry]) {
        let keys = Set(entries.map(\.key))
        var orphans: [MenuEntry] = []
        var byParent: [String: [MenuEntry]] = [:]
        var top: [MenuEntry] = []
        for entry in entries {
            if let parent = entry.parent, keys.contains(parent), parent != entry.key {
                byParent[parent, default: []].append(entry)
            } else {
                if entry.parent != nil { orphans.append(entry) }
                top.append(entry)
            }
        }
        func ordered(_ list: [MenuEntry]) -> [MenuEntry] {
            list.sorted(by: order)
        }
        // Each entry is shown once, so that a cycle of parents ends; menus nest as deep as a book's chapters.
        var shown: Set<String> = []
        func nodes(_ list: [MenuEntry], depth: Int) -> [Node] {
            ordered(list).compactMap { entry in
                guard shown.insert(entry.key).inserted else { return nil }
                let children = depth < Limits.summaryDepth ? nodes(byParent[entry.key] ?? [], depth: depth + 1) : []
                return Node(entry: entry, children: children)
            }
        }
        var tree = nodes(top, depth: 1)
        // Entries no chain of parents reaches from the top (their parents name each other, or nest too deep): at the top.
        var unreached: [MenuEntry] = []
        for entry in ordered(entries) where !shown.contains(entry.key) {
            unreached.append(entry)
            tree += nodes([entry], depth: 1)
        }
        return (tree, orphans, unreached)
    }

    /// Lighter entries first, then by name.
    private static func byWeight(_ first: MenuEntry, _ second: MenuEntry) -> Bool {
        (first.weight, first.name) < (second.weight, second.name)
    }

    /// As Hugo orders a menu: lighter entries first, those without a weight (0) last; then by
    /// name (in any case), then by identifier.
    private static func byHugoWeight(_ first: MenuEntry, _ second: MenuEntry) -> Bool {
        guard first.weight == second.weight else {
            if second.weight == 0 { return true }
            if first.weight == 0 { return false }
            return first.weight < second.weight
        }
        let (one, other) = (first.name.lowercased(), second.name.lowercased())
        if one != other { return one < other }
        if first.name != second.name { return first.name < second.name }
        return (first.identifier ?? "") < (second.identifier ?? "")
    }
}
