import Foundation

/// Where a site's parts are on disk.
///
/// A folder with a `content/` folder is a site root (optionally with `sitegen.yml`, `static/`,
/// `templates/`, `data/`); so is a book or docs folder whose `book.toml` or `mkdocs.yml` names
/// its content folder (`src/`, `docs/`: ``ForeignContentFolder``); any other folder is taken
/// as the content itself.
public struct SiteLayout: Sendable {
    /// The folder given to the build.
    public let root: URL
    /// The Markdown content.
    public let content: URL
    /// Files copied to the output as they are, if the folder exists.
    public let staticFiles: URL?
    /// Templates overriding the theme's, if the folder exists.
    public let templates: URL?
    /// `data/` (a Jekyll site's `_data/`): YAML and JSON files templates see as `data.NAME`, if
    /// the folder exists.
    public let data: URL?
    /// `i18n/`: the words of the theme's interface in each language (`i18n/fr.yml`), if the site has it.
    public let strings: URL?
    /// `sitegen.yml`, or the `--config` file, if it exists.
    public let configuration: URL?
    /// With no ``configuration``: another generator's configuration file (Hugo's `hugo.toml`,
    /// Zola's `config.toml`, Jekyll's `_config.yml`, …; see ``ForeignConfiguration``), if there is one.
    public let foreignConfiguration: URL?
    /// Where the site is written.
    public let output: URL
    /// The folders of ``content`` that hold content, by language code, when not all of it does:
    /// a Hugo site's `contentDir` per language (``HugoContentFolders``). Empty: all of ``content``.
    let contentFolders: [String: String]
    /// Whether ``configuration`` is the site's own `sitegen.yml`, not a file given to the build.
    let usesOwnConfiguration: Bool
    /// Whether the site's Hugo configuration names content folders (`contentDir`) of which none
    /// is there: the build fails rather than read the site folder as content.
    private(set) var contentFolderIsMissing = false
    /// How messages name the content folder: `content/`, a book's `src/`; empty when the
    /// content is the site folder itself.
    let contentShown: String

    /// Finds the parts of the site at `root`.
    public init(root: URL, output: URL? = nil, configuration: URL? = nil) {
        let root = root.standardizedFileURL
        self.root = root
        let fileManager = FileManager.default
        var named: URL?
        // The content folder's name from the site folder, when a configuration names it.
        var shownName: String?
        func existingFolder(_ name: String) -> URL? {
            var isFolder: ObjCBool = false
            let url = root.appendingPathComponent(name)
            return fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue ? url : nil
        }
        if let content = existingFolder("content") {
            // A linked content or static folder is read where it really is.
            self.content = content.resolvingSymlinksInPath()
            staticFiles = existingFolder("static")?.resolvingSymlinksInPath()
            templates = existingFolder("templates")
            data = existingFolder("data")
            strings = existingFolder("i18n")
            contentFolders = [:]
        } else if let (file, folder) = ForeignContentFolder.find(in: root) {
            // A folder that is not there is an error of the configuration's: nothing is read from the site folder instead.
            content = folder?.resolvingSymlinksInPath() ?? root
            named = file
            shownName = folder.map { String($0.path.dropFirst(root.path.count).drop { $0 == "/" }) }
            staticFiles = nil
            templates = nil
            data = nil
            strings = nil
            contentFolders = [:]
        } else if let hugo = HugoContentFolders(root: root) {
            content = hugo.single.map { root.appendingPathComponent($0).resolvingSymlinksInPath() } ?? root
            shownName = hugo.single
            staticFiles = existingFolder("static")?.resolvingSymlinksInPath()
            templates = existingFolder("templates")
            data = existingFolder("data")
            strings = existingFolder("i18n")
            contentFolders = hugo.byLanguage
            contentFolderIsMissing = hugo.missing
        } else {
            content = root
            staticFiles = nil
            templates = nil
            // A Jekyll site's data files, its pages' `site.data`.
            data = fileManager.fileExists(atPath: root.appendingPathComponent("_config.yml").path) ? existingFolder("_data") : nil
            strings = nil
            contentFolders = [:]
        }
        let defaultConfiguration = root.appendingPathComponent("sitegen.yml")
        self.configuration = configuration?.standardizedFileURL
            ?? (fileManager.fileExists(atPath: defaultConfiguration.path) ? defaultConfiguration : nil)
        usesOwnConfiguration = configuration == nil
        foreignConfiguration = self.configuration == nil
            ? named ?? ForeignConfiguration.find(in: root, hasContentFolder: content != root || !contentFolders.isEmpty || contentFolderIsMissing) : nil
        contentShown = content == root ? "" : (shownName ?? "content") + "/"
        self.output = (output ?? root.appendingPathComponent("public")).standardizedFileURL
    }

    /// A content path as the author knows it: `content/posts/a.md` (`posts/a.md` for a bare folder).
    func display(contentPath: String) -> String {
        contentShown + contentPath
    }

    /// The content path of a path from the site folder (a section's `content/docs/_index.md`
    /// is `docs/_index.md`).
    func contentPath(ofSitePath path: String) -> String {
        String(path.dropFirst(contentShown.count))
    }

    /// Whether a file of ``templates`` is a template.
    static func isTemplate(_ name: String) -> Bool {
        name.hasSuffix(".mustache")
    }

    /// A path for messages: relative to the site root when inside it.
    func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
