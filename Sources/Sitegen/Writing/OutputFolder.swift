import Foundation
import Synchronization

/// Where a build writes on disk. Nothing in the output folder changes until ``commit()``,
/// after the whole build succeeded; a failed or killed build leaves it exactly as it was.
///
/// The build is written into a staging folder beside the output folder. At commit, the
/// entries of the output folder that sitegen did not write (by the ``OutputManifest`` of the
/// build before: `.git/`, `CNAME`, notes) are hard-linked into the staging folder, untouched,
/// and the two folders are swapped in one step (`renameat2` with `RENAME_EXCHANGE`), so the
/// output folder is never missing nor half made. Where a swap cannot be made (the output
/// folder is a mount point; a file system without hard links or the exchange), the staging
/// folder is made inside the output folder and its files are moved into place one by one.
/// Either way only files listed in the manifest are ever replaced or removed: a file sitegen
/// did not write that this build would replace is an error, and nothing changes. Carried
/// folders keep their permissions, owner, times and extended attributes (not their inode: the
/// files in them keep theirs); nothing is moved or removed through a user's link. Commits to
/// one folder take a lock and read the manifest under it, so builds running at once each land
/// whole. Leftovers of a killed build are removed by the next one. A cached build keeps the
/// output folder it replaces as the next build's staging folder (``SpareFolder``).
final class OutputFolder: Sendable {
    /// The folder the site ends up in, as given.
    let destination: URL
    /// The output folder with its links resolved: the folder that is swapped or changed.
    private let target: String
    /// The folder being written.
    private let staging: String
    /// The staging folder, which holds the build's files until commit.
    var stagingFolder: String { staging }
    /// Whether the staging folder is swapped in whole (else its files are moved in one by one).
    private let swapsWhole: Bool
    private let written = Mutex<OutputManifest>(OutputManifest())
    /// Whether ``commit()`` leaves the removal of the build before to a background thread,
    /// which ``finishRemoval()`` waits for (a caller with other work to do meanwhile).
    private let removesInBackground: Bool
    private let removal = DispatchGroup()
    /// The manifest of the build before as it was when this build began, with the stamp of its
    /// file: read once, and again at commit only if the file changed meanwhile.
    private let openedManifest: (stamp: FileStamp, manifest: OutputManifest)?
    /// Whether the build before is kept as the next build's ``SpareFolder`` instead of taken apart.
    private let keepsSpare: Bool
    /// The spare of cached builds when this build, which keeps none, left entries of the
    /// user's there (``SpareFolder/remove(_:beside:)``).
    let spareLeft: String?
    /// The spare this build is staged in, when it could be taken.
    private let spare: SpareFolder.Taken?
    /// Files this build wrote anew (not linked from the output folder).
    private let fresh = Mutex<Set<String>>([])
    /// Folders of the spare whose entries this build changed (their stamps are read again).
    private let touched = Mutex<Set<String>>([])
    /// What the build noted of the spare it left, once committed.
    private let leftSpare = Mutex<SpareFolder.Record?>(nil)

    /// A staging folder for the output folder `destination`. With `keepsSpare` (a cached
    /// build), the build is staged in the ``SpareFolder`` that `spare` describes when it can
    /// stand for the output folder, and the output folder it replaces is kept as the next spare.
    init(destination: URL, removesInBackground: Bool = false, keepsSpare: Bool = false, spare record: SpareFolder.Record? = nil) throws {
        self.destination = destination
        self.removesInBackground = removesInBackground
        self.keepsSpare = keepsSpare
        let target = FileSystem.realPath(destination.path)
        self.target = target
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        guard FileSystem.makeFolder(parent) || (try? FileManager.default.createDirectory(
            atPath: parent, withIntermediateDirectories: true)) != nil else {
            throw SiteError(file: destination.path, "cannot create the folder it is in: \(String(cString: strerror(errno)))")
        }
        spareLeft = Self.removeLeftovers(of: name, in: parent, target: target, keepingSpare: keepsSpare) ? SpareFolder.path(for: target) : nil
        let exists = FileSystem.kind(target) == .folder
        let manifestFile = target + "/" + OutputManifest.fileName
        let stamp = exists ? FileStamp(regularFileAt: manifestFile) : nil
        let manifest = exists ? OutputManifest.read(from: target) : nil
        if let stamp, let manifest, FileStamp(regularFileAt: manifestFile) == stamp {
            openedManifest = (stamp, manifest)
        } else {
            openedManifest = nil
        }
        if exists && manifest == nil {
            if let markdown = Self.firstMarkdownFile(in: target) {
                throw SiteError(file: destination.path, "holds \(markdown) and was not written by sitegen (it has no "
                                + "\(OutputManifest.fileName)): it looks like content, not an output folder. "
                                + "Choose another output folder with -o")
            }
        }
        // Beside the output folder when it can be swapped; else (a mount point, or a folder
        // beside which nothing can be written) inside it.
        // Named with the process, so that a build never removes another running build's folder.
        let beside = parent + "/.sitegen-staging-\(name)-\(ProcessID.current.value)-\(UUID().uuidString)"
        let inside = target + "/.sitegen-staging-\(ProcessID.current.value)-\(UUID().uuidString)"
        let mountPoint = exists && FileSystem.isMountPoint(target)
        var taken: SpareFolder.Taken?
        var rejected: String?
        // The spare's top folder as the build that left it noted (its entries are checked by it).
        let spareTop = FileStamp(folderAt: SpareFolder.path(for: target))
        if keepsSpare && !mountPoint && spareTop != nil {
            // Taken under a name of its own until it is checked: a killed build leaves it to be
            // removed as a spare is, the user's files in it kept (``removeLeftovers``).
            let spareFolder = parent + "/" + Self.takenPrefix(of: name) + "\(ProcessID.current.value)-\(UUID().uuidString)"
            if FileSystem.rename(SpareFolder.path(for: target), to: spareFolder) == nil {
                if let record, let openedManifest, openedManifest.stamp == record.manifest, spareTop == record.spareTop,
                   let spare = SpareFolder.take(spareFolder, record: record, output: target, manifest: openedManifest.manifest),
                   FileSystem.rename(spareFolder, to: beside) == nil {
                    taken = spare
                } else {
                    rejected = spareFolder
                }
            }
        }
        spare = taken
        if taken != nil {
            (staging, swapsWhole) = (beside, true)
        } else if !mountPoint && FileSystem.makeFolder(beside) {
            (staging, swapsWhole) = (beside, true)
        } else if FileSystem.makeFolder(target) && FileSystem.makeFolder(inside) {
            (staging, swapsWhole) = (inside, false)
        } else {
            throw SiteError(file: destination.path, "cannot create the output folder: \(String(cString: strerror(errno)))")
        }
        // A spare not taken goes but for what sitegen did not write there, which is put back where it was (and no
        // build keeps a spare there while it holds it).
        if let rejected, !SpareFolder.remove(rejected, beside: target).isEmpty {
            FileSystem.rename(rejected, to: SpareFolder.path(for: target))
        }
        // A build makes about as many files and folders as the build before.
        if let manifest {
            written.withLock {
                $0.files.reserveCapacity(manifest.files.count)
                $0.folders.reserveCapacity(manifest.folders.count)
            }
        }
    }

