import Foundation
import Synchronization

/// The output folder of a live build, changed in place: only files whose text changed are
/// written, files no longer made are deleted, and nothing is touched until the build has
/// succeeded (a failed build leaves the folder as it was). Until then the texts to write are
/// held in memory, past the first ``BuildOptions/heldOutputBytes`` in a nameless file beside the folder
/// (``SpillFile``): the first build of a 100,000-page site makes 1.6 GB of them.
final class LiveOutput: OutputSink {
    /// Files reach the folder at commit only (`sitegen serve` indexes the preview after it).
    var builtFolder: String? { nil }
    /// The folder, which holds sitegen's nameless files only while they are open.
    var scratchFolder: String? { destination.path }
    /// Files reach the folder at commit only, so nothing can be put in it behind the build's back.
    func removeStrays() -> [String] { [] }
    /// A text to write at commit.
    private enum Text {
        case held(String)
        case spilled(Range<Int>)
    }

    private struct State {
        var texts: [String: Text] = [:]
        var copies: [String: (source: URL, stamp: FileStamp?)] = [:]
        var made: [String: UInt64] = [:]
        var copied: [String: FileStamp] = [:]
        /// Whether every file of the build before stays unless written anew.
        var keepsEverythingElse = false
    }

    let destination: URL
    private let memory: BuildMemory
    /// What the folder held before this build: what the memory says sitegen wrote there, or,
    /// for the first live build, the files the manifest lists (each as text of no known digest).
    /// Looked up path by path, so that the memory's record is changed in place at the commit
    /// (a one-page edit of 100,000 pages does not copy it).
    private enum Before {
        case memory
        case manifest(Set<String>)
    }
    private let before: Before
    private let state = Mutex(State())
    /// How many bytes of texts to write are held in memory before the others go to ``spill``
    /// (``BuildOptions/heldOutputBytes``).
    private let heldBytes: Int
    private let held = Counter()
    /// Where the texts past ``heldBytes`` wait for the commit (`nil`: in memory too).
    private let spill: SpillFile?

    init(destination: URL, memory: BuildMemory, heldBytes: Int = 64 << 20) {
        self.destination = destination
        self.memory = memory
        self.heldBytes = heldBytes
        // In the folder itself (nothing is ever made outside it); a folder not there yet holds nothing.
        spill = SpillFile(in: destination.path)
        if memory.hasWrittenOutputs {
            before = .memory
        } else {
            // The first live build: the files sitegen wrote there before are replaced or deleted;
            // no other file is touched.
            before = .manifest((OutputManifest.read(from: destination.standardizedFileURL.path) ?? OutputManifest()).files)
        }
    }

    /// The digest of the text the build before wrote at `path` (0 when not known).
    private func previousText(_ path: String) -> UInt64? {
        switch before {
        case .memory: memory.writtenText(path)
        case .manifest(let files): files.contains(path) ? 0 : nil
        }
    }

    /// The stamp of the file the build before copied to `path`.
    private func previousCopy(_ path: String) -> FileStamp? {
        switch before {
        case .memory: memory.writtenCopy(path)
        case .manifest: nil
        }
    }


    func write(_ text: String, to path: String) throws {
        let path = try URLPath.outputPath(path)
        let digest = StableHasher.digest(text)
        var kept: Text?
        if previousText(path) != digest {
            kept = .held(text)
            if held.add(text.utf8.count) > heldBytes, let range = spill?.append(text) { kept = .spilled(range) }
        }
        state.withLock { state in
            state.made[path] = digest
            if let kept { state.texts[path] = kept }
        }
    }

    /// A live build reads a site on disk (``LiveSiteBuilder``), whose files are copied, never
    /// handed over as bytes.
    func write(_ data: Data, to path: String) throws {
        throw SiteError(file: path, "a live build publishes files of a folder on disk only")
    }

    func copy(_ source: URL, to path: String) throws {
        let path = try URLPath.outputPath(path)
        let stamp = FileStamp(sourceAt: source.path)
        state.withLock { state in
            if let stamp { state.copied[path] = stamp }
            if stamp == nil || previousCopy(path) != stamp { state.copies[path] = (source, stamp) }
        }
    }

    /// The preview makes each image copy when a browser asks for it: none is made here.
    var makesImageCopies: Bool { false }

    func keep(_ path: String) {
        guard let digest = previousText(path) else { return }
        state.withLock { $0.made[path] = digest }
    }

