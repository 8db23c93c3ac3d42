import Foundation
@testable import SitegenCLI
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The watcher `serve` rebuilds from, both ways it finds changes.
@Suite struct FileWatcherTests {
    /// The next batches of `watcher` until one holds `path`; `nil` when the stream ends first.
    private func batch(holding path: String, from iterator: inout AsyncStream<FileWatcher.Batch>.Iterator) async -> FileWatcher.Batch? {
        var seen = FileWatcher.Batch()
        while let batch = await iterator.next() {
            seen.formUnion(batch)
            if seen.contains(path) { return seen }
        }
        return nil
    }

    @Test("both watchers report created, changed, moved and deleted files, new folders' files, and skip hidden and scratch files",
          arguments: [false, true])
    func reportsChanges(polling: Bool) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("content/skipped"), withIntermediateDirectories: true)
        let page = root.appendingPathComponent("content/page.md")
        try "one\n".write(to: page, atomically: false, encoding: .utf8)
        let watcher = try FileWatcher(roots: [root], skipping: [root.appendingPathComponent("content/skipped")], polling: polling)
        defer { watcher.stop() }
        if polling {
            #expect(watcher.method == .polling(interval: FileWatcher.pollingInterval, reason: "SITEGEN_WATCH=poll"))
        } else {
            #expect(watcher.method == .events)
        }
        var changes = watcher.changes.makeAsyncIterator()
        let path = root.standardizedFileURL.path
        // A batch that never comes fails the test instead of holding the run: the stream ends.
        let timeout = Task {
            try await Task.sleep(for: .seconds(60))
            watcher.stop()
        }
        defer { timeout.cancel() }

        try "two, longer\n".write(to: page, atomically: false, encoding: .utf8)
        #expect(await batch(holding: path + "/content/page.md", from: &changes) != nil)

        // Hidden files, editor scratch files and skipped folders are not reported.
        try "x".write(to: root.appendingPathComponent("content/.hidden.md"), atomically: false, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("content/page.md~"), atomically: false, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("content/skipped/a.md"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("content/new/deeper"), withIntermediateDirectories: true)
        try "x".write(to: root.appendingPathComponent("content/new/deeper/b.md"), atomically: false, encoding: .utf8)
        let added = await batch(holding: path + "/content/new/deeper/b.md", from: &changes)
        #expect(added != nil)
        #expect(added?.contains { $0.hasSuffix(".hidden.md") || $0.hasSuffix("~") || $0.contains("/skipped/") } == false)

        try FileManager.default.moveItem(at: root.appendingPathComponent("content/new/deeper/b.md"),
                                         to: root.appendingPathComponent("content/c.md"))
        #expect(await batch(holding: path + "/content/c.md", from: &changes)?.contains(path + "/content/new/deeper/b.md") == true)

        try FileManager.default.removeItem(at: page)
        #expect(await batch(holding: path + "/content/page.md", from: &changes) != nil)

        watcher.stop()
        while await changes.next() != nil {}   // the stream ends
    }

    @Test("FolderPoller reports a file rewritten with the same size and time as a change of inode")
    func pollerSeesReplacedFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-poll-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("a.md")
        try "same".write(to: file, atomically: false, encoding: .utf8)
        let date = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        var poller = FolderPoller(roots: [root.path], skipping: [])
        #expect(poller.changes().isEmpty)
        // Replaced by another file (an editor's atomic save) with the same size and time.
        let replacement = root.appendingPathComponent("b.tmp")
        try "same".write(to: replacement, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: date as Any], ofItemAtPath: replacement.path)
        #expect(rename(replacement.path, file.path) == 0)
        #expect(poller.changes() == [file.path])
        #expect(poller.changes().isEmpty)
    }
}
