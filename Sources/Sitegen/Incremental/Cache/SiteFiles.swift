import Foundation
import SitegenLimits

/// The stamp of every file of a site folder (and of a configuration file given from outside
/// it): what a cached build compares to say that nothing changed, and which files did.
/// Left out: the output folder, sitegen's own entries beside it (`.sitegen-*`), and version
/// control folders (`.git`, `.hg`, `.svn`).
struct SiteFiles: Equatable {
    /// Each file's stamp, by absolute path.
    private(set) var stamps: [String: FileStamp] = [:]
    /// Whether the walk saw everything a build could read: no link to a folder (whose files
    /// the walk does not follow), nothing nested past ``Limits/folderDepth``.
    private(set) var isComplete = true

    /// The files of the site at `layout`, in `siteFolder`, built into `output`.
    init(layout: SiteLayout, siteFolder: URL, output: URL) {
        let output = FileSystem.realPath(output.path)
        walk(siteFolder.standardizedFileURL.path, output: output, depth: 0)
        if let configuration = layout.configurationURL?.standardizedFileURL.path, stamps[configuration] == nil {
            stamps[configuration] = FileStamp(sourceAt: configuration)
        }
    }

    init(stamps: [String: FileStamp]) {
        self.stamps = stamps
    }

    private mutating func walk(_ folder: String, output: String, depth: Int) {
        guard depth < Limits.folderDepth, case .success(let entries) = FolderEntry.entries(of: folder) else {
            isComplete = false
            return
        }
        // A name that is not UTF-8 is noted by its bytes (the loader warns of it): a file of
        // such a name added or gone is a change, and the build says so again.
        let names = entries.map { String(checkedUTF8: $0.name) ?? Self.unreadableName($0.name) }
        let kept = names.indices.filter { !names[$0].hasPrefix(".sitegen-") && ![".git", ".hg", ".svn"].contains(names[$0]) }
        // One `lstat` an entry (its kind and stamp), on all cores in a big folder.
        let statuses = FileSystem.read(kept.count, entriesOf: folder) { folder, index in
            var info = stat()
            let found = (entries[kept[index]].name + [0]).withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { fstatat(folder, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0 }
            }
            return found ? (FileSystem.kind(ofMode: info.st_mode), FileStamp(sourceStatus: info)) : nil
        }
        for (index, status) in zip(kept, statuses) {
            guard let (kind, stamp) = status else { continue }
            let path = folder + "/" + names[index]
            if names[index].hasPrefix(Self.unreadableMark) {
                stamps[path] = stamp
                continue
            }
            switch kind {
            case .folder:
                if FileSystem.realPath(path) != output { walk(path, output: output, depth: depth + 1) }
            case .link:
                if FileSystem.resolved(path).flatMap(FileSystem.kind) == .folder { isComplete = false }
                if let stamp = FileStamp(sourceAt: path) { stamps[path] = stamp }
            case .file:
                stamps[path] = stamp
            case .other:
                break
            }
        }
    }

    /// What starts the name noted for one that is not UTF-8: no file name holds it.
    private static let unreadableMark = "\u{0}"

    /// The name noted for `bytes`, which are not UTF-8: the mark, then the bytes in hexadecimal.
    private static func unreadableName(_ bytes: [UInt8]) -> String {
        unreadableMark + bytes.map { String($0, radix: 16) }.joined(separator: " ")
    }

    /// The files that differ from `earlier`: changed, added or gone.
    func changes(since earlier: SiteFiles) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in stamps where earlier.stamps[path] != stamp { changed.insert(path) }
        for path in earlier.stamps.keys where stamps[path] == nil { changed.insert(path) }
        return changed
    }
}
