import Foundation

/// Files that a page's tags read (an include, a `readfile`, a layout), confined to one folder
/// of the site's source: a path that climbs out of it (`..`), or a link that leads out of it
/// or out of the site folder (but with `followLinksOutside`), reads nothing.
enum ConfinedFile {
    /// The text of the file at `path` (from the folder `folder`; from `root` when it starts with
    /// `/`), if it is a file inside the folder `root` of at most `maximumSize` bytes. Folders
    /// are paths of `source`.
    static func text(at path: String, from folder: String, root: String, in source: any SiteSource, maximumSize: Int) -> String? {
        guard !path.isEmpty, !path.split(separator: "/").contains(".."),
              let file = URLPath.normalize(path.hasPrefix("/") ? FolderWalker.join(root, String(path.dropFirst()))
                                           : FolderWalker.join(folder, path)), !file.isEmpty else { return nil }
        guard let disk = source.folder else { return try? source.text(of: file, maximumSize: maximumSize) }
        // On disk, the file's real path: a link inside the folder may lead out of it.
        let real = URL(fileURLWithPath: disk.diskPath(file)).resolvingSymlinksInPath()
        let inside = URL(fileURLWithPath: disk.diskPath(root)).resolvingSymlinksInPath().path + "/"
        // Inside the folder `root`, and inside the site folder too (a `_layouts` that links out of the site reads nothing).
        guard real.path.hasPrefix(inside), disk.allows(real.path),
              let data = try? RegularFile.contents(of: real.path, maximumSize: maximumSize) else { return nil }
        // An include or layout saved with a byte order mark is its text without it.
        let text = String(decoding: data, as: UTF8.self)
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// The names of the files in the folder `folder` of `source`, if it is inside `root`.
    static func names(in folder: String, root: String, source: any SiteSource) -> [String] {
        guard let disk = source.folder else {
            return ((try? source.entries(in: folder)) ?? []).filter { $0.kind == .file }.map(\.name)
        }
        let resolved = URL(fileURLWithPath: disk.diskPath(folder)).resolvingSymlinksInPath()
        guard (resolved.path + "/").hasPrefix(URL(fileURLWithPath: disk.diskPath(root)).resolvingSymlinksInPath().path + "/"),
              disk.allows(resolved.path) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: resolved.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