    /// How many files the build before made (none when there was none).
    var filesBefore: Int { openedManifest?.manifest.files.count ?? 0 }

    // MARK: Writing

    /// Writes a file at a relative path of the output, not synced to disk (see
    /// ``FileSystem/write(_:toFile:)``).
    func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    /// Writes bytes to a relative path of the output.
    func write(_ data: Data, to path: String) throws {
        try data.withUnsafeBytes { try write($0, to: path) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let relative = try URLPath.outputPath(path)
        try makeFolder(URLPath.folder(of: relative))
        try clearSpare(at: relative)
        // Never through a file already there: it may be a hard link to the published output (``reuse(_:stamp:)``).
        guard FileSystem.writeNew(bytes, toFile: staging + "/" + relative) else {
            throw SiteError(file: destination.path + "/" + relative, "cannot write the output file: \(String(cString: strerror(errno)))")
        }
        _ = written.withLock { $0.files.insert(relative) }
        noteFresh(relative)
    }

    /// Notes a file written anew, in which the output folder and the spare it leaves differ.
    private func noteFresh(_ relative: String) {
        guard keepsSpare else { return }
        _ = fresh.withLock { $0.insert(relative) }
        touch(URLPath.folder(of: relative))
    }

    /// Notes a folder of the spare whose entries changed.
    private func touch(_ folder: String) {
        if spare != nil { _ = touched.withLock { $0.insert(folder) } }
    }

    /// Before a file is written at `relative` of a build staged in a spare: a folder of the
    /// build before that holds nothing else goes (a file of it is replaced by the write); an
    /// entry of the user's is an error.
    private func clearSpare(at relative: String) throws {
        guard spare != nil, let previous = openedManifest?.manifest, let kind = FileSystem.kind(staging + "/" + relative) else { return }
        if kind == .folder, previous.folders.contains(relative), isOnlySitegens(relative, in: staging, previous: previous) {
            FileSystem.removeTree(staging + "/" + relative)
            touch(URLPath.folder(of: relative))
        } else if kind == .folder || !previous.files.contains(relative) {
            throw OutputManifest.notWrittenBySitegen(destination.path + "/" + relative)
        }
    }

    /// Copies a file to a relative path of the output.
    func copy(_ source: URL, to path: String) throws {
        let relative = try URLPath.outputPath(path)
        try makeFolder(URLPath.folder(of: relative))
        let url = URL(fileURLWithPath: staging + "/" + relative)
        try clearSpare(at: relative)
        do {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileCopy.copy(source, toFile: url.path)
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(file: source.path, "cannot copy to \(path): \(error.localizedDescription)")
        }
        _ = written.withLock { $0.files.insert(relative) }
        noteFresh(relative)
    }

    /// Puts in the build, unchanged, the file the build before wrote at `path` (a hard link:
    /// no byte is copied) when it is still a regular file with `stamp`; false otherwise (the
    /// caller writes it anew).
    func reuse(_ path: String, stamp: FileStamp) -> Bool {
        guard let relative = try? URLPath.outputPath(path) else { return false }
        let old = target + "/" + relative
        if holdsAlready(relative) {
            // The spare holds this very file (whose stamp the caller read a moment ago).
            noteHeld([relative])
            return true
        }
        guard (try? makeFolder(URLPath.folder(of: relative))) != nil, (try? clearSpare(at: relative)) != nil else { return false }
        guard FileStamp(regularFileAt: old) == stamp else { return false }
        let new = staging + "/" + relative
        if spare != nil { FileSystem.removeFile(new) }
        guard FileSystem.hardLink(old, to: new) == nil else { return false }
        touch(URLPath.folder(of: relative))
        _ = written.withLock { $0.files.insert(relative) }
        return true
    }

    /// Whether the staging folder is the spare and holds the file the output folder has at the
    /// output path `relative` (one file in both): ``noteHeld(_:)`` then puts it in the build.
    func holdsAlready(_ relative: String) -> Bool {
        spare?.present.contains(relative) ?? false
    }

    /// Puts in the build the files at `paths` (output paths) that the spare holds already
    /// (``holdsAlready(_:)``), with their folders: nothing is written.
    func noteHeld(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        written.withLock { made in
            for relative in paths {
                made.files.insert(relative)
                var folder = URLPath.folder(of: relative)
                while !folder.isEmpty && made.folders.insert(folder).inserted { folder = URLPath.folder(of: folder) }
            }
        }
    }

    /// Links into the build the image copy the build before made at `path` the way `key` says,
    /// when its manifest lists it so and it is still a regular file; false otherwise.
    /// A copy's bytes are checked against the digest the manifest keeps of them: a copy changed
    /// by hand (or a link put in its place) is made again, never published.
    func reuseImage(_ path: String, key: String) -> Bool {
        guard let relative = try? URLPath.outputPath(path), let noted = previousImages()[relative], noted.hasPrefix(key + "."),
              let stamp = FileStamp(regularFileAt: target + "/" + relative), stamp.size > 0, stamp.size <= Self.largestCopy,
              let bytes = try? RegularFile.contents(of: target + "/" + relative), noted == Self.note(key: key, bytes: bytes),
              reuse(relative, stamp: stamp) else { return false }
        written.withLock { $0.images[relative] = noted }
        return true
    }

    /// Writes an image copy made the way `key` says (noted in the manifest, with a digest of
    /// its bytes, for the next build).
    func writeImage(_ data: Data, to path: String, key: String) throws {
        try write(data, to: path)
        let relative = try URLPath.outputPath(path)
        written.withLock { $0.images[relative] = Self.note(key: key, bytes: data) }
    }

    /// The largest copy the next build reads back to check it.
    private static let largestCopy = 256 << 20

    /// What the manifest keeps of a copy: its key, and a digest of its bytes.
    private static func note(key: String, bytes: Data) -> String {
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return key + "." + String(hasher.finalize(), radix: 16)
    }

    /// The image copies of the build before, by path, with their keys.
    private func previousImages() -> [String: String] {
        openedManifest?.manifest.images ?? [:]
    }

    /// The manifest of the build before as it is now (read under the commit's lock).
    private func previousManifest() -> OutputManifest {
        if let openedManifest, FileStamp(regularFileAt: target + "/" + OutputManifest.fileName) == openedManifest.stamp {
            return openedManifest.manifest
        }
        return OutputManifest.read(from: target) ?? OutputManifest()
    }

    /// The stamp of a file this build wrote (which it keeps when the build is put in place).
    func stamp(of path: String) -> FileStamp? {
        guard let relative = try? URLPath.outputPath(path) else { return nil }
        return FileStamp(staging + "/" + relative)
    }

    /// Makes a folder of the output (and those above it), once.
    private func makeFolder(_ relative: String) throws {
        guard !relative.isEmpty, !written.withLock({ $0.folders.contains(relative) }) else { return }
        try makeFolder(URLPath.folder(of: relative))
        if spare != nil && FileSystem.kind(staging + "/" + relative) == .file {
            // In a spare, a file of the build before where this build makes a folder.
            guard openedManifest?.manifest.files.contains(relative) == true else {
                throw OutputManifest.notWrittenBySitegen(destination.path + "/" + relative)
            }
            FileSystem.removeFile(staging + "/" + relative)
        }
        guard FileSystem.makeFolder(staging + "/" + relative) else {
            throw SiteError(file: destination.path + "/" + relative, "cannot create the output folder: \(String(cString: strerror(errno)))")
        }
        touch(URLPath.folder(of: relative))
        _ = written.withLock { $0.folders.insert(relative) }
    }

    // MARK: Committing

    /// Puts the build in place of the output folder.
    func commit() throws {
        let made = written.withLock { $0 }
        // Builds of one folder commit one at a time, each reading what the one before wrote.
        let lock = FileSystem.FolderLock((target as NSString).deletingLastPathComponent)
        defer { withExtendedLifetime(lock) {} }
        let previous = previousManifest()
        if swapsWhole {
            switch try swap(made, previous: previous) {
            case .done: return
            case .cannotSwap: break
            }
        }
        try moveIntoPlace(made, previous: previous)
    }

    /// Waits until the build before, which ``commit()`` swapped out, is removed.
    func finishRemoval() {
        removal.wait()
    }

    /// Removes every entry of the staging folder that the build did not write or make, and
    /// every file it wrote that is no longer a regular file (a link put in its place).
    func removeStrays() -> [String] {
        let made = written.withLock { $0 }
        var strays: [String] = []
        var queue = [""]
        while let relative = queue.popLast() {
            for name in FileSystem.entries(of: relative.isEmpty ? staging : staging + "/" + relative) ?? [] {
                let path = relative.isEmpty ? name : relative + "/" + name
                let kind = FileSystem.kind(staging + "/" + path)
                if made.folders.containsExactly(path) && kind == .folder {
                    queue.append(path)
                } else if !made.files.containsExactly(path) || kind != .file {
                    strays.append(path)
                    FileSystem.removeTree(staging + "/" + path)
                }
            }
        }
        return strays.sorted()
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        FileSystem.removeTree(staging)
    }

    private enum SwapResult { case done, cannotSwap }

    /// Links the entries sitegen did not write into the staging folder, then swaps it in.
    private func swap(_ made: OutputManifest, previous: OutputManifest) throws -> SwapResult {
        var carry = CarryOver(made: made, previous: previous, recordsFolders: keepsSpare)
        // What the build before wrote and this one did not: found once, for the spare taken and the one left.
        let gone = spare != nil || keepsSpare
            ? (files: previous.files.subtracting(made.files), folders: previous.folders.subtracting(made.folders)) : nil
        if let spare, let gone {
            // Staged in the spare: the user's entries are in it already (as the record says); what
            // the build before wrote and this one did not goes.
            guard previous == openedManifest?.manifest else {
                throw SiteError(file: destination.path, "was changed by another build while this one ran; build again")
            }
            for file in gone.files {
                FileSystem.removeFile(staging + "/" + file)
                touch(URLPath.folder(of: file))
            }
            for folder in gone.folders.sorted(by: { $0.count > $1.count }) {
                FileSystem.removeEmptyFolder(staging + "/" + folder)
                touch(folder)
                touch(URLPath.folder(of: folder))
            }
            (carry.walked, carry.walkedAt) = (spare.outputFolders, spare.readAt)
        } else if FileSystem.kind(target) == .folder {
            guard try carryOver("", into: &carry) else { return .cannotSwap }
            try throwConflicts(carry.conflicts, previous: previous)
            // Carried folders as they were (linking into a folder changes its time): deepest first.
            for folder in carry.folders.sorted(by: { $0.count > $1.count }) {
                FileSystem.copyAttributes(of: target + "/" + folder, to: staging + "/" + folder)
            }
        }
        // Never through the file there (the spare's manifest is the build before last's, which
        // a copy of the output made with hard links shares). When the build made what the build
        // before did (an edit of text), its file says it already: no sort of every path.
        let sameList = made == previous ? FileManager.default.contents(atPath: target + "/" + OutputManifest.fileName) : nil
        guard sameList.map({ $0.withUnsafeBytes { FileSystem.writeNew($0, toFile: staging + "/" + OutputManifest.fileName) } })
                ?? FileSystem.writeNew(made.text, toFile: staging + "/" + OutputManifest.fileName) else {
            throw SiteError(file: destination.path, "cannot write \(OutputManifest.fileName): \(String(cString: strerror(errno)))")
        }
        if FileSystem.kind(target) == nil {
            // A cached build into a new folder leaves a spare too: the next build stages in it
            // instead of linking every file into a new folder.
            let copy = keepsSpare ? spareCopy(of: made) : nil
            if let error = FileSystem.rename(staging, to: target) {
                if let copy { _ = SpareFolder.remove(copy.folder, beside: staging) }
                throw SiteError(file: destination.path, "cannot create the output folder: \(String(cString: strerror(error)))")
            }
            if let copy { leftSpare.withLock { $0 = keep(copy) } }
            return .done
        }
        FileSystem.copyAttributes(of: target, to: staging)
        let madeFolders = keepsSpare ? madeFolderStamps(made, candidates: carry.walked.keys) : nil
        if let error = FileSystem.exchange(staging, target) {
            guard [EINVAL, ENOSYS, EBUSY, EXDEV, EPERM, ENOTSUP].contains(error) else {
                throw SiteError(file: destination.path, "cannot replace the output folder: \(String(cString: strerror(error)))")
            }
            // The links made for the swap go with the staging folder; its files are moved instead.
            FileSystem.removeFile(staging + "/" + OutputManifest.fileName)
            return .cannotSwap
        }
        // The staging path now holds the build before: kept as the next build's spare when it can
        // be; else taken apart, the user's entries that appeared or were replaced in it since the
        // links were made moving across.
        if let madeFolders, let gone, let record = keepSpare(made, previous: previous, gone: gone, carried: carry, madeFolders: madeFolders) {
            leftSpare.withLock { $0 = record }
            return .done
        }
        if removesInBackground {
            DispatchQueue.global().async(group: removal) { [self, staging, carry] in retire("", old: staging, carried: carry) }
        } else {
            retire("", old: staging, carried: carry)
        }
        return .done
    }

    /// What carrying the user's entries over into the staging folder found and made.
    private struct CarryOver: Sendable {
        let made: OutputManifest
        let previous: OutputManifest
        /// Whether the stamp of each folder of the output folder is noted as it is walked.
        var recordsFolders = false
        var conflicts: [String] = []
        /// Folders made in the staging folder for the user's entries, to be given their attributes.
        var folders: [String] = []
        /// The stamp of each folder of the output folder (its top excepted), read before it was listed.
        var walked: [String: FileStamp] = [:]
        /// When the walk began.
        var walkedAt = Date()
    }

    /// What the build noted of the spare it left (the output folder it replaced), once committed.
    var spareRecord: SpareFolder.Record? { leftSpare.withLock { $0 } }

    /// The stamp of every folder of the staging folder, read before it is swapped in: those
    /// this build made, and those of `candidates` (the output folder's) it holds besides (the
    /// user's); `nil` when one of its own is missing.
    private func madeFolderStamps(_ made: OutputManifest, candidates: some Sequence<String>) -> (stamps: [String: FileStamp], readAt: Date)? {
        let readAt = Date()
        // In a spare, a folder whose entries did not change has the stamp read as it was taken.
        let changed = spare.map { $0.touched.union(touched.withLock { $0 }) } ?? []
        var stamps: [String: FileStamp] = [:]
        var read: [String] = []
        for path in made.folders {
            if let stamp = spare?.spareFolders[path], !changed.contains(path) { stamps[path] = stamp } else { read.append(path) }
        }
        guard let madeRead = SpareFolder.stamps(of: read, in: staging) else { return nil }
        stamps.merge(madeRead) { _, new in new }
        let others = candidates.filter { !made.folders.contains($0) }
        for (path, stamp) in zip(others, SpareFolder.readStamps(of: others, in: staging)) {
            if let stamp { stamps[path] = stamp }
        }
        return (stamps, readAt)
    }

    /// Keeps the build before, now at the staging path, as the spare of the next build, and
    /// returns what the next build needs to know of it; `nil` (and nothing done) when entries
    /// of the user's came into the output folder while the build was swapped in (they are in
    /// the build before now: taking it apart moves them across). `gone`: the files and folders
    /// the build before wrote and this one did not.
    private func keepSpare(_ made: OutputManifest, previous: OutputManifest, gone: (files: Set<String>, folders: Set<String>),
                           carried carry: CarryOver, madeFolders: (stamps: [String: FileStamp], readAt: Date)) -> SpareFolder.Record? {
        let owned: (String) -> Bool = { previous.owns($0) || made.owns($0) }
        guard let now = SpareFolder.stamps(of: Array(carry.walked.keys), in: staging) else { return nil }
        var listed = [""]
        for (path, stamp) in now where stamp != carry.walked[path] || stamp.isRacy(with: carry.walkedAt) { listed.append(path) }
        guard listed.allSatisfy({ SpareFolder.holdSameUserEntries($0, staging, target, owned: owned) }),
              let manifest = FileStamp(regularFileAt: target + "/" + OutputManifest.fileName) else { return nil }
        guard let spareTop = placeAsSpare(staging) else { return nil }
        let changed = fresh.withLock { $0 }.union(gone.files)
        return SpareFolder.Record(manifest: manifest, spareTop: spareTop, changed: changed.sorted(), goneFolders: gone.folders.sorted(),
                                  outputFolders: madeFolders.stamps, spareFolders: now, readAt: madeFolders.readAt)
    }

    /// Renames `folder` to the spare's place, and returns the stamp of its top folder there;
    /// `nil` (and `folder` where it was) when something is at that place that is not sitegen's
    /// (made since the spare was taken: it stays, and no spare is kept), or the rename fails.
    private func placeAsSpare(_ folder: String) -> FileStamp? {
        let spareFolder = SpareFolder.path(for: target)
        guard SpareFolder.remove(spareFolder, beside: target).isEmpty, FileSystem.rename(folder, to: spareFolder) == nil else { return nil }
        return FileStamp(folderAt: spareFolder)
    }

    /// A copy of the staging folder of a build into a new folder, made of hard links (its
    /// manifest too), and the stamps of the folders of both: read while neither is in place,
    /// so that nothing but this build changed them.
    private struct SpareCopy {
        let folder: String
        let outputFolders: [String: FileStamp]
        let spareFolders: [String: FileStamp]
        let readAt: Date
    }

    /// Copies the staging folder, which holds only what the build `made`, as the next build's
    /// spare; `nil` (and nothing left) when a folder or a link cannot be made.
    private func spareCopy(of made: OutputManifest) -> SpareCopy? {
        // Under a staging folder's name until it is in place, so that a killed build leaves it to be removed.
        let folder = URLPath.folder(of: target) + "/.sitegen-staging-\(URLPath.lastComponent(of: target))-\(ProcessID.current.value)-\(UUID().uuidString)"
        let folders = Array(made.folders)
        let complete = link(Array(made.files) + [OutputManifest.fileName], folders: folders, into: folder)
        // Every folder of both changed just now: their stamps, read once the clock has moved
        // past what ``FileStamp/isRacy(with:)`` allows, vouch for them (else the next build
        // lists each folder again).
        if complete { usleep(useconds_t((FileStamp.racyWindow + 0.005) * 1_000_000)) }
        let readAt = Date()
        guard complete, let outputFolders = SpareFolder.stamps(of: folders, in: staging),
              let spareFolders = SpareFolder.stamps(of: folders, in: folder) else {
            _ = SpareFolder.remove(folder, beside: staging)
            return nil
        }
        return SpareCopy(folder: folder, outputFolders: outputFolders, spareFolders: spareFolders, readAt: readAt)
    }

    /// A new folder beside the staging folder, holding in `site/` copies of the built files at
    /// `paths` (output paths) and nothing else: what a program that reads the build (Pagefind)
    /// is shown, so that it sees this build's files alone, not the others a spare holds, and
    /// what it does to them reaches no file of the output. A file the build made anew (no
    /// other name) is linked, not copied: what is done to it is seen in the build, which then
    /// fails; one that is also the output's (a cached build's kept page) is copied. Made one by
    /// one in order: a file system may list a folder in the order of making, which Pagefind's
    /// index follows. Named as a staging folder, so that a killed build leaves it to be removed;
    /// the caller removes it (and may put the program's own files in it). `nil` (and nothing
    /// left) when it cannot be made.
    func copyOfBuilt(_ paths: [String]) -> String? {
        // The staging folder's name with another UUID (its last 36 characters).
        let folder = String(staging.dropLast(UUID().uuidString.count)) + UUID().uuidString
        var folders: Set<String> = []
        for path in paths {
            var above = URLPath.folder(of: path)
            while !above.isEmpty && folders.insert(above).inserted { above = URLPath.folder(of: above) }
        }
        let site = folder + "/site"
        guard FileSystem.makeFolder(folder), FileSystem.makeFolder(site),
              folders.sorted(by: { ($0.utf8.count, $0) < ($1.utf8.count, $1) }).allSatisfy({ FileSystem.makeFolder(site + "/" + $0) }),
              paths.sorted().allSatisfy({ path in
                  let built = staging + "/" + path
                  var info = stat()
                  guard lstat(built, &info) == 0 else { return false }
                  return info.st_nlink == 1 ? FileSystem.hardLink(built, to: site + "/" + path) == nil
                      : (try? FileCopy.copy(URL(fileURLWithPath: built), toFile: site + "/" + path)) != nil
              })
        else {
            FileSystem.removeTree(folder)
            return nil
        }
        return folder
    }

    /// Makes `folder` with `folders` in it (relative, with every folder above each), and hard
    /// links of the staging folder's `files` at the same paths, on all cores; false when one
    /// cannot be made.
    private func link(_ files: [String], folders: [String], into folder: String) -> Bool {
        guard FileSystem.makeFolder(folder),
              // A folder's path is longer than the path of every folder above it.
              folders.sorted(by: { $0.utf8.count < $1.utf8.count }).allSatisfy({ FileSystem.makeFolder(folder + "/" + $0) })
        else { return false }
        let failed = Atomic(false)
        Parallel.forEach(files.count, onAllCoresFrom: 512) { [staging] index in
            if FileSystem.hardLink(staging + "/" + files[index], to: folder + "/" + files[index]) != nil {
                failed.store(true, ordering: .relaxed)
            }
        }
        return !failed.load(ordering: .relaxed)
    }

    /// Puts `copy` in place as the spare of the output folder, now in place; what the next
    /// build needs to know of it, or `nil` (and the copy gone) when it cannot be put there.
    private func keep(_ copy: SpareCopy) -> SpareFolder.Record? {
        guard let manifest = FileStamp(regularFileAt: target + "/" + OutputManifest.fileName), let spareTop = placeAsSpare(copy.folder) else {
            _ = SpareFolder.remove(copy.folder, beside: target)
            return nil
        }
        return SpareFolder.Record(manifest: manifest, spareTop: spareTop, changed: [], goneFolders: [],
                                  outputFolders: copy.outputFolders, spareFolders: copy.spareFolders, readAt: copy.readAt)
    }

    /// Links every entry under `relative` of the output folder that the build before did not
    /// write into the staging folder; collects those this build would replace. False when the
    /// file system cannot link.
    private func carryOver(_ relative: String, into carry: inout CarryOver) throws -> Bool {
        let folder = relative.isEmpty ? target : target + "/" + relative
        if carry.recordsFolders && !relative.isEmpty, let stamp = FileStamp(folderAt: folder) { carry.walked[relative] = stamp }
        let entries: [FolderEntry]
        switch FolderEntry.entries(of: folder) {
        case .success(let listed): entries = listed
        // A folder of the user's gone since its folder was read: nothing to keep.
        case .failure(let error) where error.code == ENOENT && !relative.isEmpty: return true
        case .failure(let error):
            throw SiteError(file: folder, "cannot read the output folder: \(String(cString: strerror(error.code)))")
        }
        // A big folder (a section's pages) is walked on every core, each taking its share of the entries.
        guard entries.count >= 256 else {
            for entry in entries where !(try carryOver(entry, in: relative, of: folder, into: &carry)) { return false }
            return true
        }
        let outcomes = Mutex<[(carried: CarryOver, result: Result<Bool, any Error>)]>([])
        let start = CarryOver(made: carry.made, previous: carry.previous, recordsFolders: carry.recordsFolders)
        Parallel.forEach(entries.count, onAllCoresFrom: 256) { index in
            var carried = start
            let result = Result { try carryOver(entries[index], in: relative, of: folder, into: &carried) }
            outcomes.withLock { $0.append((carried, result)) }
        }
        var canLink = true
        for (carried, result) in outcomes.withLock({ $0 }) {
            carry.conflicts += carried.conflicts
            carry.folders += carried.folders
            carry.walked.merge(carried.walked) { first, _ in first }
            if try !result.get() { canLink = false }
        }
        return canLink
    }

    /// One entry of the output folder's `relative` folder, at `folder` (see ``carryOver(_:into:)``).
    private func carryOver(_ entry: FolderEntry, in relative: String, of folder: String, into carry: inout CarryOver) throws -> Bool {
        let name = String(decoding: entry.name, as: UTF8.self)
        if relative.isEmpty && (name == OutputManifest.fileName || name.hasPrefix(".sitegen-staging-")) { return true }
        let path = relative.isEmpty ? name : relative + "/" + name
        let kind = entry.kind(at: folder + "/" + name)
        if kind == .folder {
            if !carry.previous.folders.containsExactly(path) && FileSystem.entries(of: folder + "/" + name)?.isEmpty ?? false {
                // An empty folder of the user's.
                if carry.made.files.containsExactly(path) { carry.conflicts.append(path); return true }
                if !carry.made.folders.containsExactly(path) && FileSystem.makeFolder(staging + "/" + path) { carry.folders.append(path) }
                return true
            }
            return try carryOver(path, into: &carry)
        }
        if carry.previous.files.containsExactly(path) { return true }
        // A file of the user's: it stays, with its folders.
        if carry.made.owns(path) || URLPath.ancestors(of: path).contains(where: carry.made.files.containsExactly) {
            carry.conflicts.append(path)
            return true
        }
        for ancestor in URLPath.ancestors(of: path).reversed() where FileSystem.kind(staging + "/" + ancestor) == nil {
            if FileSystem.makeFolder(staging + "/" + ancestor) { carry.folders.append(ancestor) }
        }
        if let error = FileSystem.hardLink(folder + "/" + name, to: staging + "/" + path) {
            // Gone since the folder was read (a program's temporary file, renamed): nothing to keep.
            if error == ENOENT { return true }
            guard [EXDEV, EPERM, EMLINK, ENOTSUP, EOPNOTSUPP].contains(error) else {
                throw SiteError(file: folder + "/" + name, "cannot keep this file in the new output: \(String(cString: strerror(error)))")
            }
            return false
        }
        return true
    }

    /// Takes apart the build before, now at `old` (with `relative` the folder being looked at):
    /// removes the files it wrote and the names of the user's files that were carried into the
    /// new output (the same files are there), and moves across the user's entries that appeared
    /// in it, or were replaced there, since they were carried; folders go once empty. A big
    /// folder (a section's pages) is taken apart on every core. What a program still writes
    /// into it through a folder it has open keeps the folder there (a leftover of its process).
    private func retire(_ relative: String, old: String, carried carry: CarryOver) {
        let folder = relative.isEmpty ? old : old + "/" + relative
        guard case .success(let entries) = FolderEntry.entries(of: folder) else { return }
        Parallel.forEach(entries.count, onAllCoresFrom: 256) { retire(entries[$0], in: relative, old: old, carried: carry) }
        guard relative.isEmpty else {
            FileSystem.removeEmptyFolder(folder)
            return
        }
        // Entries that came while it was taken apart: one more pass moves them across.
        if !FileSystem.removeEmptyFolder(folder), (try? FileManager.default.contentsOfDirectory(atPath: folder).isEmpty) == false {
            retireAgain(old: old, carried: carry)
        }
    }

    /// The second and last pass of ``retire(_:old:carried:)`` over the folder's top.
    private func retireAgain(old: String, carried carry: CarryOver) {
        guard case .success(let entries) = FolderEntry.entries(of: old) else { return }
        for entry in entries { retire(entry, in: "", old: old, carried: carry) }
        FileSystem.removeEmptyFolder(old)
    }

    /// One entry of the old build's folder `relative` (see ``retire(_:old:carried:)``).
    private func retire(_ entry: FolderEntry, in relative: String, old: String, carried carry: CarryOver) {
        let name = String(decoding: entry.name, as: UTF8.self)
        let path = relative.isEmpty ? name : relative + "/" + name
        let source = old + "/" + path
        if relative.isEmpty && (name == OutputManifest.fileName || name.hasPrefix(".sitegen-staging-")) {
            FileSystem.removeTree(source)
            return
        }
        if entry.kind(at: source) == .folder {
            if !carry.previous.owns(path) && FileSystem.kind(target + "/" + path) == nil && hasFolder(at: URLPath.folder(of: path)) {
                // A folder of the user's that came since the carrying: across, whole.
                FileSystem.rename(source, to: target + "/" + path)
                return
            }
            retire(path, old: old, carried: carry)
            return
        }
        if carry.previous.files.containsExactly(path) {
            FileSystem.removeFile(source)
            return
        }
        // The user's: carried (the same file is in the new output), or come or replaced since.
        let destination = target + "/" + path
        switch (FileSystem.entryIdentity(source), FileSystem.entryIdentity(destination)) {
        case (let here?, let there?) where here == there:
            FileSystem.removeFile(source)
        case (_, nil):
            for ancestor in URLPath.ancestors(of: path).reversed() where FileSystem.kind(target + "/" + ancestor) == nil {
                FileSystem.makeFolder(target + "/" + ancestor)
            }
            if hasFolder(at: URLPath.folder(of: path)) { FileSystem.rename(source, to: destination) }
        case (_, _?) where !carry.made.files.containsExactly(path) && FileSystem.kind(destination) != .folder
                && hasFolder(at: URLPath.folder(of: path)):
            // Replaced while the build was swapped in (an editor's save): the new one wins.
            FileSystem.rename(source, to: destination)
        default:
            FileSystem.removeFile(source)
        }
    }

    /// Whether the new output has a folder (not a link) at `relative` (`""`: itself), so that
    /// nothing is moved through a link of the user's.
    private func hasFolder(at relative: String) -> Bool {
        relative.isEmpty || FileSystem.kind(target + "/" + relative) == .folder
    }

    /// Moves the staging folder's files into the output folder one by one, then removes what
    /// the build before wrote and this one did not. Nothing is written, moved or removed
    /// through a symbolic link in the output folder.
    private func moveIntoPlace(_ made: OutputManifest, previous: OutputManifest) throws {
        guard FileSystem.makeFolder(target) else {
            throw SiteError(file: destination.path, "cannot create the output folder: \(String(cString: strerror(errno)))")
        }
        var conflicts: [String] = []
        for path in made.files.union(made.folders) {
            if hasLinkedFolder(above: path) { conflicts.append(path); continue }
            switch FileSystem.kind(target + "/" + path) {
            case nil: continue
            case .folder?:
                // A folder where a file goes: only one that holds nothing but sitegen's files may go.
                if made.files.containsExactly(path) && !isOnlySitegens(path, previous: previous) { conflicts.append(path) }
            default:
                if !previous.files.containsExactly(path) { conflicts.append(path) }
            }
        }
        try throwConflicts(conflicts, previous: previous)
        // Until the end, the manifest names both builds' files, so a killed commit leaves none unowned.
        var both = previous
        both.files.formUnion(made.files)
        both.folders.formUnion(made.folders)
        try writeManifest(both)
        for folder in made.folders.sorted(by: { $0.count < $1.count }) {
            let path = target + "/" + folder
            if FileSystem.kind(path) != nil && FileSystem.kind(path) != .folder { FileSystem.removeFile(path) }
            if !FileSystem.makeFolder(path) {
                if FileSystem.kind(path) == .folder { continue }
                throw SiteError(file: path, "cannot create the output folder: \(String(cString: strerror(errno)))")
            }
        }
        for file in made.files {
            let path = target + "/" + file
            if FileSystem.kind(path) == .folder { FileSystem.removeTree(path) }
            if let error = FileSystem.rename(staging + "/" + file, to: path) {
                throw SiteError(file: path, "cannot write the output file: \(String(cString: strerror(error)))")
            }
        }
        for file in previous.files.subtracting(made.files)
            where !hasLinkedFolder(above: file) && FileSystem.kind(target + "/" + file) != .folder {
            FileSystem.removeFile(target + "/" + file)
        }
        for folder in previous.folders.subtracting(made.folders).sorted(by: { $0.count > $1.count })
            where !hasLinkedFolder(above: folder) && FileSystem.kind(target + "/" + folder) == .folder {
            FileSystem.removeEmptyFolder(target + "/" + folder)
        }
        try writeManifest(made)
        FileSystem.removeTree(staging)
    }

    /// Whether a folder on the way to `relative` in the output folder is a symbolic link (the
    /// user's), through which nothing is written or removed.
    private func hasLinkedFolder(above relative: String) -> Bool {
        URLPath.ancestors(of: relative).contains { FileSystem.kind(target + "/" + $0) == .link }
    }

    /// Whether everything under the `relative` folder of `root` (the output folder) was written by sitegen.
    private func isOnlySitegens(_ relative: String, in root: String? = nil, previous: OutputManifest) -> Bool {
        let root = root ?? target
        guard previous.folders.contains(relative) else { return false }
        for name in FileSystem.entries(of: root + "/" + relative) ?? [] {
            let path = relative + "/" + name
            let owned = FileSystem.kind(root + "/" + path) == .folder
                ? isOnlySitegens(path, in: root, previous: previous) : previous.files.containsExactly(path)
            if !owned { return false }
        }
        return true
    }

    private func writeManifest(_ manifest: OutputManifest) throws {
        let file = target + "/" + OutputManifest.fileName
        let temporary = file + ".new"
        guard FileSystem.writeNew(manifest.text, toFile: temporary), FileSystem.rename(temporary, to: file) == nil else {
            throw SiteError(file: file, "cannot write the output manifest: \(String(cString: strerror(errno)))")
        }
    }

    private func throwConflicts(_ conflicts: [String], previous: OutputManifest) throws {
        guard !conflicts.isEmpty else { return }
        let shown = conflicts.sorted().prefix(5).map { destination.path + "/" + $0 }
        let hint = previous.files.isEmpty ? " (if an older sitegen made this folder, delete the folder once)" : ""
        throw SiteErrors(errors: shown.map { OutputManifest.notWrittenBySitegen($0, hint: hint) })
    }

    // MARK: Before a build

    /// Removes what killed builds of this output folder left: staging folders beside it and
    /// inside it whose process has ended (and the hidden folders of sitegen versions before
    /// the manifest); and the spare of cached builds when this one keeps none. Whether the
    /// spare's removal left entries there (``SpareFolder/remove(_:beside:)``).
    private static func removeLeftovers(of name: String, in parent: String, target: String, keepingSpare: Bool) -> Bool {
        // The spare of cached builds, which a build without the cache makes stale.
        // (What sitegen did not write there stays.)
        let spareLeft = !keepingSpare && !SpareFolder.remove(SpareFolder.path(for: target), beside: target).isEmpty
        for entry in FileSystem.entries(of: parent) ?? [] where isLeftover(entry, prefix: ".sitegen-staging-\(name)-")
            || isLegacyLeftover(entry, of: name) {
            FileSystem.removeTree(parent + "/" + entry)
        }
        // A spare a killed build was checking: what sitegen wrote there goes; what is left (the
        // user's) is put back where it was when nothing is there, else stays where it is.
        var takenLeft = false
        for entry in FileSystem.entries(of: parent) ?? [] where isLeftover(entry, prefix: takenPrefix(of: name)) {
            let taken = parent + "/" + entry
            guard !SpareFolder.remove(taken, beside: target).isEmpty else { continue }
            if FileSystem.kind(SpareFolder.path(for: target)) == nil, FileSystem.rename(taken, to: SpareFolder.path(for: target)) == nil {
                takenLeft = true
            }
        }
        for entry in FileSystem.entries(of: target) ?? [] where isLeftover(entry, prefix: ".sitegen-staging-") {
            FileSystem.removeTree(target + "/" + entry)
        }
        // A build cache (or its file of pages' HTML) being written when its build was killed
        // (`.sitegen-cache-NAME.PID-UUID.tmp`, `.sitegen-cache-NAME.pages.PID-UUID.tmp`).
        for entry in FileSystem.entries(of: parent) ?? [] where entry.hasSuffix(".tmp")
            && [".sitegen-cache-\(name).", ".sitegen-cache-\(name).pages."].contains(where: { isLeftover(String(entry.dropLast(4)), prefix: $0) })
            && FileSystem.kind(parent + "/" + entry) == .file {
            FileSystem.removeFile(parent + "/" + entry)
        }
        return spareLeft || takenLeft
    }

    /// How the spare of the output folder `name` is named while a build checks it, before the
    /// id of the build's process and a UUID.
    private static func takenPrefix(of name: String) -> String {
        ".sitegen-taken-\(name)-"
    }

    /// Whether `entry` is `prefix` + the id of a process that no longer runs + `-` + a UUID.
    static func isLeftover(_ entry: String, prefix: String) -> Bool {
        guard entry.hasPrefix(prefix) else { return false }
        let rest = entry.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let owner = Int32(rest[..<dash]),
              UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil else { return false }
        return ProcessID(owner) != .current && ProcessID(owner).hasEnded
    }

    /// The staging (`.sitegen-NAME-UUID`) and previous (`.sitegen-previous-NAME-UUID`) folders
    /// of sitegen versions before the manifest.
    private static func isLegacyLeftover(_ entry: String, of name: String) -> Bool {
        for prefix in [".sitegen-previous-", ".sitegen-"] where entry.hasPrefix(prefix + name + "-") {
            if UUID(uuidString: String(entry.dropFirst(prefix.count + name.count + 1))) != nil { return true }
        }
        return false
    }

    /// The first Markdown file found in a folder that has no manifest (a few thousand entries
    /// looked at, at most).
    private static func firstMarkdownFile(in folder: String) -> String? {
        var queue = [""]
        var seen = 0
        while let relative = queue.popLast(), seen < 5_000 {
            for name in FileSystem.entries(of: relative.isEmpty ? folder : folder + "/" + relative) ?? [] {
                seen += 1
                let path = relative.isEmpty ? name : relative + "/" + name
                switch FileSystem.kind(folder + "/" + path) {
                case .folder?: if !name.hasPrefix(".") { queue.append(path) }
                case .file?: if name.hasSuffix(".md") || name.hasSuffix(".markdown") { return path }
                default: break
                }
            }
        }
        return nil
    }
}
