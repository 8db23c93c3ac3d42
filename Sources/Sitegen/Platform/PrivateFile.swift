import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file sitegen keeps for itself (the build cache): read only when it is a regular file,
/// not a link, owned by this user and writable by no one else; replaced whole, never written
/// through a link.
enum PrivateFile {
    /// Why a file was not read.
    enum Refusal: Error, Equatable {
        /// There is no file.
        case missing
        /// It is a link, a folder or another kind of entry.
        case notAFile
        /// Another user owns it, or others may write it.
        case notPrivate
        /// It is larger than the bound.
        case tooLarge
        /// Reading failed.
        case unreadable
    }

    /// An open private file, read in parts.
    final class Reader: Sendable {
        private let descriptor: Int32
        /// The file's size in bytes.
        let size: Int

        fileprivate init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = size
        }

        deinit {
            close(descriptor)
        }

        /// `count` bytes from `offset`; `nil` when the file has fewer.
        func read(from offset: Int, count: Int) -> [UInt8]? {
            guard count >= 0 else { return nil }
            var complete = false
            // Not zeroed first: the file's bytes fill it all, or it is not returned.
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                complete = read(from: offset, into: UnsafeMutableRawBufferPointer(buffer))
                initialized = complete ? count : 0
            }
            return complete ? bytes : nil
        }

        /// Fills `buffer` with the bytes from `offset`; false when the file has fewer.
        func read(from offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
            guard offset >= 0, buffer.count <= size - offset else { return false }
            return FileSystem.read(descriptor, from: offset, into: buffer)
        }

        /// The same file, open for reading as a ``SpillFile`` (texts read by their ranges)
        /// for as long as that is used, whatever becomes of this reader or the file's name.
        func sharedForReading() -> SpillFile? {
            let copy = dup(descriptor)
            guard copy >= 0 else { return nil }
            _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
            return SpillFile(adopting: copy, size: size)
        }

        /// The device and inode of the file.
        fileprivate var identity: (device: UInt64, inode: UInt64)? {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            return (UInt64(info.st_dev), UInt64(info.st_ino))
        }
    }

    /// Adds the bytes `produce` hands to `write` at the end of the file at `path`, when it is
    /// still the file `reader` reads (not replaced since, not a link, still private), first cut
    /// to `length` bytes when it is longer (what a write not recorded since added, or padding);
    /// returns where the file ended before the bytes were added (appends of other processes wait
    /// for this one). `nil` when it is not that file or a write fails: what was added is then unused.
    static func append(to path: String, readBy reader: Reader, cutTo length: Int,
                       producing produce: (_ offset: Int, _ write: (UnsafeRawBufferPointer) -> Bool) -> Bool) -> Int? {
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        #else
        let descriptor = Darwin.open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        #endif
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { return nil }
        defer { flock(descriptor, LOCK_UN) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileSystem.kind(ofMode: info.st_mode) == .file, info.st_uid == geteuid(),
              info.st_mode & (S_IWGRP | S_IWOTH) == 0, let known = reader.identity,
              known == (UInt64(info.st_dev), UInt64(info.st_ino)) else { return nil }
        guard length >= 0, Int(info.st_size) <= length || ftruncate(descriptor, off_t(length)) == 0 else { return nil }
        let start = min(Int(info.st_size), length)
        return produce(start) { FileSystem.write($0, to: descriptor) } ? start : nil
    }

    /// The file at `path`, open for reading, when it is at most `maximumSize` bytes.
    static func open(_ path: String, maximumSize: Int) -> Result<Reader, Refusal> {
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        #else
        let descriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        #endif
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : errno == ELOOP ? .notAFile : .unreadable) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return .failure(.unreadable)
        }
        let refusal: Refusal? = if FileSystem.kind(ofMode: info.st_mode) != .file { .notAFile }
            else if info.st_uid != geteuid() || info.st_mode & (S_IWGRP | S_IWOTH) != 0 { .notPrivate }
            else if Int(info.st_size) > maximumSize { .tooLarge }
            else { nil }
        if let refusal {
            close(descriptor)
            return .failure(refusal)
        }
        return .success(Reader(descriptor: descriptor, size: Int(info.st_size)))
    }

    /// Puts `bytes` at `path` in one step: written to a new file beside it (readable and
    /// writable by this user only), then renamed over it. False when it cannot be done;
    /// nothing is left behind then.
    @discardableResult
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        replace(path) { write in bytes.withUnsafeBytes { write($0) } }
    }

    /// ``replace(_:with:)`` with bytes that `produce` hands to the `write` it is given, part
    /// by part, so that a large file is never whole in memory; `produce` returns false (or a
    /// write fails) and nothing changes.
    static func replace(_ path: String, producing produce: (_ write: (UnsafeRawBufferPointer) -> Bool) -> Bool) -> Bool {
        let temporary = path + ".\(ProcessID.current.value)-\(UUID().uuidString).tmp"
        #if canImport(Glibc)
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        #else
        let descriptor = Darwin.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        #endif
        guard descriptor >= 0 else { return false }
        let written = produce { FileSystem.write($0, to: descriptor) }
        close(descriptor)
        guard written, FileSystem.rename(temporary, to: path) == nil else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the file at `path` if it is a regular file or a link (never a folder).
    static func remove(_ path: String) {
        guard let kind = FileSystem.kind(path), kind == .file || kind == .link else { return }
        unlink(path)
    }
}
