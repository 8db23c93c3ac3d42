import Foundation
import SitegenMarkdown

/// The permalink settings of a Jekyll site's `_config.yml`: the site-wide `permalink` (a style
/// name or a pattern), each collection's `permalink` under `collections:`, and the `permalink`
/// values of `defaults:`, with their scopes.
///
/// Read only for sites configured by `_config.yml`; a sitegen site has none, and its URLs do
/// not change. What a document's URL becomes is ``JekyllPermalink``'s job.
struct JekyllPermalinkRules: Sendable, Hashable {
    /// One `defaults:` entry that gives a `permalink`: where it applies and the pattern.
    struct Default: Sendable, Hashable {
        /// `scope: path:`, a path from the site's root (`""` for every file); `*` matches
        /// any run of characters but `/`.
        var path: String
        /// `scope: type:` (`pages`, `posts`, `drafts` or a collection's label), or `nil` for every type.
        var type: String?
        /// `values: permalink:`.
        var permalink: String
    }

    /// One `defaults:` entry's values but `permalink`, with its scope (as ``Default``'s).
    struct ValueDefault: Sendable, Hashable {
        var path: String
        var type: String?
        var values: FrontMatter
    }

    /// `permalink:` of `_config.yml`, as written; `nil` when not given (Jekyll's `date` style).
    var site: String?
    /// `collections: LABEL: permalink:`, by label.
    var collections: [String: String] = [:]
    /// The `defaults:` entries that give a permalink, in file order.
    var defaults: [Default] = []
    /// The labels of `collections:` (a list of names or a table), `posts` left out: its
    /// documents are the `_posts` folders'.
    var collectionLabels: Set<String> = []
    /// The `defaults:` entries' other values (`layout`, `image`, `author`…), with their scopes,
    /// in file order.
    var valueDefaults: [ValueDefault] = []
    /// Which of the layouts jekyll-default-layout gives (``impliedLayoutNames``) the site has in
    /// `_layouts/`: set when its files are walked.
    var defaultLayouts: Set<String> = []
    /// `timezone:` (`Asia/Shanghai`): where URLs' and Liquid's dates are shown, and where a
    /// date without a time of day is midnight; `nil` (not given, or no zone of the IANA
    /// database): UTC, as on GitHub Pages.
    var timeZone: TimeZone?
    /// `sass:`, how the site's Sass files with front matter are compiled to stylesheets.
    var sass = JekyllSassSettings()

    /// The built-in styles by name, as Jekyll documents them.
    static let styles: [String: String] = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// The rules of a `_config.yml` read into `values`. Values of another kind than text are
    /// passed over: Jekyll would stop on them, sitegen keeps the URLs of its own rules.
    init(_ values: FrontMatter) {
        site = Self.text(values["permalink"])
        timeZone = Self.text(values["timezone"]).flatMap(TimeZone.init(identifier:))
        sass = JekyllSassSettings(values)
        switch values["collections"] {
        case .list(let names)?: collectionLabels = Set(names.compactMap(\.string))
        case .map(let table)?: collectionLabels = Set(table.keys)
        default: break
        }
        collectionLabels.remove("posts")
        if case .map(let table)? = values["collections"] {
            for (label, value) in table.entries {
                if let permalink = Self.text(value.map?["permalink"]) { collections[label] = permalink }
            }
        }
        for entry in values["defaults"]?.list ?? [] {
            let scope = entry.map?["scope"]?.map
            let (path, type) = (Self.text(scope?["path"]) ?? "", Self.text(scope?["type"]))
            let values = entry.map?["values"]?.map ?? FrontMatter()
            let others = FrontMatter(values.entries.filter { $0.key != "permalink" })
            if !others.isEmpty { valueDefaults.append(ValueDefault(path: path, type: type, values: others)) }
            guard let permalink = Self.text(values["permalink"]) else { continue }
            defaults.append(Default(path: path, type: type, permalink: permalink))
        }
    }

