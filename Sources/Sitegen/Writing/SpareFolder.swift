import Foundation

/// The output folder as the build before it left it, kept by cached builds (`--cache`) beside
/// the output folder as `.sitegen-spare-NAME` instead of being taken apart after the swap.
///
/// The spare and the output folder share every file that did not change between the two
/// builds (hard links of one file), so the next cached build stages itself in the spare: it
/// removes the files that differ (``Record/changed``), writes the outputs that changed, and
/// swaps the spare in as ``OutputFolder`` swaps any staging folder; the output folder it
/// replaces becomes the next spare. A build of one changed page then touches a few files
/// instead of linking every file of the site into a new folder and taking the old one apart.
///
/// The spare is used only when everything is as the record says: the output folder's manifest
/// is the one the record was made with, every folder of the spare (its top too) has the stamp
/// it had, and every folder of the output folder whose stamp changed since (or changed within
/// a tick of the clock of the reading) holds the same entries of the user's as the spare's.
/// Otherwise it is removed and the build stages itself in a new folder.
struct SpareFolder {
    /// What a build noted of the spare it left and of the output folder, for the next build.
    struct Record: Sendable, Equatable {
        /// The stamp of the output folder's manifest as the build left it: the spare goes only
        /// with that output.
        var manifest: FileStamp
        /// The stamp of the spare's top folder, which changes with any of its entries.
        var spareTop: FileStamp
        /// Files in which the spare and the output folder differ: written anew by the build, or
        /// removed by it. Every other file of the manifest is one file in both.
        var changed: [String]
        /// Folders of the spare that the output folder no longer has.
        var goneFolders: [String]
        /// The stamp of each folder of the output folder (its top excepted): sitegen's and the user's.
        var outputFolders: [String: FileStamp]
        /// The stamp of each folder of the spare (its top excepted).
        var spareFolders: [String: FileStamp]
        /// When the stamps were read: a folder changed so close before can change again and keep
        /// its stamp (see ``FileStamp/isRacy(with:)``), and is listed again.
        var readAt: Date
    }

    /// The spare once taken as the staging folder of a build.
    struct Taken: Sendable {
        /// The files of the output folder's manifest that the spare holds as they are there.
        let present: Set<String>
        /// The stamp of each folder of the output folder when the build began.
        let outputFolders: [String: FileStamp]
        /// When those stamps were read.
        let readAt: Date
        /// The stamp of each folder of the spare as taken.
        let spareFolders: [String: FileStamp]
        /// Folders of the spare whose entries changed as it was taken.
        let touched: Set<String>
    }

    /// Where the spare of the output folder `target` (a real path) is kept.
    static func path(for target: String) -> String {
        URLPath.folder(of: target) + "/" + sparePrefix + URLPath.lastComponent(of: target)
    }

    /// What the name of a spare starts with, before its output folder's.
    private static let sparePrefix = ".sitegen-spare-"

