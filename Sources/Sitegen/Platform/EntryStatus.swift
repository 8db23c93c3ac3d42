import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one `lstat` (or `stat`, through links) says of an entry: its kind, what it is in words
/// when it is a special file, and its ``FileStamp``. One call gives all three, so that they
/// describe the same file even while it changes.
package struct EntryStatus: Sendable {
    /// What the entry is; through links, what the last one leads to (never a link).
    package let kind: FileSystem.Kind
    /// Its modification time, size and inode.
    package let stamp: FileStamp
    private let mode: mode_t

    /// The status of the entry at `path`: of a link itself, or with `followingLinks` of what
    /// it leads to; `nil` when there is none.
    package init?(_ path: String, followingLinks: Bool = false) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        kind = FileSystem.kind(ofMode: info.st_mode)
        stamp = FileStamp(status: info)
        mode = info.st_mode
    }

    /// In words, what the entry is when it is neither a regular file nor a folder:
    /// `a FIFO (named pipe)`, `a socket`, `a device`, `a special file` (a link, too, unless
    /// links are followed).
    var specialKind: String? {
        RegularFile.specialKind(mode)
    }
}