    /// Rules with only a site-wide `permalink` (`nil`: the `date` style).
    init(site: String?) {
        self.site = site
    }

    /// The site-wide pattern: a style's, or the pattern as written.
    var sitePattern: String {
        let given = site ?? "date"
        return Self.styles[given] ?? given
    }

    /// The pattern a file gets from `defaults:`: of the entries whose scope takes the file at
    /// `path` (from the site's root) of `type`, the one with the longest path, then one that
    /// names a type over one that does not; of two alike, the later.
    func defaultPermalink(path: String, type: String) -> String? {
        var best: (rank: [Int], permalink: String)?
        for entry in defaults where entry.type == nil || entry.type == type || (entry.type == "post" && type == "posts")
            || (entry.type == "page" && type == "pages") {
            guard Self.scope(entry.path, takes: path) else { continue }
            let rank = [entry.path.count, entry.type == nil ? 0 : 1]
            if best == nil || !rank.lexicographicallyPrecedes(best!.rank) { best = (rank, entry.permalink) }
        }
        return best?.permalink
    }

    /// The layouts jekyll-default-layout gives a Markdown file that names none, in the order it
    /// looks for them.
    static let impliedLayoutNames = ["home", "page", "post", "default"]

    /// `frontMatter` of the file at `path` (from the site's root) of `type` with the values
    /// `defaults:` gives it for keys it does not set itself: of two entries that set a key,
    /// the one with the longer path wins, then one that names a type, then the later.
    func withDefaults(_ frontMatter: FrontMatter, path: String, type: String) -> FrontMatter {
        var best: [String: (rank: [Int], value: FrontMatterValue)] = [:]
        for entry in valueDefaults where entry.type == nil || entry.type == type || (entry.type == "post" && type == "posts")
            || (entry.type == "page" && type == "pages") {
            guard Self.scope(entry.path, takes: path) else { continue }
            let rank = [entry.path.count, entry.type == nil ? 0 : 1]
            for (key, value) in entry.values.entries where frontMatter[key] == nil {
                if let found = best[key], rank.lexicographicallyPrecedes(found.rank) { continue }
                best[key] = (rank, value)
            }
        }
        guard !best.isEmpty else { return frontMatter }
        var merged = frontMatter
        for key in best.keys.sorted() { merged[key] = best[key]?.value }
        return merged
    }

    /// The suffix Jekyll gives pages and collection documents for the site's style: `/` for
    /// `pretty` and patterns ending in `/`, the output extension for the other styles and for
    /// patterns ending in `:output_ext`, nothing otherwise (the file is then written `.html`).
    var pageSuffix: String {
        let given = site ?? "date"
        if given == "pretty" { return "/" }
        if Self.styles[given] != nil { return ":output_ext" }
        if given.hasSuffix("/") { return "/" }
        if given.hasSuffix(":output_ext") { return ":output_ext" }
        return ""
    }

    /// Whether a `scope: path:` takes the file at `path`: the scope is a folder or file the
    /// path is in or is (`""` takes all), with `*` standing for any name.
    static func scope(_ scope: String, takes path: String) -> Bool {
        let trimmed = scope.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let components = path.split(separator: "/")
        guard trimmed.count <= components.count else { return false }
        for (pattern, name) in zip(trimmed, components) where !matches(pattern, name) { return false }
        return true
    }

    /// Whether the name matches a pattern whose `*` stands for any run of characters.
    private static func matches(_ pattern: Substring, _ name: Substring) -> Bool {
        guard pattern.contains("*") else { return pattern == name }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = name[...]
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if let found = rest.range(of: part) {
                rest = rest[found.upperBound...]
            } else {
                return false
            }
        }
        return rest.isEmpty
    }

    private static func text(_ value: FrontMatterValue?) -> String? {
        guard case .string(let text)? = value, !text.isEmpty else { return nil }
        return text
    }
}
