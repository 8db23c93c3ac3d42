import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file without a name, where a build of a very large site keeps the HTML of its pages
/// between the parse and the render instead of in memory: it has no entry in any folder (it
/// is removed as soon as it is made), so nothing is left behind whatever ends the process.
/// Also the pages' HTML a build cache keeps (``PrivateFile/Reader/sharedForReading()``),
/// read a page at a time.
final class SpillFile: Sendable {
    private let descriptor: Int32
    /// Where the next text goes.
    private let end = Mutex(0)
    private let damaged = Atomic(false)
    /// Whether this is a build's own nameless file (not a build cache's file it reads).
    let isScratch: Bool

    /// Whether a text did not read back as it was put: ``text(at:digest:)`` returned `nil`
    /// (or ``markDamaged()`` was called).
    var isDamaged: Bool { damaged.load(ordering: .relaxed) }

    /// Notes that something kept with the file (a build cache's page details) did not read back.
    func markDamaged() {
        damaged.store(true, ordering: .relaxed)
    }

    /// A spill file on the file system of `folder`; `nil` when none can be made there.
    init?(in folder: String) {
        #if os(Linux)
        // `O_TMPFILE`, a macro Swift does not import: `__O_TMPFILE | O_DIRECTORY`.
        var descriptor = open(folder, 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
        #else
        var descriptor: Int32 = -1
        #endif
        if descriptor < 0 {
            // A file system without nameless files: a name, removed at once.
            let path = folder + "/.sitegen-spill-\(UUID().uuidString)"
            descriptor = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 { unlink(path) }
        }
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        isScratch = true
    }

    /// A spill file reading (and appending to) the open file `descriptor`, which it closes.
    init(adopting descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        isScratch = false
        end.withLock { $0 = size }
    }

    deinit {
        close(descriptor)
    }

    /// Puts `text` in the file; where it is, or `nil` when it cannot be written (a full disk:
    /// the caller keeps the text).
    func append(_ text: String) -> Range<Int>? {
        var text = text
        return text.withUTF8 { bytes -> Range<Int>? in
            let start = end.withLock { end in
                defer { end += bytes.count }
                return end
            }
            var done = 0
            while done < bytes.count {
                let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(start + done))
                guard written > 0 else { return nil }
                done += written
            }
            return start..<start + bytes.count
        }
    }

    /// The text at `range`, as ``append(_:)`` put it there; `nil` when it does not read back,
    /// or when its ``StableHasher`` digest is not `digest` (a file another program changed):
    /// then the file is ``isDamaged``.
    func text(at range: Range<Int>, digest: UInt64? = nil) -> String? {
        var digested: UInt64?
        let text = range.lowerBound < 0 ? "" : String(unsafeUninitializedCapacity: range.count) { buffer -> Int in
            guard FileSystem.read(descriptor, from: range.lowerBound, into: UnsafeMutableRawBufferPointer(buffer)) else { return 0 }
            if digest != nil { digested = StableHasher.digest(bytes: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<range.count]))) }
            return range.count
        }
        guard range.lowerBound >= 0, text.utf8.count == range.count, digested == digest else {
            damaged.store(true, ordering: .relaxed)
            return nil
        }
        return text
    }
}
