import Foundation
import Sitegen
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches a folder tree for changed, created, deleted and renamed files, and reports them in
/// batches: a burst of events (an editor's save, a `git checkout`) arrives as one batch.
///
/// On Linux it uses inotify, one watch per folder, so a quiet tree costs nothing; folders made
/// later are watched as they appear. Where inotify is missing (other systems), cannot start,
/// or refuses a watch (`fs.inotify.max_user_watches` reached), and when `SITEGEN_WATCH=poll`
/// asks for it, a ``FolderPoller`` looks at every file's stamp at an interval instead
/// (``method`` says which). Hidden folders, `.build`, the `skipping` folders (the output) and
/// symbolic links to folders are not watched (a linked folder the site reads, such as a
/// linked `content/`, is given as a root of its own).
final class FileWatcher: Sendable {
    /// The changed paths of one batch, absolute.
    typealias Batch = Set<String>

    /// How changes are found.
    enum Method: Sendable, Equatable {
        /// Events from inotify.
        case events
        /// A look at every file at least every `interval` seconds, and why events are not used.
        case polling(interval: Double, reason: String)
    }

    /// How this watcher finds changes.
    let method: Method
    private let roots: [String]
    private let skipping: Set<String>
    private let batches: AsyncStream<Batch>
    private let continuation: AsyncStream<Batch>.Continuation
    /// Written to once by `stop()`, to end the watching thread; closed when the watcher goes.
    private let stopPipe: (read: Int32, write: Int32)
    private let stopped = Atomic(false)
    #if os(Linux)
    private let descriptor: Int32
    #endif

    /// The shortest time between two looks of the polling watcher, in seconds.
    static let pollingInterval = 0.5

    /// Starts watching the trees at `roots`; `skipping` are absolute folder paths left out.
    /// `polling` asks for the polling watcher (default: when `SITEGEN_WATCH=poll`).
    init(roots: [URL], skipping: [URL],
         polling: Bool = ProcessInfo.processInfo.environment["SITEGEN_WATCH"] == "poll") throws {
        let roots = roots.map(\.standardizedFileURL.path)
        let skipping = Set(skipping.map(\.standardizedFileURL.path))
        self.roots = roots
        self.skipping = skipping
        (batches, continuation) = AsyncStream.makeStream(of: Batch.self)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw SiteError(file: roots.first ?? ".", "cannot watch for changes: \(String(cString: strerror(errno)))")
        }
        stopPipe = (ends[0], ends[1])
        var reason = "SITEGEN_WATCH=poll"
        #if os(Linux)
        var folders: [Int32: String] = [:]
        var inotify = polling ? -1 : inotify_init1(Int32(IN_CLOEXEC))
        if inotify < 0, !polling {
            reason = "inotify cannot start: " + String(cString: strerror(errno))
        } else if inotify >= 0, let refusal = Self.watchTrees(roots, descriptor: inotify, skipping: skipping, folders: &folders) {
            reason = "inotify refused a watch (\(refusal)); raise fs.inotify.max_user_watches to use it"
            close(inotify)
            folders = [:]
            inotify = -1
        }
        descriptor = inotify
        #else
        reason = "this system has no inotify"
        #endif
        // What the trees hold is looked at (or watched) before `init` returns, so that a change
        // made as soon as it has returned is reported.
        let thread: Thread
        #if os(Linux)
        if descriptor >= 0 {
            method = .events
            thread = Thread { [self, folders] in readEvents(folders: folders) }
        } else {
            method = .polling(interval: Self.pollingInterval, reason: reason)
            let poller = FolderPoller(roots: roots, skipping: skipping)
            thread = Thread { [self] in pollTrees(poller) }
        }
        #else
        method = .polling(interval: Self.pollingInterval, reason: reason)
        let poller = FolderPoller(roots: roots, skipping: skipping)
        thread = Thread { [self] in pollTrees(poller) }
        #endif
        thread.name = "sitegen file watcher"
        thread.start()
    }

    /// The watching thread holds the watcher, so the descriptors close after it has ended.
    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
        #if os(Linux)
        if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// The batches of changed paths, as they come.
    var changes: AsyncStream<Batch> { batches }

    /// Stops watching; `changes` ends.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    /// Whether a path found in a watched tree is watched: not hidden, not a skipped folder.
    static func isWatched(_ path: String, skipping: Set<String>) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return !name.hasPrefix(".") && !skipping.contains(path)
    }

    /// Waits up to `seconds` for `stop()`; whether it came (and `changes` has then ended).
    private func waitForStop(seconds: Double) -> Bool {
        var waiter = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
        guard poll(&waiter, 1, Int32(seconds * 1000)) > 0 else { return false }
        continuation.finish()
        return true
    }

    /// Looks at the trees at an interval until stopped; runs on its own thread. The interval
    /// grows with the time a look takes, so that polling a huge tree keeps under 5% of a core.
    private func pollTrees(_ poller: FolderPoller) {
        var poller = poller
        var interval = Self.pollingInterval
        while !waitForStop(seconds: interval) {
            let start = DispatchTime.now().uptimeNanoseconds
            let changed = poller.changes()
            let took = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            interval = max(Self.pollingInterval, took * 20)
            if !changed.isEmpty { continuation.yield(changed) }
        }
    }

    #if os(Linux)
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                     | IN_DELETE_SELF)

    /// Watches the trees at `roots` (see ``watchTree(_:descriptor:skipping:folders:files:)``).
    private static func watchTrees(_ roots: [String], descriptor: Int32, skipping: Set<String>,
                                   folders: inout [Int32: String]) -> String? {
        var files: [String]?
        return roots.compactMap { watchTree($0, descriptor: descriptor, skipping: skipping, folders: &folders, files: &files) }.first
    }

    /// Watches `folder` and every watched folder below it (links are not followed: a linked
    /// folder could lead in circles), noting each watch in `folders` and, when `files` is not
    /// `nil`, each watched file found; what inotify said when it first refused a watch for want
    /// of room, if it did.
    private static func watchTree(_ folder: String, descriptor: Int32, skipping: Set<String>,
                                  folders: inout [Int32: String], files: inout [String]?) -> String? {
        var refusal: String?
        var pending = [folder]
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 {
                folders[watch] = folder
            } else if refusal == nil, errno == ENOSPC || errno == ENOMEM {
                refusal = String(cString: strerror(errno))
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: if isWatched(path, skipping: skipping) { pending.append(path) }
                case S_IFLNK: continue
                default: if isWatched(path, skipping: skipping) && !isEditorScratch(name) { files?.append(path) }
                }
            }
        }
        return refusal
    }

    /// Reads events until stopped; runs on its own thread (a blocking read costs nothing while
    /// the tree is quiet). `folders`: the watches made so far.
    private func readEvents(folders: [Int32: String]) {
        var folders = folders
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var batch = Batch()
        while true {
            // Wait for the first event, then gather what follows within a few milliseconds.
            var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, batch.isEmpty ? -1 : 8)
            if ready > 0, pollers[1].revents != 0 {
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
                    var files: [String]? = []
                    _ = Self.watchTree(path, descriptor: descriptor, skipping: skipping, folders: &folders, files: &files)
                    batch.formUnion(files ?? [])
                }
                if isWatched(path) && !Self.isEditorScratch(name) { batch.insert(path) }
            }
        }
    }

    /// Files editors write beside the one being saved: backups, swap files, vim's write test.
    static func isEditorScratch(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name == "4913" || name.hasPrefix("#")
    }

    private func isWatched(_ path: String) -> Bool {
        Self.isWatched(path, skipping: skipping)
    }

    #endif
}
