import Foundation
import Synchronization

/// The output folder of a cached build (``CachedBuild``): a staged ``OutputFolder`` into
/// which every file the build before wrote and this one makes alike — an output the plan
/// keeps, a text with the same digest, a copy of an unchanged file — is hard-linked from the
/// output folder instead of written. It notes what each file is, for the next build.
final class CachedOutput: OutputSink {
    private let folder: OutputFolder
    private let previous: [String: BuildCache.KeptOutput]
    private let made = Mutex<[String: BuildCache.KeptOutput]>([:])
    private let lost = Mutex<[String]>([])
    private let alongsideCommit = Mutex<(@Sendable () -> Void)?>(nil)
    private let pagesHTML: CachedPageHTML.Opened?

    /// A staged `folder`, with the outputs `previous` of the build before; the build's pages'
    /// HTML kept in `pagesHTML` is checked at ``commit()``.
    init(folder: OutputFolder, previous: [String: BuildCache.KeptOutput], pagesHTML: CachedPageHTML.Opened? = nil) {
        self.folder = folder
        self.previous = previous
        self.pagesHTML = pagesHTML
        made.withLock { $0.reserveCapacity(previous.count) }
    }

    var expectedFiles: Int { previous.count }

    /// What each output file is, once committed.
    var outputs: [String: BuildCache.KeptOutput] { made.withLock { $0 } }

    var builtFolder: String? { folder.builtFolder }
    var scratchFolder: String? { folder.scratchFolder }

    func copyOfBuilt(_ paths: [String]) -> String? {
        folder.copyOfBuilt(paths)
    }

    func write(_ text: String, to path: String) throws {
        let path = try URLPath.outputPath(path)
        let digest = StableHasher.digest(text)
        if let before = previous[path], before.digest == digest, folder.reuse(path, stamp: before.stamp) {
            made.withLock { $0[path] = before }
            return
        }
        try folder.write(text, to: path)
        try note(path, digest: digest, source: nil)
    }

    /// Bytes are written every time: only a site on disk is cached, and its files are copied.
    func write(_ data: Data, to path: String) throws {
        let path = try URLPath.outputPath(path)
        try folder.write(data, to: path)
        try note(path, digest: nil, source: nil)
    }

    func copy(_ source: URL, to path: String) throws {
        let path = try URLPath.outputPath(path)
        let sourceStamp = FileStamp(sourceAt: source.path)
        if let sourceStamp, let before = previous[path], before.source == sourceStamp, folder.reuse(path, stamp: before.stamp) {
            made.withLock { $0[path] = before }
            return
        }
        try folder.copy(source, to: path)
        try note(path, digest: nil, source: sourceStamp)
    }

    func reuseImage(_ path: String, key: String) -> Bool {
        guard let path = try? URLPath.outputPath(path), folder.reuseImage(path, key: key) else { return false }
        return (try? note(path, digest: nil, source: nil)) != nil
    }

    func writeImage(_ data: Data, to path: String, key: String) throws {
        let path = try URLPath.outputPath(path)
        try folder.writeImage(data, to: path, key: key)
        try note(path, digest: nil, source: nil)
    }

    func keep(_ path: String) {
        guard let path = try? URLPath.outputPath(path) else { return }
        keep([path])
    }

    /// Keeps the files at `paths` (output paths) as ``keep(_:)-(String)`` does, each lock taken once.
    func keep(_ paths: [String]) {
        var kept: [(String, BuildCache.KeptOutput)] = []
        var linked: [(String, BuildCache.KeptOutput)] = []
        kept.reserveCapacity(paths.count)
        for path in paths {
            guard let before = previous[path] else {
                lost.withLock { $0.append(path) }
                continue
            }
            if folder.holdsAlready(path) { kept.append((path, before)) } else { linked.append((path, before)) }
        }
        folder.noteHeld(kept.map(\.0))
        for (path, before) in linked {
            if folder.reuse(path, stamp: before.stamp) { kept.append((path, before)) } else { lost.withLock { $0.append(path) } }
        }
        made.withLock { made in
            for (path, before) in kept { made[path] = before }
        }
    }

    private func note(_ path: String, digest: UInt64?, source: FileStamp?) throws {
        guard let stamp = folder.stamp(of: path) else { throw SiteError(file: path, "the output file went while it was written") }
        made.withLock { $0[path] = BuildCache.KeptOutput(digest: digest, source: source, stamp: stamp) }
    }

    /// Has `work` done on another thread while the folder is swapped in at ``commit()``, which
    /// waits for it: what the build cache keeps is worked out then.
    func whileCommitting(_ work: @escaping @Sendable () -> Void) {
        alongsideCommit.withLock { $0 = work }
    }

    func commit() throws {
        // Pages' HTML from the cache that did not read back as it was written is not published.
        if let pagesHTML, pagesHTML.file.isDamaged { throw CachedPageHTML.Damaged(path: pagesHTML.path) }
        // A file kept from the build before that changed under the build is not published stale.
        if let path = lost.withLock({ $0.first }) {
            throw SiteError(file: folder.destination.appendingPathComponent(path).path,
                            "changed or went while the site was built; build again")
        }
        let alongside = DispatchGroup()
        if let work = alongsideCommit.withLock({ $0.take() }) { DispatchQueue.global().async(group: alongside, execute: work) }
        defer { alongside.wait() }
        try folder.commit()
    }

    func discard() {
        folder.discard()
    }

    /// Waits until the output folder of the build before, swapped out at commit, is removed
    /// (which runs while the build cache is written).
    func finish() {
        folder.finishRemoval()
    }

    func removeStrays() -> [String] {
        folder.removeStrays()
    }
}
