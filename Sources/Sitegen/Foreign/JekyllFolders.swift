import Foundation
import SitegenMarkdown
import SitegenLimits

/// Which names starting with `_` are content in a Jekyll site: one with a `_config.yml` in its
/// site folder. As Jekyll reads it, `_posts` folders (at any depth) and the collections named
/// under `collections:` in `_config.yml` (`_recipes/` for `recipes`) are content, and so is
/// `_drafts` when drafts are built; every other file or folder whose name starts with `_`
/// (`_includes`, `_layouts`, `_data`, `_sass`, partials such as `_note.md`, `_config.yml`
/// itself) is neither a page nor published. `_index.md` stays a folder's own page.
///
/// Files that `exclude:` names, with Jekyll's own (`Gemfile`, `node_modules`, `vendor/bundle/`…),
/// are neither pages nor published, matched as Jekyll matches them: a path that starts with
/// the entry (`vendor/` and all in it, `README.md`), or that the entry matches as a glob
/// (`*.sh`, where `*` also crosses `/`); `include:` takes an entry back.
///
/// Without `_config.yml` nothing changes: `_x.md` is a page at `/_x/` like any other file.
struct JekyllFolders: Sendable {
    /// The folder names that are content: `_posts`, the collections', `_drafts` when drafts are built.
    let contentFolders: Set<String>
    /// The entries of `exclude:` and Jekyll's own, less those of `include:`.
    let excluded: [String]
    /// Those of them that are globs (`*.sh`), matched with `fnmatch` too.
    private let globs: [String]

    /// What Jekyll 4 always leaves out.
    static let defaultExcluded = [".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
                                  "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]

    /// The rule for the site in `source`, or `nil` when it has no `_config.yml`.
    init?(source: any SiteSource, includesDrafts: Bool) {
        guard source.kind(of: "_config.yml") != nil else { return nil }
        var folders: Set<String> = ["_posts"]
        if includesDrafts { folders.insert("_drafts") }
        var excluded = Self.defaultExcluded, included: [String] = []
        // A `_config.yml` that does not read is reported where the site's settings are read;
        // here it only names no collections.
        if let text = try? source.followingLinksOutside.text(of: "_config.yml", maximumSize: Limits.configurationBytes),
           let yaml = try? FrontMatter(yaml: text) {
            switch yaml["collections"] {
            case .list(let names)?: folders.formUnion(names.compactMap(\.string).map { "_" + $0 })
            case .map(let collections)?: folders.formUnion(collections.entries.map { "_" + $0.key })
            default: break
            }
            let entries = { (key: String) in
                (yaml[key]?.list ?? []).compactMap(\.string).map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
            }
            excluded += entries("exclude")
            included = entries("include")
        }
        contentFolders = folders
        self.excluded = excluded.filter { !included.contains($0) }
        globs = self.excluded.filter { $0.contains(where: { "*?[".contains($0) }) }
    }

    /// Whether the file at `path` (relative to the content folder) is content. In a `_posts`
    /// folder, only files named after a date (`2024-03-01-title.md`) are, as Jekyll reads them:
    /// a stray `notes.txt` there is neither a post nor published (drafts have no date).
    func isContent(_ path: String) -> Bool {
        if isExcluded(path) { return false }
        let components = path.split(separator: "/")
        if components.dropLast().contains("_posts"),
           FileName.splitDatePrefix(String(components.last ?? "")).0 == nil {
            return false
        }
        for (index, component) in components.enumerated() where component.hasPrefix("_") {
            let isFile = index == components.count - 1
            if isFile {
                if component == "_index.md" || component == "_index.markdown" { continue }
                return false
            }
            guard contentFolders.contains(String(component)) else { return false }
        }
        return true
    }

    /// Whether Jekyll reads the file at `path` as Markdown: its `markdown_ext` names, in any case
    /// (`.md`, `.MD`, `.markdown`, `.mkdown`, `.mkdn`, `.mkd`).
    static func isMarkdown(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return ["md", "markdown", "mkdown", "mkdn", "mkd"].contains(path[path.index(after: dot)...].lowercased())
    }

    /// Whether `exclude:` (or Jekyll's own list) leaves out the file at `path`.
    func isExcluded(_ path: String) -> Bool {
        excluded.contains { path.hasPrefix($0) } || globs.contains { fnmatch($0, path, 0) == 0 }
    }
}
