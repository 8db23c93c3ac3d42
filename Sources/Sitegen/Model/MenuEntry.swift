import SitegenMarkdown
import SitegenLimits

/// One entry of a site's menu, as a configuration or a page's front matter gives it: Hugo's
/// menu entry fields, which sitegen's own `menus:` key uses too.
struct MenuEntry: Sendable, Hashable {
    /// `name` (or `title`): the text shown.
    var name: String
    /// `url`: where it leads, from the site's root (`/about/`) or an address (`https://…`);
    /// empty until ``pageRef`` is resolved.
    var url: String
    /// `pageRef`: a content file or URL path of the site (`/docs/intro`, `about.md`) whose page's URL the entry takes.
    var pageRef: String?
    /// `weight`: entries are shown by weight, then name.
    var weight = 0
    /// `identifier`: what children name as their `parent`; the name by default.
    var identifier: String?
    /// `parent`: the identifier of the entry this one is nested under.
    var parent: String?
    /// `pre` and `post`: HTML shown before and after the name.
    var pre: String?
    var post: String?
    /// The language it is for: `nil` for every language.
    var language: String?
    /// Where it was given, for messages.
    var file: String?
    var line: Int?

    /// The identifier children name.
    var key: String { identifier ?? name }

    /// The entries of a table of menus (`main: [{name, url, weight}, …]`), by menu name; `file`
    /// and `line` name where the table is for messages.
    ///
    /// - Throws: ``SiteError`` at the table's line for a menu that is not a list of entries, or an
    ///   entry without a name or a place to lead to.
    static func menus(in table: FrontMatter, file: String?, line: Int?) throws(SiteError) -> [String: [MenuEntry]] {
        var menus: [String: [MenuEntry]] = [:]
        for (menu, value) in table.entries {
            let at = table.line(of: menu) ?? line
            let items: [FrontMatterValue]
            switch value {
            case .list(let list): items = list
            case .map: items = [value]
            default: throw SiteError(file: file, line: at, "the menu `\(menu)` must be a list of entries, such as [{name: About, url: /about/}]")
            }
            guard items.count <= Limits.menuEntries else {
                throw SiteError(file: file, line: at, "the menu `\(menu)` has \(LimitWording.count(items.count)) entries; a menu may have at most "
                                + "\(LimitWording.count(Limits.menuEntries)) (Limits: menu entries)")
            }
            for item in items {
                guard case .map(let fields) = item else {
                    throw SiteError(file: file, line: at, "an entry of the menu `\(menu)` must be a table with a name and a url")
                }
                menus[menu, default: []].append(try entry(fields, menu: menu, file: file, line: at))
            }
        }
        return menus
    }

    /// One entry of `menu` from its fields. One without `url` or `pageRef` leads nowhere: a
    /// heading for the entries nested under it, as in Hugo.
    static func entry(_ fields: FrontMatter, menu: String, file: String?, line: Int?,
                      defaultName: String = "") throws(SiteError) -> MenuEntry {
        func problem(_ key: String, _ kind: String) -> SiteError {
            SiteError(file: file, line: fields.line(of: key) ?? line, "`\(key)` of an entry of the menu `\(menu)` must be \(kind)")
        }
        /// The text of `key` (a number is its digits), `nil` when absent; an error for a list or table.
        func text(_ key: String) throws(SiteError) -> String? {
            guard let found = fields.keys.first(where: { $0.lowercased() == key.lowercased() }), let value = fields[found], value != .null
            else { return nil }
            guard let text = value.string ?? value.int.map(String.init) else { throw problem(found, "text") }
            return text
        }
        let givenName = try text("name"), title = try text("title"), givenURL = try text("url"), link = try text("link")
        let name = givenName ?? title ?? defaultName
        let url = givenURL ?? link ?? ""
        let pageRef = try text("pageRef")
        guard !name.isEmpty else {
            throw SiteError(file: file, line: line, "an entry of the menu `\(menu)` has no `name`; give it the text to show")
        }
        var weight = 0
        if let key = fields.keys.first(where: { $0.lowercased() == "weight" }), let value = fields[key], value != .null {
            guard let number = value.int, WholeNumber.weight.contains(number) else {
                throw problem(key, "a whole number from \(WholeNumber.weight.lowerBound) to \(WholeNumber.weight.upperBound)")
            }
            weight = number
        }
        return MenuEntry(name: name, url: url, pageRef: pageRef, weight: weight,
                         identifier: try text("identifier"), parent: try text("parent"), pre: try text("pre"), post: try text("post"),
                         file: file, line: line)
    }
}
