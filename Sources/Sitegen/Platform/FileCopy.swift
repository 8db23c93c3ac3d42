import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a published file's bytes into the output. A linked file is published as a copy of
/// what it links to, never as a link (a link in the output would lead a web server to the
/// file it names, wherever that is), and only a regular file is copied: a FIFO or device is
/// never opened for reading.
enum FileCopy {
    /// Copies the regular file at `source` to the file at `destination`, replacing a file or a
    /// link there (never writing through a link), with the source's permissions.
    static func copy(_ source: URL, toFile destination: String) throws(SiteError) {
        let input: (descriptor: Int32, info: stat)
        do {
            input = try RegularFile.opened(source.path)
        } catch {
            throw SiteError(file: source.path, error.reason)
        }
        defer { close(input.descriptor) }
        var existing = stat()
        if lstat(destination, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFLNK { unlink(destination) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, input.info.st_mode & 0o777)
        guard output >= 0 else {
            throw SiteError(file: source.path, "cannot copy to \(destination): \(RegularFile.lastError())")
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 17)
        while true {
            let got = read(input.descriptor, &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw SiteError(file: source.path, "cannot read the file: \(RegularFile.lastError())") }
            if got == 0 { return }
            var offset = 0
            while offset < got {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, got - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw SiteError(file: source.path, "cannot copy to \(destination): \(RegularFile.lastError())")
                }
                offset += written
            }
        }
    }
}
