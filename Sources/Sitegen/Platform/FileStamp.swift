import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file's modification time, size and inode: it changed when these did.
struct FileStamp: Sendable, Hashable {
    let seconds: Int
    let nanoseconds: Int
    let size: Int
    let inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
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
