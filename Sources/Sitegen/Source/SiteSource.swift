import Foundation

/// Where a build reads a site's files: a folder on disk (``FolderSource``), documents a
/// program holds in memory (``MemorySource``), or a source of your own (a database, an API).
///
/// Paths are relative to the source's root, with `/` between names and no empty, `.` or `..`
/// component: `content/posts/hello.md`, `sitegen.yml`; the root itself is the empty path. A
/// source needs only to list a folder and to read a file; the build walks the folders itself,
/// leaves out hidden names (`.git`) as it does on disk, and bounds how deep and how many.
///
/// Everything a build reads comes through its source: content, static files, data files,
/// templates, `i18n/`, `sitegen.yml` and other generators' files. A source that is not a
/// folder on disk is never read through the file system: links, file stamps and the output
/// folder are the disk's alone.
public protocol SiteSource: Sendable {
    /// The entries directly inside the folder at `folder` (`""` for the root), in any order.
    ///
    /// - Throws: any error when the folder is not there or cannot be listed; the build reports
    ///   it at the folder.
    func entries(in folder: String) throws -> [SiteSourceEntry]

    /// The bytes of the file at `file`.
    ///
    /// - Throws: any error when the file is not there, cannot be read, or holds more than
    ///   `maximumSize` bytes (a build bounds every file it reads whole); a ``SiteError``'s
    ///   message is shown as it is, after the file's path.
    func contents(of file: String, maximumSize: Int) throws -> Data

    /// The text of the file at `file` (UTF-8; a byte that is not becomes U+FFFD), at most
    /// `maximumSize` bytes. Give it only when you can make the text faster than from
    /// ``contents(of:maximumSize:)``.
    func text(of file: String, maximumSize: Int) throws -> String
}

extension SiteSource {
    /// The text of ``contents(of:maximumSize:)``.
    public func text(of file: String, maximumSize: Int) throws -> String {
        String(decoding: try contents(of: file, maximumSize: maximumSize), as: UTF8.self)
    }

    /// ``contents(of:maximumSize:)``, failing with a ``SiteError`` at `shown` (how messages
    /// name the file: `data/authors.yml`).
    func read(_ file: String, maximumSize: Int, shownAs shown: String) throws(SiteError) -> Data {
        do {
            return try contents(of: file, maximumSize: maximumSize)
        } catch {
            throw Self.failure(error, shownAs: shown)
        }
    }

    /// ``text(of:maximumSize:)``, checked to be UTF-8 (``UTF8Problem``), failing with a
    /// ``SiteError`` at `shown`.
    func readText(_ file: String, maximumSize: Int, shownAs shown: String) throws(SiteError) -> String {
        let text: String
        let problem: UTF8Problem?
        do {
            text = try self.text(of: file, maximumSize: maximumSize)
            problem = try UTF8Problem.of(text) { try contents(of: file, maximumSize: maximumSize) }
        } catch {
            throw Self.failure(error, shownAs: shown)
        }
        if let problem { throw SiteError(file: shown, line: problem.line, problem.message) }
        return text
    }

    /// What a source's error says, at the file as the author knows it.
    static func failure(_ error: any Error, shownAs shown: String) -> SiteError {
        if let error = error as? SiteError { return SiteError(file: shown, error.message) }
        return SiteError(file: shown, "cannot read the file: \(error)")
    }

    /// What the entry at `path` is, if its folder lists it; the root is a folder.
    func kind(of path: String) -> SiteSourceEntry.Kind? {
        guard !path.isEmpty else { return .folder }
        let folder = URLPath.folder(of: path), name = URLPath.lastComponent(of: path)
        return (try? entries(in: folder))?.first { $0.name == name }?.kind
    }

    /// Whether `path` is a folder of the source.
    func isFolder(_ path: String) -> Bool {
        kind(of: path) == .folder
    }

    /// Whether `path` is a file of the source.
    func isFile(_ path: String) -> Bool {
        kind(of: path) == .file
    }

    /// This source following links outside a folder on disk: for a first look at a
    /// configuration file, to find the site's folders, before the build refuses a link to
    /// outside the site with a message that says what to do (``SiteBuilder``'s loading).
    var followingLinksOutside: any SiteSource {
        folder?.following(linksOutside: true) ?? self
    }

    /// The folder on disk this source reads, if it is one.
    var folder: FolderSource? {
        self as? FolderSource
    }
}
