import Foundation
import Sitegen
import SitegenImages
import Synchronization

/// The copies of images a preview's pages name (`ridge.480w.webp`, `ridge.1200x630.jpg`,
/// `ridge.fill-600x400-smart-q80.webp`), which a live build does not make: each is made when a
/// browser first asks for it, from the image beside it (``ImageCopyName``), on threads of its
/// own, two at a time, so that no page waits for an image; then kept in memory (up to
/// ``heldBytes``) until the image changes. Nothing is written to disk. A copy of more than
/// ``largestCopy`` pixels is not made; an image libvips cannot make smaller is sent as it is.
final class PreviewImages: Sendable {
    /// How many bytes of copies are kept; past it, the kept ones are dropped.
    static let heldBytes = 256 << 20

    private struct Kept {
        var copies: [String: (stamp: FileStamp, data: Data)] = [:]
        var bytes = 0
    }

    private let kept = Mutex(Kept())
    /// Two copies made at a time; the others wait in the queue, holding no thread.
    private let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "sitegen.preview-images"
        queue.maxConcurrentOperationCount = 2
        return queue
    }()

    /// The most pixels a copy made for the preview may have (a name can ask for any size).
    static let largestCopy = 25_000_000

    /// The copy whose file name ends `path` (a path of the folder `root`, relative, checked by
    /// the caller to lie in it) made from the image beside it; `nil` when the name is no copy's,
    /// no image is beside it, or it cannot be made. While the first build has not copied the
    /// image yet, it is found where the site keeps it (`early`).
    func copy(at path: String, in root: URL, early: EarlyPages? = nil) async -> Data? {
        let name = (path as NSString).lastPathComponent
        guard let copyName = ImageCopyName(name),
              (copyName.operation.width ?? 1) * (copyName.operation.height ?? 1) <= Self.largestCopy else { return nil }
        let folderPath = (path as NSString).deletingLastPathComponent
        let folder = root.appendingPathComponent(folderPath)
        var source: String?
        if let original = copyName.originals.lazy.map({ folder.appendingPathComponent($0) }).first(where: { FileSystem.kind($0.path) == .file }) {
            guard let realRoot = FileSystem.resolved(root.path), let real = FileSystem.resolved(original.path),
                  real.hasPrefix(realRoot + "/") else { return nil }
            source = real
        } else if let early {
            for original in copyName.originals {
                if let file = await early.siteFile(folderPath.isEmpty ? original : folderPath + "/" + original) {
                    source = file.path
                    break
                }
            }
        }
        guard let real = source, let stamp = FileStamp(real) else { return nil }
        let key = folder.path + "/" + name
        if let known = kept.withLock({ $0.copies[key] }), known.stamp == stamp { return known.data }
        // An image libvips cannot make smaller (cut short, too large) is shown as it is: the browser reads it.
        let made: Data? = await withCheckedContinuation { continuation in
            queue.addOperation {
                let copy = (try? ImageLibrary.make(copyName.operation, fromFileAt: real)).map { Data($0) }
                continuation.resume(returning: copy ?? FileManager.default.contents(atPath: real))
            }
        }
        guard let made else { return nil }
        kept.withLock { kept in
            if kept.bytes + made.count > Self.heldBytes { kept = Kept() }
            kept.copies[key] = (stamp, made)
            kept.bytes += made.count
        }
        return made
    }
}
