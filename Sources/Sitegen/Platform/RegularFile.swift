import SitegenLimits
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the files a build reads or copies, and only if they are regular files: a FIFO, a
/// socket or a device is never read (reading a FIFO waits for a writer forever, a device may
/// never end). The type is looked at before the file is opened, and again on what was opened,
/// in case the file changed in between.
enum RegularFile {
    /// Why a file could not be read, in words for a message after its name.
    struct Failure: Error {
        let reason: String
    }

    /// What kind of thing a file mode is, in words, when it is neither a regular file nor a
    /// folder: `a FIFO (named pipe)`, `a socket`, `a device`.
    static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: nil
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
    }

    /// Opens the regular file at `path` for reading; the caller closes the descriptor.
    static func opened(_ path: String) throws(Failure) -> (descriptor: Int32, info: stat) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(reason: "cannot read the file: \(lastError())") }
        if let kind = specialKind(info.st_mode) { throw Failure(reason: "is \(kind), not a file; it is not read") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(reason: "is a folder, not a file") }
        // O_NONBLOCK: should a FIFO have taken the file's place since, opening it does not wait.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(reason: "cannot read the file: \(lastError())") }
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw Failure(reason: "changed into something other than a file while the site was built")
        }
        return (descriptor, info)
    }

    /// The bytes of the regular file at `path`, at most `maximumSize` of them.
    static func contents(of path: String, maximumSize: Int = .max) throws(Failure) -> Data {
        let (descriptor, info) = try opened(path)
        defer { close(descriptor) }
        let size = Int(info.st_size)
        guard size <= maximumSize else { throw Failure(reason: tooLarge(size, maximumSize)) }
        var data = Data(count: size)
        var count = 0
        let failed: Bool = data.withUnsafeMutableBytes { buffer in
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return got < 0 }
                count += got
            }
            return false
        }
        if failed { throw Failure(reason: "cannot read the file: \(lastError())") }
        // The file may have grown or shrunk since it was measured.
        data.count = count
        var probe: UInt8 = 0
        guard readByte(descriptor, into: &probe) else { return data }
        data.append(probe)
        var more = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = read(descriptor, &more, more.count)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            data.append(contentsOf: more[..<got])
            guard data.count <= maximumSize else { throw Failure(reason: tooLarge(data.count, maximumSize)) }
        }
        return data
    }

    /// The text of the regular file at `path` (UTF-8; a byte that is not becomes U+FFFD), at
    /// most `maximumSize` bytes, read straight into the string's storage: no buffer of its own
    /// to clear and copy, as ``contents(of:maximumSize:)`` has.
    static func text(of path: String, maximumSize: Int = .max) throws(Failure) -> String {
        let (descriptor, info) = try opened(path)
        defer { close(descriptor) }
        let size = Int(info.st_size)
        guard size <= maximumSize else { throw Failure(reason: tooLarge(size, maximumSize)) }
        guard size > 0 else { return String(decoding: try contents(of: path, maximumSize: maximumSize), as: UTF8.self) }
        var failed = false
        let text = String(unsafeUninitializedCapacity: size) { buffer in
            var count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failed = got < 0
                    break
                }
                count += got
            }
            return count
        }
        if failed { throw Failure(reason: "cannot read the file: \(lastError())") }
        // A file that grew since it was measured is read again, the careful way.
        var probe: UInt8 = 0
        if readByte(descriptor, into: &probe) {
            return String(decoding: try contents(of: path, maximumSize: maximumSize), as: UTF8.self)
        }
        return text
    }

    /// Reads one more byte; whether there was one.
    private static func readByte(_ descriptor: Int32, into byte: inout UInt8) -> Bool {
        while true {
            let got = read(descriptor, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            return got > 0
        }
    }

    /// The message of the last failed system call.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }

    static func tooLarge(_ size: Int, _ maximum: Int) -> String {
        "is \(LimitWording.size(size)); files read whole may be at most \(LimitWording.size(maximum))"
    }
}