    /// Checks the spare now at `folder` against `record` and the output folder `output` (whose
    /// manifest is `manifest`), and removes from it the files that differ from the output
    /// folder's; `nil` when it cannot stand for the output folder (the caller removes it).
    static func take(_ folder: String, record: Record, output: String, manifest: OutputManifest) -> Taken? {
        // Every recorded folder is reached through recorded folders (never through a link).
        let spareFolders = record.spareFolders
        guard spareFolders.keys.allSatisfy({ OutputManifest.isPlainPath($0) && isInside($0, spareFolders) }),
              record.outputFolders.keys.allSatisfy({ OutputManifest.isPlainPath($0) && isInside($0, record.outputFolders) }),
              record.changed.allSatisfy(OutputManifest.isPlainPath),
              record.goneFolders.allSatisfy({ spareFolders[$0] != nil }) else { return nil }
        let readAt = Date()
        guard let spareNow = stamps(of: Array(spareFolders.keys), in: folder), spareNow == spareFolders else { return nil }
        let outputFolders = Array(record.outputFolders.keys)
        var outputNow: [String: FileStamp] = [:]
        var listed = [""]
        for (path, stamp) in zip(outputFolders, readStamps(of: outputFolders, in: output)) {
            if let stamp {
                outputNow[path] = stamp
                continue
            }
            // A folder of the user's they removed: the one above it is listed. One of sitegen's
            // gone, or anything in a folder's place, is not as the record says.
            guard !manifest.owns(path), FileSystem.kind(output + "/" + path) == nil else { return nil }
            listed.append(URLPath.folder(of: path))
        }
        let differing = Set(record.changed).union(record.goneFolders)
        let owned: @Sendable (String) -> Bool = { manifest.owns($0) || differing.containsExactly($0) }
        for (path, stamp) in outputNow where stamp != record.outputFolders[path] || stamp.isRacy(with: record.readAt) {
            listed.append(path)
        }
        for (path, stamp) in spareNow where stamp.isRacy(with: record.readAt) && outputNow[path] != nil { listed.append(path) }
        // A folder whose entries of the user's differ: the output's are the user's as they are now.
        var reconciled: Set<String> = []
        for path in Set(listed) where !holdSameUserEntries(path, output, folder, owned: owned) {
            guard takeUserEntries(path, from: output, into: folder, owned: owned, recorded: { spareFolders[$0] != nil }),
                  holdSameUserEntries(path, output, folder, owned: owned) else { return nil }
            reconciled.insert(path)
        }
        // A file in a folder the spare does not have is not in it either.
        for path in record.changed where isInside(path, spareFolders) { FileSystem.removeFile(folder + "/" + path) }
        for path in record.goneFolders.sorted(by: { $0.count > $1.count }) { FileSystem.removeEmptyFolder(folder + "/" + path) }
        let touched = Set(record.changed.map(URLPath.folder(of:)) + record.goneFolders.map(URLPath.folder(of:))).union(reconciled)
        // The record's stamps of the spare (equal to those read) are kept, not a copy.
        return Taken(present: manifest.files.subtracting(record.changed), outputFolders: outputNow, readAt: readAt,
                     spareFolders: record.spareFolders, touched: touched)
    }

