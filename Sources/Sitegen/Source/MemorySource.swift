import Foundation

/// A site made of documents a program holds in memory: pages from a database or an API,
/// built without a file on disk.
///
/// ```swift
/// let source = try MemorySource([
///     "sitegen.yml": "title: Field notes\nbaseURL: https://example.org/",
///     "content/_index.md": "# Welcome",
///     "content/posts/first.md": "---\ntitle: First\n---\nHello.",
/// ])
/// let builder = SiteBuilder(site: Site(), layout: SiteLayout(source: source))
/// ```
///
/// The paths are those of the files in a site folder (`content/`, `static/`, `templates/`,
/// `data/`, `i18n/`, `sitegen.yml`; see ``SiteLayout``). Folders are made by the paths of the
/// files in them.
public struct MemorySource: SiteSource {
    /// The files' bytes, by path.
    private let files: [String: Data]
    /// The entries of each folder, by the folder's path (`""` for the root), sorted by name.
    private let folders: [String: [SiteSourceEntry]]

    /// A source of text documents, by path: Markdown, `sitegen.yml`, templates, data files.
    ///
    /// - Throws: ``SiteError`` naming a path that cannot be a file's (see ``init(_:)-(Dictionary<String,Data>)``).
    public init(_ documents: [String: String]) throws(SiteError) {
        try self.init(documents.mapValues { Data($0.utf8) })
    }

    /// A source of files, by path: Markdown and other text as UTF-8, images and other static
    /// files as they are.
    ///
    /// - Throws: ``SiteError`` naming a path that cannot be a file's: one that starts with `/`,
    ///   has an empty, `.` or `..` component (`../secret`, `a//b`), holds a NUL byte or a
    ///   backslash, or is both a file and a folder (`a` and `a/b`).
    public init(_ files: [String: Data]) throws(SiteError) {
        var folders: [String: [String: SiteSourceEntry.Kind]] = ["": [:]]
        for path in files.keys.sorted() {
            try Self.check(path)
            let names = path.split(separator: "/").map(String.init)
            var folder = ""
            for (index, name) in names.enumerated() {
                let kind: SiteSourceEntry.Kind = index == names.count - 1 ? .file : .folder
                if let known = folders[folder]?[name], known != kind {
                    throw SiteError(file: Self.join(folder, name), "is both a file and a folder of the site's documents; rename one")
                }
                folders[folder, default: [:]][name] = kind
                folder = Self.join(folder, name)
                if kind == .folder, folders[folder] == nil { folders[folder] = [:] }
            }
        }
        self.files = files
        self.folders = folders.mapValues { names in names.map { SiteSourceEntry(name: $0.key, kind: $0.value) }.sorted { $0.name < $1.name } }
    }

    /// The files and folders directly in `folder`, sorted by name.
    ///
    /// - Throws: ``SiteError`` when `folder` is not a folder of the documents.
    public func entries(in folder: String) throws -> [SiteSourceEntry] {
        guard let entries = folders[folder] else {
            throw SiteError(file: folder, files[folder] == nil ? "is not a folder of the site's documents" : "is a file, not a folder")
        }
        return entries
    }

    /// The bytes of the document at `file`.
    ///
    /// - Throws: ``SiteError`` when `file` is not a document, or holds more than `maximumSize` bytes.
    public func contents(of file: String, maximumSize: Int) throws -> Data {
        guard let data = files[file] else {
            throw SiteError(file: file, folders[file] == nil ? "is not a file of the site's documents" : "is a folder, not a file")
        }
        guard data.count <= maximumSize else { throw SiteError(file: file, RegularFile.tooLarge(data.count, maximumSize)) }
        return data
    }

    /// Refuses a path that is not a plain relative path.
    private static func check(_ path: String) throws(SiteError) {
        let shown = path.debugDescription
        if path.isEmpty { throw SiteError("a document has an empty path; give each one a path such as content/posts/hello.md") }
        if path.hasPrefix("/") { throw SiteError(file: shown, "starts with /; a document's path is relative to the site, such as content/hello.md") }
        if path.contains("\\") || path.utf8.contains(0) {
            throw SiteError(file: shown, "holds a backslash or a NUL byte; separate folders with /")
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { throw SiteError(file: shown, "has an empty component (// or a / at the end); remove it") }
            if component == "." || component == ".." {
                throw SiteError(file: shown, "has a `\(component)` component; a document's path names its folders from the site's root")
            }
        }
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }
}
