import Foundation

/// Where a site's parts are in its ``SiteSource``.
///
/// A source with a `content/` folder is a site (optionally with `sitegen.yml`, `static/`,
/// `templates/`, `data/`, `i18n/`); so is a book or docs folder whose `book.toml` or
/// `mkdocs.yml` names its content folder (`src/`, `docs/`: ``ForeignContentFolder``); any
/// other is taken as the content itself. The folders are paths of the source (`content`,
/// `static`); the source's root is the empty path.
public struct SiteLayout: Sendable {
    /// Where the site's files are read from.
    public private(set) var source: any SiteSource
    /// The Markdown content; empty when it is the source's root.
    public let content: String
    /// Files copied to the output as they are, if the folder exists.
    public let staticFiles: String?
    /// Templates overriding the theme's, if the folder exists.
    public let templates: String?
    /// `data/` (a Jekyll site's `_data/`): YAML and JSON files templates see as `data.NAME`, if
    /// the folder exists.
    public let data: String?
    /// `i18n/`: the words of the theme's interface in each language (`i18n/fr.yml`), if the site has it.
    public let strings: String?
    /// Where ``SiteBuilder/build()`` writes the site: the folder given, else a folder source's
    /// `public/`; `nil` for a source not on disk given none (build it with
    /// ``SiteBuilder/build(into:)`` or ``SiteBuilder/buildInMemory()``).
    public let output: URL?
    /// `sitegen.yml`, or the `--config` file, if it exists: a path of ``configurationSource``.
    let configuration: String?
    /// Where ``configuration`` is read: the site's source, or the folder of a `--config` file.
    let configurationSource: any SiteSource
    /// How messages name ``configuration``: its path in the site, or where a `--config` file
    /// outside the site is.
    let configurationShown: String?
    /// With no ``configuration``: another generator's configuration file (Hugo's `hugo.toml`,
    /// Zola's `config.toml`, Jekyll's `_config.yml`, …; see ``ForeignConfiguration``), if there is one.
    let foreignConfiguration: String?
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
    var contentShown: String { content.isEmpty ? "" : content + "/" }

    /// Finds the parts of the site in the folder `root` (a ``FolderSource``); `configuration`
    /// is a file given in place of its `sitegen.yml` (`--config`).
    public init(root: URL, output: URL? = nil, configuration: URL? = nil) {
        self.init(source: FolderSource(root: root), output: output, configurationFile: configuration)
    }

    /// Finds the parts of the site in `source`; `output` is where ``SiteBuilder/build()``
    /// writes it (by default a folder source's `public/`).
    public init(source: some SiteSource, output: URL? = nil) {
        self.init(source: source, output: output, configurationFile: nil)
    }

    private init(source: any SiteSource, output: URL?, configurationFile: URL?) {
        self.source = source
        let rootEntries = (try? source.entries(in: "")) ?? []
        func existingFolder(_ name: String) -> String? {
            rootEntries.contains(SiteSourceEntry(name: name, kind: .folder)) ? name : nil
        }
        var named: String?
        if let content = existingFolder("content") {
            self.content = content
            staticFiles = existingFolder("static")
            templates = existingFolder("templates")
            data = existingFolder("data")
            strings = existingFolder("i18n")
            contentFolders = [:]
        } else if let (file, folder) = ForeignContentFolder.find(in: source) {
            // A folder that is not there is an error of the configuration's: nothing is read from the site folder instead.
            content = folder ?? ""
            named = file
            staticFiles = nil
            templates = nil
            data = nil
            strings = nil
            contentFolders = [:]
        } else if let hugo = HugoContentFolders(source: source) {
            content = hugo.single ?? ""
            staticFiles = existingFolder("static")
            templates = existingFolder("templates")
            data = existingFolder("data")
            strings = existingFolder("i18n")
            contentFolders = hugo.byLanguage
            contentFolderIsMissing = hugo.missing
        } else {
            content = ""
            staticFiles = nil
            templates = nil
            // A Jekyll site's data files, its pages' `site.data`.
            data = rootEntries.contains { $0.name == "_config.yml" } ? existingFolder("_data") : nil
            strings = nil
            contentFolders = [:]
        }
        let disk = source.folder
        if let configurationFile {
            // A file given to the build is read where it is, links and all: its author chose it.
            let file = configurationFile.standardizedFileURL
            configurationSource = FolderSource(root: file.deletingLastPathComponent(), followsLinksOutside: true)
            configuration = file.lastPathComponent
            configurationShown = disk.map { Self.display(file, root: $0.root) } ?? file.path
        } else {
            configurationSource = source
            configuration = Self.ownConfigurationNames.first { rootEntries.contains(SiteSourceEntry(name: $0, kind: .file)) }
            configurationShown = configuration
        }
        usesOwnConfiguration = configurationFile == nil
        foreignConfiguration = configuration == nil
            ? named ?? ForeignConfiguration.find(in: source, hasContentFolder: !content.isEmpty || !contentFolders.isEmpty || contentFolderIsMissing)
            : nil
        self.output = (output ?? disk?.url(of: "public"))?.standardizedFileURL
    }

    /// This layout with its source following links outside a folder on disk when
    /// `configuration` says so (`followLinksOutside: true`), as everything read after the
    /// configuration is.
    func following(_ configuration: SiteConfiguration) -> SiteLayout {
        guard let disk = source.folder, disk.followsLinksOutside != configuration.followLinksOutside else { return self }
        var layout = self
        layout.source = disk.following(linksOutside: configuration.followLinksOutside)
        return layout
    }

    /// The folder on disk the site is read from, if it is.
    package var folder: URL? {
        source.folder?.root
    }

    /// On disk, the content folder where it really is (a linked `content/` resolved): where a
    /// file watcher sees its files change.
    package var contentOnDisk: URL? {
        guard let disk = source.folder else { return nil }
        return content.isEmpty ? disk.root : disk.url(of: content).resolvingSymlinksInPath()
    }

    /// The names of a site's own configuration file, the first found read: `sitegen.yml`, `sitegen.yaml`.
    package static let ownConfigurationNames = ["sitegen.yml", "sitegen.yaml"]

    /// On disk, the configuration file: `sitegen.yml`, or the `--config` file wherever it is.
    package var configurationURL: URL? {
        guard let configuration, let disk = configurationSource.folder else { return nil }
        return disk.url(of: configuration)
    }

    /// On disk, the URL of a folder of the site (links not resolved).
    package func onDisk(_ path: String?) -> URL? {
        guard let path, let disk = source.folder else { return nil }
        return disk.url(of: path)
    }

    /// How messages name the configuration file read, `sitegen.yml` or another generator's.
    var configurationFileShown: String? {
        configurationShown ?? foreignConfiguration
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

    /// The path in the source of a content path (`posts/a.md` → `content/posts/a.md`).
    func sourcePath(ofContentPath path: String) -> String {
        FolderWalker.join(content, path)
    }

    /// Whether a file of ``templates`` is a template.
    static func isTemplate(_ name: String) -> Bool {
        name.hasSuffix(".mustache")
    }

    /// A path on disk for messages: relative to `root` when inside it.
    static func display(_ url: URL, root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