    /// Removes the spare at `folder` (or whatever is at its path) but for what sitegen did not
    /// write there: it removes the entries the spare's own manifest lists, those that are the
    /// output folder `output`'s own entries at the same path (hard links of one file), the
    /// staging folders of killed builds, and the folders of sitegen's that leaves empty (those
    /// the manifest lists or the output folder has). Returns the paths of the entries it left,
    /// the user's or those it could not remove (`.` for an entry at `folder` that is not a
    /// folder); none when it is gone.
    static func remove(_ folder: String, beside output: String) -> [String] {
        guard let kind = FileSystem.kind(folder) else { return [] }
        guard kind == .folder else { return ["."] }
        // Walked through open folders, never through a path again: a folder swapped for a link
        // while the walk goes is not followed.
        let top = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard top >= 0 else { return ["."] }
        defer { close(top) }
        let manifest = OutputManifest.read(from: folder) ?? OutputManifest()
        var left: [String] = []
        // Whether everything in the open folder `descriptor` (at `relative`) went. Deeper than
        // any output's folders, a folder is left as it is.
        func remove(_ relative: String, in descriptor: Int32, depth: Int) -> Bool {
            guard depth <= 256, case .success(let entries) = FolderEntry.entries(ofOpen: descriptor) else {
                left.append(relative.isEmpty ? "." : relative)
                return false
            }
            var emptied = true
            for entry in entries {
                let name = String(decoding: entry.name, as: UTF8.self)
                guard !(relative.isEmpty && name == OutputManifest.fileName) else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                let done = (entry.name + [0]).withUnsafeBufferPointer { bytes -> Bool in
                    let cName = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                    var info = stat()
                    guard fstatat(descriptor, cName, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return true }
                    // A name that is not UTF-8 is never one sitegen wrote, nor anything below it.
                    let readable = Array(name.utf8) == entry.name
                    if FileSystem.kind(ofMode: info.st_mode) == .folder {
                        // A staging folder a killed build left in the output it was made from.
                        if relative.isEmpty && readable && OutputFolder.isLeftover(name, prefix: ".sitegen-staging-") {
                            FileSystem.removeTree(folder + "/" + name)
                            return true
                        }
                        let child = readable ? openat(descriptor, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1
                        guard child >= 0 else {
                            left.append(path)
                            return false
                        }
                        // A folder that is not removed though nothing was left in it is told as it is.
                        let inside = remove(path, in: child, depth: depth + 1)
                        close(child)
                        // A folder sitegen did not make (an empty one of the user's) stays.
                        guard inside, manifest.folders.containsExactly(path) || FileSystem.kind(output + "/" + path) == .folder,
                              unlinkat(descriptor, cName, AT_REMOVEDIR) == 0 else {
                            if inside { left.append(path) }
                            return false
                        }
                        return true
                    }
                    let sitegens = manifest.files.containsExactly(path)
                        || FileSystem.entryIdentity(output + "/" + path) == [UInt64(info.st_dev), UInt64(info.st_ino)]
                    guard readable, sitegens else {
                        left.append(path)
                        return false
                    }
                    unlinkat(descriptor, cName, 0)
                    return true
                }
                if !done { emptied = false }
            }
            return emptied
        }
        _ = remove("", in: top, depth: 0)
        // The manifest goes last, once nothing of the user's is left: until then it tells what is sitegen's.
        if left.isEmpty {
            unlinkat(top, OutputManifest.fileName, 0)
            FileSystem.removeEmptyFolder(folder)
        }
        return left.sorted()
    }

    /// Whether the folder `path` is in is the top or in `folders` (for a folder of `folders`:
    /// every folder above it is, as each has its own above it).
    private static func isInside(_ path: String, _ folders: [String: FileStamp]) -> Bool {
        let folder = URLPath.folder(of: path)
        return folder.isEmpty || folders[folder] != nil
    }

    /// The warning for the spare at `path` (``path(for:)``), which holds what
    /// ``remove(_:beside:)`` leaves, named (the first few); `cached`: the build keeps a spare.
    static func leftWarning(_ path: String, cached: Bool) -> SiteError {
        let target = URLPath.folder(of: path) + "/" + URLPath.lastComponent(of: path).dropFirst(sparePrefix.count)
        let left = remove(path, beside: target)
        guard left != ["."] else {
            return SiteError(file: path, "is not a folder sitegen made (a link or a file), and stays there"
                             + (cached ? "; until it is moved away, no spare is kept and each cached build stages the whole output anew" : ""))
        }
        let named = left.prefix(3).joined(separator: ", ") + (left.count > 3 ? " and \(left.count - 3) more" : "")
        return SiteError(file: path, "holds files sitegen did not write (or could not remove), which stay there: \(named)"
                         + (cached ? "; until they are moved out, no spare is kept and each cached build stages the whole output anew" : ""))
    }

    /// The stamp of each of `folders` (relative paths) in `root`, read on all cores; `nil` when
    /// one is gone or no longer a folder.
    static func stamps(of folders: [String], in root: String) -> [String: FileStamp]? {
        let read = readStamps(of: folders, in: root)
        var stamps: [String: FileStamp] = [:]
        stamps.reserveCapacity(folders.count)
        for (path, stamp) in zip(folders, read) {
            guard let stamp else { return nil }
            stamps[path] = stamp
        }
        return stamps
    }

    /// The stamp of each of `folders` (relative paths) in `root`, in their order, read on all
    /// cores from the open folder each is in (no walk of the path to it each time); `nil` for
    /// one that is gone or not a folder (all, when `root` cannot be opened).
    static func readStamps(of folders: [String], in root: String) -> [FileStamp?] {
        FileSystem.read(folders, inFoldersOf: root) { FileStamp(folderAt: $1, in: $0) }
    }

    /// Whether the folder `relative` of `first` and of `second` holds the same entries that
    /// `owned` does not claim (the user's): the same files (one file in both, by its inode),
    /// folders in both. At the top, sitegen's own entries are left out.
    static func holdSameUserEntries(_ relative: String, _ first: String, _ second: String,
                                    owned: (String) -> Bool) -> Bool {
        guard let these = userEntries(relative, in: first, owned: owned), let those = userEntries(relative, in: second, owned: owned),
              these.count == those.count else { return false }
        for (path, kind) in these {
            guard let other = those[path], kind == other else { return false }
            if kind != .folder && FileSystem.entryIdentity(first + "/" + path) != FileSystem.entryIdentity(second + "/" + path) {
                return false
            }
        }
        return true
    }

    /// The folders inside the folder `relative` of `root`, at any depth, as paths from `root`;
    /// `nil` when one cannot be listed.
    private static func foldersInside(_ root: String, _ relative: String) -> [String]? {
        guard case .success(let entries) = FolderEntry.entries(of: root + "/" + relative) else { return nil }
        var found: [String] = []
        for entry in entries {
            let path = relative + "/" + String(decoding: entry.name, as: UTF8.self)
            guard entry.kind(at: root + "/" + path) == .folder else { continue }
            guard let inside = foldersInside(root, path) else { return nil }
            found += [path] + inside
        }
        return found
    }

    /// The entries of the user's (not `owned`) in the folder `relative` of `root`, by path, with
    /// their kinds; `nil` when it cannot be listed.
    private static func userEntries(_ relative: String, in root: String, owned: (String) -> Bool) -> [String: FileSystem.Kind?]? {
        let folder = relative.isEmpty ? root : root + "/" + relative
        let entries: [FolderEntry]
        switch FolderEntry.entries(of: folder) {
        case .success(let listed): entries = listed
        // A folder one side does not have holds nothing of the user's there (were it the
        // user's, its folder above would show it).
        case .failure(let error) where error.code == ENOENT && !relative.isEmpty: entries = []
        case .failure: return nil
        }
        var found: [String: FileSystem.Kind?] = [:]
        for entry in entries {
            let name = String(decoding: entry.name, as: UTF8.self)
            if relative.isEmpty && name.hasPrefix(".sitegen-") { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            if !owned(path) { found[path] = entry.kind(at: folder + "/" + name) }
        }
        return found
    }

    /// Makes the files and links of the user's in the spare's folder `relative` those of the
    /// output folder's: a spare's folders are as the record says (their stamps were checked),
    /// so each such entry of the spare is the twin (a hard link) sitegen made of one the output
    /// held when the spare was kept; one whose twin the user changed by a rename, replaced or
    /// removed goes (a folder of the user's the output no longer has goes whole, when each
    /// folder in it is `recorded`), and what the output holds instead is linked in. False when
    /// it cannot be done, or the output has a folder of the user's the spare has not (the
    /// spare is then not used).
    private static func takeUserEntries(_ relative: String, from output: String, into spare: String, owned: (String) -> Bool,
                                        recorded: (String) -> Bool) -> Bool {
        guard let outputs = userEntries(relative, in: output, owned: owned), let spares = userEntries(relative, in: spare, owned: owned),
              spares.allSatisfy({ $0.value != nil }), outputs.allSatisfy({ $0.value != nil }) else { return false }
        for (path, kind) in spares where kind != .folder {
            if outputs[path] != kind || FileSystem.entryIdentity(output + "/" + path) != FileSystem.entryIdentity(spare + "/" + path) {
                guard unlink(spare + "/" + path) == 0 else { return false }
            }
        }
        for (path, kind) in spares where kind == .folder && outputs[path] != .folder {
            guard recorded(path), foldersInside(spare, path).map({ $0.allSatisfy(recorded) }) == true else { return false }
            FileSystem.removeTree(spare + "/" + path)
            guard FileSystem.kind(spare + "/" + path) == nil else { return false }
        }
        for (path, kind) in outputs {
            if kind == .folder {
                guard spares[path] == .folder else { return false }
                continue
            }
            if FileSystem.entryIdentity(spare + "/" + path) != FileSystem.entryIdentity(output + "/" + path) {
                guard FileSystem.hardLink(output + "/" + path, to: spare + "/" + path) == nil else { return false }
            }
        }
        return true
    }
}
