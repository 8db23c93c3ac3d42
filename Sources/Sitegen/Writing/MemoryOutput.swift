import Foundation
import Synchronization

/// A build kept in memory: nothing is written to disk.
final class MemoryOutput: OutputSink {
    /// Whether it takes only some outputs of a preview, as a live build does: no image copies
    /// (the preview makes each when asked), no word of the files left unwritten.
    let isPreview: Bool
    var builtFolder: String? { nil }
    var scratchFolder: String? { nil }
    /// Nothing reaches memory but through the sink.
    func removeStrays() -> [String] { [] }
    private let files = Mutex<[String: Data]>([:])

    init(preview: Bool = false) {
        isPreview = preview
    }

    var makesImageCopies: Bool { !isPreview }
    var keepsUnwritten: Bool { isPreview }

    func write(_ text: String, to path: String) throws {
        let normalized = try URLPath.outputPath(path)
        files.withLock { $0[normalized] = Data(text.utf8) }
    }

    func write(_ data: Data, to path: String) throws {
        let normalized = try URLPath.outputPath(path)
        files.withLock { $0[normalized] = data }
    }

    func copy(_ source: URL, to path: String) throws {
        let normalized = try URLPath.outputPath(path)
        do {
            let data = try RegularFile.contents(of: source.path)
            files.withLock { $0[normalized] = data }
        } catch {
            throw SiteError(file: source.path, error.reason)
        }
    }

    func keep(_ path: String) {}
    func commit() throws {}
    func discard() {}

    var contents: [String: Data] { files.withLock { $0 } }
}
