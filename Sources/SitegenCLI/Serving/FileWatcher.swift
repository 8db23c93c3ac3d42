import Foundation
import Sitegen
#if canImport(Glibc)
import Glibc
#endif

/// Watches a folder tree for changed, created, deleted and renamed files, and reports them in
/// batches: a burst of events (an editor's save, a `git checkout`) arrives as one batch.
///
/// On Linux it uses inotify, one watch per folder, so a quiet tree costs nothing; folders made
/// later are watched as they appear. Hidden folders, `.build`, the `skipping` folders (the
/// output) and symbolic links to folders are not watched (a linked folder the site reads, such
/// as a linked `content/`, is given as a root of its own).
final class FileWatcher: Sendable {
    /// The changed paths of one batch, absolute.
    typealias Batch = Set<String>

    private let roots: [String]
    private let skipping: Set<String>
    private let batches: AsyncStream<Batch>
    private let continuation: AsyncStream<Batch>.Continuation

    #if os(Linux)
    private let descriptor: Int32
    /// Written to by `stop()`, to end the reading thread.
    private let stopPipe: (read: Int32, write: Int32)
    #endif

    /// Starts watching the trees at `roots`; `skipping` are absolute folder paths left out.
    init(roots: [URL], skipping: [URL]) throws {
        self.roots = roots.map(\.standardizedFileURL.path)
        let root = self.roots.first ?? "."
        self.skipping = Set(skipping.map(\.standardizedFileURL.path))
        (batches, continuation) = AsyncStream.makeStream(of: Batch.self)
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        var ends: [Int32] = [0, 0]
        guard descriptor >= 0, pipe(&ends) == 0 else {
            throw SiteError(file: root, "cannot watch for changes: \(String(cString: strerror(errno)))")
        }
        stopPipe = (ends[0], ends[1])
        let thread = Thread { [self] in readEvents() }
        thread.name = "sitegen file watcher"
        thread.start()
        #else
        throw SiteError(file: root, "watching for changes needs inotify; this system is not supported yet")
        #endif
    }

    /// The batches of changed paths, as they come.
    var changes: AsyncStream<Batch> { batches }

    /// Stops watching; `changes` ends.
    func stop() {
        #if os(Linux)
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        #endif
    }

    #if os(Linux)
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                     | IN_DELETE_SELF)

    /// Reads events until the process ends; runs on its own thread (a blocking read costs
    /// nothing while the tree is quiet).
    private func readEvents() {
        var folders: [Int32: String] = [:]
        for root in roots { watchTree(root, into: &folders) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var batch = Batch()
        while true {
            // Wait for the first event, then gather what follows within a few milliseconds.
            var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, batch.isEmpty ? -1 : 8)
            if ready > 0, pollers[1].revents != 0 {
                close(descriptor)
                close(stopPipe.read)
                close(stopPipe.write)
                continuation.finish()
                return
            }
            if ready == 0 {
                continuation.yield(batch)
                batch = []
                continue
            }
            guard ready > 0 else { if errno == EINTR { continue } else { continuation.finish(); return } }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { if errno == EINTR { continue } else { continuation.finish(); return } }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<(nameStart + nameLength)].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: report the roots, so that the build looks at every file.
                    batch.formUnion(roots)
                    continue
                }
                guard let folder = folders[watch] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil; continue }
                let path = name.isEmpty ? folder : folder + "/" + name
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, isWatched(path) {
                    // A new folder: watch it, and report what it already holds.
                    for file in watchTree(path, into: &folders) { batch.insert(file) }
                }
                if isWatched(path) && !Self.isEditorScratch(name) { batch.insert(path) }
            }
        }
    }

    /// Files editors write beside the one being saved: backups, swap files, vim's write test.
    private static func isEditorScratch(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name == "4913" || name.hasPrefix("#")
    }

    private func isWatched(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return !name.hasPrefix(".") && !skipping.contains(path)
    }

    /// Watches `folder` and every folder below it; returns the files found.
    @discardableResult
    private func watchTree(_ folder: String, into folders: inout [Int32: String]) -> [String] {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        if watch >= 0 { folders[watch] = folder }
        var files: [String] = []
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return files }
        for name in names {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: if isWatched(path) { files += watchTree(path, into: &folders) }
            case S_IFLNK: continue   // not followed: a linked folder could lead in circles
            default: files.append(path)
            }
        }
        return files
    }
    #endif
}
