import Foundation
import SitegenMarkdown
import SitegenLimits

/// The menus a Jekyll site keeps in `_data/navigation.yml`, as its themes read it: a list of
/// entries (`title` or `name`, `url` or `link`, nested `children` or `sublinks`), which is the
/// `main` menu, or a table of such lists by menu name (Minimal Mistakes' `main:`, `docs:`).
/// A URL without `://` is a path from the site's root.
enum JekyllNavigation {
    /// The menus of the site in `source`; none when it has no `_data/navigation.yml`. A file that
    /// does not read, or is not a list of entries or a table of them, is a warning, and gives none.
    static func menus(in source: any SiteSource) -> (menus: [String: [MenuEntry]], warnings: [SiteError]) {
        let shown = "_data/navigation.yml"
        guard source.kind(of: shown) != nil else { return ([:], []) }
        let text: String
        do throws(SiteError) {
            text = try source.readText(shown, maximumSize: Limits.configurationBytes, shownAs: shown)
        } catch {
            return ([:], [SiteError(file: shown, error.message + "; the site has no menu from it")])
        }
        // A table of menus reads as a document; a list of entries (the `main` menu) as a key's value.
        if let whole = try? FrontMatter(yaml: text), !whole.isEmpty { return menus(in: .map(whole), file: shown) }
        do {
            return menus(in: try FrontMatter(yaml: "navigation:\n" + indented(text))["navigation"] ?? .null, file: shown)
        } catch {
            return ([:], [SiteError(file: shown, line: max(error.line - 1, 1), error.message + "; the site has no menu from it")])
        }
    }

    /// The menus of the file's `value`: a list of entries (the `main` menu), or a table of such lists by menu name.
    private static func menus(in value: FrontMatterValue, file: String) -> (menus: [String: [MenuEntry]], warnings: [SiteError]) {
        var menus: [String: [MenuEntry]] = [:]
        switch value {
        case .list(let items): menus["main"] = entries(items, parent: nil, file: file)
        case .map(let table):
            for (name, value) in table.entries {
                if case .list(let items) = value { menus[name] = entries(items, parent: nil, file: file) }
            }
        default: break
        }
        guard !menus.isEmpty else {
            return ([:], [SiteError(file: file, "is not a list of entries (title, url) or a table of such lists; the site has no menu from it")])
        }
        return (menus, [])
    }

    /// The YAML document `text` nested one level, so that a top-level list reads as a key's value.
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    /// The entries of a list (and of the lists nested in them, as children of `parent`).
    private static func entries(_ items: [FrontMatterValue], parent: String?, file: String) -> [MenuEntry] {
        var result: [MenuEntry] = []
        for (index, item) in items.enumerated() {
            guard case .map(let fields) = item,
                  let name = fields["title"]?.string ?? fields["name"]?.string ?? fields["text"]?.string else { continue }
            let url = fields["url"]?.string ?? fields["link"]?.string ?? fields["href"]?.string ?? ""
            let identifier = (parent.map { $0 + "/" } ?? "") + name
            result.append(MenuEntry(name: name, url: url.isEmpty || url.contains("://") || url.hasPrefix("/") ? url : "/" + url,
                                    weight: index + 1, identifier: identifier, parent: parent, file: file))
            for key in ["children", "sublinks", "subfolderitems"] {
                if case .list(let children)? = fields[key] { result += entries(children, parent: identifier, file: file) }
            }
        }
        return result
    }
}
