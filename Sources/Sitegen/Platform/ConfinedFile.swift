import Foundation

/// Files that a page's tags read (an include, a `readfile`), confined to one folder: a path
/// that climbs out of it (`..`), or a link that leads out of it, reads nothing.
enum ConfinedFile {
    /// The text of the file at `path` (from `folder`; from `root` when it starts with `/`), if
    /// it is a regular file inside `root` of at most `maximumSize` bytes.
    static func text(at path: String, from folder: URL, root: URL, maximumSize: Int) -> String? {
        guard !path.isEmpty, !path.split(separator: "/").contains("..") else { return nil }
        let file = (path.hasPrefix("/") ? root.appendingPathComponent(String(path.dropFirst())) : folder.appendingPathComponent(path))
            .resolvingSymlinksInPath()
        let inside = root.resolvingSymlinksInPath().path + "/"
        guard file.path.hasPrefix(inside), let data = try? RegularFile.contents(of: file.path, maximumSize: maximumSize) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The names of the regular files in `folder`, if it is inside `root`.
    static func names(in folder: URL, root: URL) -> [String] {
        let resolved = folder.resolvingSymlinksInPath()
        guard (resolved.path + "/").hasPrefix(root.resolvingSymlinksInPath().path + "/") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: resolved.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