    /// Keeps every file of the build before that this build did not write (a page edit's
    /// build); called before anything is written.
    func keepEverythingElse() {
        state.withLock { $0.keepsEverythingElse = true }
    }

    var keepsUnwritten: Bool { state.withLock { $0.keepsEverythingElse } }

    /// The output paths this build wrote, copied or deleted; set by ``commit()``.
    var changedPaths: [String] { changes.withLock { $0 } }
    private let changes = Mutex<[String]>([])

    func commit() throws {
        let state = self.state.withLock { $0 }
        let fileManager = FileManager.default
        var changed: [String] = []
        let root = destination.standardizedFileURL.path + "/"
        // A file sitegen did not write is never replaced.
        let isNew = { (path: String) in self.previousText(path) == nil && self.previousCopy(path) == nil }
        let newPaths = Array(state.texts.keys).filter(isNew) + state.copies.keys.filter(isNew)
        let foreign = newPaths.filter { FileSystem.kind(root + $0) != nil }.sorted()
        if !foreign.isEmpty {
            throw SiteErrors(errors: foreign.prefix(5).map { OutputManifest.notWrittenBySitegen(root + $0) })
        }
        // Written on all cores: after a template change, that is every page.
        let texts = Array(state.texts)
        let failures = Mutex<[String]>([])
        let folders = Set(texts.map { root + URLPath.folder(of: $0.key) })
        // Parents first, each with one `mkdir` when its parent is there.
        for folder in folders.sorted() where !FileSystem.makeFolder(folder) {
            try? fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let file = root + texts[index].key
            let text: String
            switch texts[index].value {
            case .held(let held):
                text = held
            case .spilled(let range):
                guard let read = spill?.text(at: range) else {
                    failures.withLock { $0.append(file + ": the text to write does not read back from its temporary file") }
                    return
                }
                text = read
            }
            if !FileSystem.write(text, toFile: file) {
                failures.withLock { $0.append(file + ": " + String(cString: strerror(errno))) }
            }
        }
        if let failure = failures.withLock({ $0.first }) {
            throw SiteError(file: failure, "cannot write the output file")
        }
        changed += texts.map(\.key)
        for (path, copy) in state.copies {
            let file = destination.appendingPathComponent(path)
            do {
                try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                if fileManager.fileExists(atPath: file.path) { try fileManager.removeItem(at: file) }
                try FileCopy.copy(copy.source, toFile: file.path)
            } catch let error as SiteError {
                throw error
            } catch {
                throw SiteError(file: copy.source.path, "cannot copy to \(path): \(error.localizedDescription)")
            }
            changed.append(path)
        }
        let gone: [String]
        switch before {
        case .memory:
            gone = memory.noteWritten(texts: state.made, copies: state.copied, keepingOthers: state.keepsEverythingElse)
        case .manifest(let files):
            gone = state.keepsEverythingElse ? [] : Array(files.subtracting(state.made.keys).subtracting(state.copied.keys))
            var made = state.made
            if state.keepsEverythingElse { for file in files where made[file] == nil && state.copied[file] == nil { made[file] = 0 } }
            _ = memory.noteWritten(texts: made, copies: state.copied, keepingOthers: false)
        }
        for path in gone {
            let file = destination.appendingPathComponent(path)
            try? fileManager.removeItem(at: file)
            removeEmptyFolders(above: file)
            changed.append(path)
        }
        let writesManifest = if case .manifest = before { true } else { false }
        if writesManifest || !gone.isEmpty || !newPaths.isEmpty {
            var manifest = OutputManifest()
            manifest.files = memory.writtenPaths()
            for file in manifest.files {
                var folder = URLPath.folder(of: file)
                while !folder.isEmpty && manifest.folders.insert(folder).inserted { folder = URLPath.folder(of: folder) }
            }
            if !FileSystem.write(manifest.text, toFile: root + OutputManifest.fileName) {
                throw SiteError(file: root + OutputManifest.fileName, "cannot write the output manifest: \(String(cString: strerror(errno)))")
            }
        }
        changes.withLock { $0 = changed }
    }

    func discard() {
        state.withLock { $0 = State() }
    }


    private func removeEmptyFolders(above file: URL) {
        var folder = file.deletingLastPathComponent().standardizedFileURL
        let root = destination.standardizedFileURL.path
        while folder.path.hasPrefix(root + "/"),
              (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}
