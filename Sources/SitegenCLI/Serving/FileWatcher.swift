import Foundation
import Sitegen
import Synchronization

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
    /// Sent once by `stop()`, to end the watching thread.
    private let stopSignal: StopSignal
    private let stopped = Atomic(false)

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
        do throws(SystemCallError) {
            stopSignal = try StopSignal()
        } catch {
            throw SiteError(file: roots.first ?? ".", "cannot watch for changes: \(error.message)")
        }
        var reason = "SITEGEN_WATCH=poll"
        var folders: [Int32: String] = [:]
        // Held by the watching thread, and closed when it ends.
        var watching: FolderEvents?
        if !FolderEvents.isAvailable {
            reason = "this system has no inotify"
        } else if !polling {
            switch FolderEvents.start() {
            case .failure(let failure):
                reason = "inotify cannot start: " + failure.message
            case .success(let started):
                if let refusal = Self.watchTrees(roots, events: started, skipping: skipping, folders: &folders) {
                    reason = "inotify refused a watch (\(refusal)); raise fs.inotify.max_user_watches to use it"
                    folders = [:]
                } else {
                    watching = started
                }
            }
        }
        // What the trees hold is looked at (or watched) before `init` returns, so that a change
        // made as soon as it has returned is reported.
        let thread: Thread
        if let watching {
            method = .events
            thread = Thread { [self, folders] in readEvents(watching, folders: folders) }
        } else {
            method = .polling(interval: Self.pollingInterval, reason: reason)
            let poller = FolderPoller(roots: roots, skipping: skipping)
            thread = Thread { [self] in pollTrees(poller) }
        }
        thread.name = "sitegen file watcher"
        thread.start()
    }

    /// The batches of changed paths, as they come.
    var changes: AsyncStream<Batch> { batches }

    /// Stops watching; `changes` ends.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        stopSignal.send()
    }

    /// Whether a path found in a watched tree is watched: not hidden, not a skipped folder.
    static func isWatched(_ path: String, skipping: Set<String>) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return !name.hasPrefix(".") && !skipping.contains(path)
    }

    /// Waits up to `seconds` for `stop()`; whether it came (and `changes` has then ended).
    private func waitForStop(seconds: Double) -> Bool {
        guard stopSignal.wait(seconds: seconds) else { return false }
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

    /// Watches the trees at `roots` (see ``watchTree(_:events:skipping:folders:files:)``).
    private static func watchTrees(_ roots: [String], events: FolderEvents, skipping: Set<String>,
                                   folders: inout [Int32: String]) -> String? {
        var files: [String]?
        return roots.compactMap { watchTree($0, events: events, skipping: skipping, folders: &folders, files: &files) }.first
    }

    /// Watches `folder` and every watched folder below it (links are not followed: a linked
    /// folder could lead in circles), noting each watch in `folders` and, when `files` is not
    /// `nil`, each watched file found; what inotify said when it first refused a watch for want
    /// of room, if it did.
    private static func watchTree(_ folder: String, events: FolderEvents, skipping: Set<String>,
                                  folders: inout [Int32: String], files: inout [String]?) -> String? {
        var refusal: String?
        var pending = [folder]
        while let folder = pending.popLast() {
            switch events.watch(folder) {
            case .watching(let watch): folders[watch] = folder
            case .refused(let reason): if refusal == nil { refusal = reason }
            case .failed: break
            }
            // Kinds as the folder lists them: no file is looked at on its own (100,000 pages: 0.5 s).
            guard case .success(let entries) = FolderEntry.entries(of: folder) else { continue }
            for entry in entries {
                let name = String(decoding: entry.name, as: UTF8.self)
                let path = folder + "/" + name
                // Only folders are watched; files are listed only for polling.
                if entry.listedKind == .file && files == nil { continue }
                guard let kind = entry.kind(at: path) else { continue }
                switch kind {
                case .folder: if isWatched(path, skipping: skipping) { pending.append(path) }
                case .link: continue
                case .file, .other: if isWatched(path, skipping: skipping) && !isEditorScratch(name) { files?.append(path) }
                }
            }
        }
        return refusal
    }

    /// Reads events until stopped; runs on its own thread (a blocking read costs nothing while
    /// the tree is quiet). `folders`: the watches made so far.
    private func readEvents(_ events: FolderEvents, folders: [Int32: String]) {
        var folders = folders
        var batch = Batch()
        while true {
            // Wait for the first event, then gather what follows within a few milliseconds.
            switch events.waitForEvents(orStop: stopSignal, milliseconds: batch.isEmpty ? nil : 8) {
            case .stopped, .failed:
                continuation.finish()
                return
            case .timedOut:
                continuation.yield(batch)
                batch = []
                continue
            case .interrupted:
                continue
            case .ready:
                break
            }
            let read: [FolderEvents.Event]
            switch events.read() {
            case .events(let some): read = some
            case .interrupted: continue
            case .failed: continuation.finish(); return
            }
            for event in read {
                if event.isOverflow {
                    // Events were lost: report the roots, so that the build looks at every file.
                    batch.formUnion(roots)
                    continue
                }
                guard let folder = folders[event.watch] else { continue }
                if event.isWatchEnd { folders[event.watch] = nil; continue }
                let path = event.name.isEmpty ? folder : folder + "/" + event.name
                if event.isFolder, event.isArrival, isWatched(path) {
                    // A new folder: watch it, and report what it already holds.
                    var files: [String]? = []
                    _ = Self.watchTree(path, events: events, skipping: skipping, folders: &folders, files: &files)
                    batch.formUnion(files ?? [])
                }
                if isWatched(path) && !Self.isEditorScratch(event.name) { batch.insert(path) }
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
}
