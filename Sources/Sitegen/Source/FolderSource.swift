import Foundation

/// A site read from a folder on disk: what `sitegen build` reads.
///
/// Nothing outside the folder is read unless the site asks for it: a file or folder reached
/// through a symbolic link whose real target lies outside the folder is refused, unless the
/// site's `sitegen.yml` says `followLinksOutside: true`. A FIFO, socket or device is never
/// opened. Walks of its folders say once, as a warning, what they leave out and why.
public struct FolderSource: SiteSource {
    /// The folder, as given.
    public let root: URL
    /// The folder's path, standardized (not resolved: messages name what the author wrote).
    let rootPath: String
    /// The folder's real path, links resolved: what every real path read must lie in.
    let realRoot: String
    /// Whether links that lead outside the folder are followed.
    let followsLinksOutside: Bool

    /// The site in the folder at `root`.
    public init(root: URL) {
        self.init(root: root, followsLinksOutside: false)
    }

    init(root: URL, followsLinksOutside: Bool) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
        realRoot = FileSystem.resolved(rootPath) ?? rootPath
        self.followsLinksOutside = followsLinksOutside
    }

    /// The same folder, following links outside it or not (the site's `followLinksOutside`,
    /// known once its configuration is read).
    func following(linksOutside: Bool) -> FolderSource {
        linksOutside == followsLinksOutside ? self : FolderSource(root: root, followsLinksOutside: linksOutside)
    }

    /// The path on disk of a path of the source.
    func diskPath(_ path: String) -> String {
        path.isEmpty ? rootPath : (rootPath == "/" ? "/" : rootPath + "/") + path
    }

    /// The URL on disk of a path of the source.
    func url(of path: String) -> URL {
        path.isEmpty ? root : root.appendingPathComponent(path)
    }

    /// Whether a real path may be read: inside the folder, or anywhere when links outside
    /// are followed.
    func allows(_ real: String) -> Bool {
        followsLinksOutside || realRoot == "/" || real == realRoot || real.hasPrefix(realRoot + "/")
    }

    /// The real path of `path`, if it is there and may be read.
    func realPath(of path: String) throws(SiteError) -> String {
        guard let real = FileSystem.resolved(diskPath(path)) else {
            throw SiteError(file: path, "cannot read the file: \(RegularFile.lastError())")
        }
        guard allows(real) else {
            throw SiteError(file: path, "is a link to \(real), outside the site folder; "
                            + "set `followLinksOutside: true` in sitegen.yml to allow it")
        }
        return real
    }

    /// The entries of `folder`, links followed to what they lead to (a link that leads nowhere
    /// is left out; a folder reached through a link outside the site is refused); a FIFO,
    /// socket or device is listed as a file, which ``contents(of:maximumSize:)`` refuses to read.
    public func entries(in folder: String) throws -> [SiteSourceEntry] {
        let real = try realPath(of: folder)
        switch FolderEntry.entries(of: real) {
        case .success(let found):
            return found.compactMap { entry in
                guard let name = String(checkedUTF8: entry.name) else { return nil }
                let path = real + "/" + name
                let kind = entry.kind(at: path) == .link ? EntryStatus(path, followingLinks: true)?.kind : entry.kind(at: path)
                // A FIFO, socket or device is listed as a file: reading it is refused with a message
                // that says what it is (RegularFile), where leaving it out would say nothing.
                switch kind {
                case .folder?: return SiteSourceEntry(name: name, kind: .folder)
                case nil: return nil
                default: return SiteSourceEntry(name: name, kind: .file)
                }
            }
        case .failure(let failure):
            throw SiteError(file: folder, "cannot read the folder (\(failure.message))")
        }
    }

    /// The bytes of the regular file at `file`, read through links that stay inside the folder.
    ///
    /// - Throws: ``SiteError`` when the file is not there, is a link to outside the folder, is
    ///   not a regular file, cannot be read, or holds more than `maximumSize` bytes.
    public func contents(of file: String, maximumSize: Int) throws -> Data {
        let real = try realPath(of: file)
        do {
            return try RegularFile.contents(of: real, maximumSize: maximumSize)
        } catch {
            throw SiteError(file: file, error.reason)
        }
    }

    /// ``contents(of:maximumSize:)`` as text, read straight into the string's storage.
    public func text(of file: String, maximumSize: Int) throws -> String {
        let real = try realPath(of: file)
        do {
            return try RegularFile.text(of: real, maximumSize: maximumSize)
        } catch {
            throw SiteError(file: file, error.reason)
        }
    }
}
