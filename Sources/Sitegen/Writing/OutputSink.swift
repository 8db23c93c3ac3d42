import Foundation
import Synchronization

/// Where a build's files go: a folder on disk (``OutputFolder``) or memory (``MemoryOutput``).
protocol OutputSink: Sendable {
    /// The folder that holds what this build wrote so far, as files (for tools that read the
    /// built site, such as the search indexer); `nil` when the build is not on disk yet.
    var builtFolder: String? { get }
    /// A folder on the file system the output goes to, where a build may keep nameless files
    /// (``SpillFile``); `nil` for an output in memory.
    var scratchFolder: String? { get }
    /// A new folder holding in `site/` copies of the built files at `paths` (output paths) and
    /// nothing else, for a tool that reads the built site and must see this build's files
    /// alone (the search indexer); the caller removes it. `nil` when the build is not on disk,
    /// or the folder cannot be made (``OutputFolder/copyOfBuilt(_:)``).
    func copyOfBuilt(_ paths: [String]) -> String?
    func write(_ text: String, to path: String) throws
    /// Writes bytes: a file of a source not on disk, which cannot be copied.
    func write(_ data: Data, to path: String) throws
    func copy(_ source: URL, to path: String) throws
    /// Keeps the file a live build made before at `path`, unchanged (a no-op elsewhere).
    func keep(_ path: String)
    /// Keeps the files a live build made before at `paths` (output paths), as ``keep(_:)-(String)``.
    func keep(_ paths: [String])
    /// Whether the build makes the copies of its images (a live build leaves them out: the
    /// preview makes each when a browser asks for it, ``ImageCopyName``).
    var makesImageCopies: Bool { get }
    /// Puts in the build the image copy the build before made at `path` from the same image
    /// the same way (`key`, ``ImageCopyMaker``), without making it again; false when there is none.
    func reuseImage(_ path: String, key: String) -> Bool
    /// Writes an image copy made the way `key` says at `path`.
    func writeImage(_ data: Data, to path: String, key: String) throws
    /// About how many files the build makes, for the room kept for them (0: not known).
    var expectedFiles: Int { get }
    /// Whether every file of the build before stays unless written anew (a page edit's live
    /// build): a file kept needs no word then, and claims no path (nothing moved).
    var keepsUnwritten: Bool { get }
    func commit() throws
    func discard()
    /// Removes from the built folder every entry this build did not write through the sink (a
    /// child program's, a build step's), so that what is published is what the manifest
    /// lists; returns their paths.
    func removeStrays() -> [String]
}

extension OutputSink {
    func keep(_ paths: [String]) {
        for path in paths { keep(path) }
    }
    var keepsUnwritten: Bool { false }
    func copyOfBuilt(_ paths: [String]) -> String? { nil }
    var expectedFiles: Int { 0 }
    var makesImageCopies: Bool { true }
    func reuseImage(_ path: String, key: String) -> Bool { false }
    func writeImage(_ data: Data, to path: String, key: String) throws { try write(data, to: path) }
}

extension OutputFolder: OutputSink {
    func keep(_ path: String) {}
    var expectedFiles: Int { filesBefore }
    var builtFolder: String? { stagingFolder }
    var scratchFolder: String? { stagingFolder }
}
