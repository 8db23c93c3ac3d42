import Foundation
import SitegenMarkdown
import SitegenLimits

/// The menus a Jekyll site keeps in `_data/navigation.yml`, as its themes read it: a list of
/// entries (`title` or `name`, `url` or `link`, nested `children` or `sublinks`), which is the
/// `main` menu, or a table of such lists by menu name (Minimal Mistakes' `main:`, `docs:`).
/// A URL without `://` is a path from the site's root.
enum JekyllNavigation {
    /// The menus of the site at `root`; none when it has no `_data/navigation.yml` or it does not read.
    static func menus(root: URL, display: (URL) -> String) -> [String: [MenuEntry]] {
        let file = root.appendingPathComponent("_data/navigation.yml")
        guard let data = try? RegularFile.contents(of: file.path, maximumSize: Limits.configurationBytes),
              let yaml = try? FrontMatter(yaml: "navigation:\n" + indented(String(decoding: data, as: UTF8.self))),
              let value = yaml["navigation"] else { return [:] }
        let shown = display(file)
        switch value {
        case .list(let items): return ["main": entries(items, parent: nil, file: shown)]
        case .map(let table):
            var menus: [String: [MenuEntry]] = [:]
            for (name, value) in table.entries {
                if case .list(let items) = value { menus[name] = entries(items, parent: nil, file: shown) }
            }
            return menus
        default: return [:]
        }
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
