import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's modification time, size and inode: it changed when these did.
package struct FileStamp: Sendable, Hashable {
    let seconds: Int
    let nanoseconds: Int
    let size: Int
    let inode: UInt64

    /// The stamp of the file at `path` (links followed); `nil` when there is none.
    package init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(status: info)
    }

    /// A stamp of these values (as a build cache kept it).
    init(seconds: Int, nanoseconds: Int, size: Int, inode: UInt64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.size = size
        self.inode = inode
    }

    /// The stamp of a file whose status was read already.
    init(status info: stat) {
        #if os(Linux)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #else
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #endif
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
    }
}
