#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries below a folder, each with what writing it changes (inode, size, modification
/// and status-change times): taken before a child program runs over a build in the staging
/// folder, and compared with one taken after, so that what the program added or changed
/// there is known, whatever it did.
struct FolderSnapshot: Equatable {
    private struct Entry: Equatable {
        let kind: FileSystem.Kind
        let inode: UInt64
        let size: Int64
        let modified: [Int]
        let changed: [Int]
    }

    private var entries: [String: Entry] = [:]

    /// The entries below `folder`, links not followed.
    init(_ folder: String) {
        var queue = [""]
        while let relative = queue.popLast() {
            for name in FileSystem.entries(of: relative.isEmpty ? folder : folder + "/" + relative) ?? [] {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(folder + "/" + path, &info) == 0 else { continue }
                let kind = FileSystem.kind(ofMode: info.st_mode)
                if kind == .folder {
                    // A folder's times change with its entries, which are compared one by one.
                    entries[path] = Entry(kind: kind, inode: UInt64(info.st_ino), size: 0, modified: [], changed: [])
                    queue.append(path)
                } else {
                    #if os(Linux)
                    let modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
                    let changed = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
                    #else
                    let modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
                    let changed = [Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)]
                    #endif
                    entries[path] = Entry(kind: kind, inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                          modified: modified, changed: changed)
                }
            }
        }
    }

    /// The paths `later` has and this snapshot has not, and those of this snapshot that
    /// `later` lacks or has changed; both sorted.
    func differences(to later: FolderSnapshot) -> (added: [String], changed: [String]) {
        let added = later.entries.keys.filter { entries[$0] == nil }
        // An entry inside an added folder is part of that folder.
        let addedFolders = Set(added.filter { later.entries[$0]?.kind == .folder })
        let topAdded = added.filter { path in !URLPath.ancestors(of: path).contains(where: addedFolders.contains) }
        let changed = entries.filter { path, entry in later.entries[path] != entry }.map(\.key)
        return (topAdded.sorted(), changed.sorted())
    }
}
