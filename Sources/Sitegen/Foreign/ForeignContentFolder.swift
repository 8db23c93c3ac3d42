import Foundation
import SitegenMarkdown
import SitegenLimits

/// The content folder a book or docs site names in its own configuration, for a site folder
/// without `content/`: mdBook's `book.toml` keeps its chapters in `[book] src` (default `src`),
/// MkDocs' `mkdocs.yml` its pages in `docs_dir` (default `docs`).
///
/// Only a folder inside the site folder is taken; a `src` or `docs_dir` that leaves it is
/// refused when the configuration is read (``MdBookConfiguration``, ``MkDocsConfiguration``).
enum ForeignContentFolder {
    /// The configuration files that name a content folder, with the key and its default.
    private static let files: [(name: String, key: [String], defaultFolder: String)] = [
        ("book.toml", ["book", "src"], "src"),
        ("mkdocs.yml", ["docs_dir"], "docs"),
        ("mkdocs.yaml", ["docs_dir"], "docs"),
    ]

    /// The configuration file and the content folder it names, when `root` has one of them; the
    /// folder is `nil` when it is not a folder inside the site, which the configuration's reading
    /// reports (``MdBookConfiguration``, ``MkDocsConfiguration``): never the site folder instead.
    static func find(in source: any SiteSource) -> (configuration: String, content: String?)? {
        let entries = (try? source.entries(in: "")) ?? []
        for (name, key, defaultFolder) in files where entries.contains(SiteSourceEntry(name: name, kind: .file)) {
            let folder = (try? named(in: name, of: source.followingLinksOutside, key: key)).flatMap { $0 } ?? defaultFolder
            let content = inside(folder)
            return (name, content.flatMap { source.isFolder($0) ? $0 : nil })
        }
        return nil
    }

    /// Whether `name` (from the folder `root` of `source`) is a folder.
    static func isFolder(_ name: String, in root: String, of source: any SiteSource) -> Bool {
        inside(name).map { source.isFolder(FolderWalker.join(root, $0)) } ?? false
    }

    /// `folder` as a path inside the site folder, or `nil` when it is absolute, empty or leaves it.
    static func inside(_ folder: String) -> String? {
        guard !folder.hasPrefix("/"), !folder.contains("\\"), let relative = URLPath.normalize(folder), !relative.isEmpty else { return nil }
        return relative
    }

    /// The folder `key` names in `file`, or `nil` when it names none.
    private static func named(in file: String, of source: any SiteSource, key: [String]) throws -> String? {
        let text = try source.text(of: file, maximumSize: Limits.configurationBytes)
        var values = file.hasSuffix(".toml") ? try FrontMatter(toml: text) : try FrontMatter(yaml: text)
        for part in key.dropLast() {
            guard case .map(let table)? = values[part] else { return nil }
            values = table
        }
        return values[key[key.count - 1]]?.string
    }
}
