import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's modification time (for a file the site reads, the time its status last changed:
/// ``init(sourceAt:)``), size and inode: it changed when these did.
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

    /// The stamp of a file the site reads at `path` (links followed), with the time its status
    /// last changed in place of its modification time: any write changes both, but only the
    /// modification time can be set back (`cp -p`, `touch -d`), which would leave an edit of the
    /// same size unseen. Compared only with stamps made this way. `nil` when there is none.
    package init?(sourceAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(sourceStatus: info)
    }

    /// The stamp of a file the site reads, as ``init(sourceAt:)``, whose status was read already.
    init(sourceStatus info: stat) {
        self.init(status: info, time: Self.time(of: info, statusChange: true))
    }

    /// The stamp of the file at the relative `path` of the open folder `descriptor` (links
    /// followed), as ``init(_:)`` (no walk of the path to that folder each time).
    init?(_ path: String, in descriptor: Int32) {
        var info = stat()
        guard fstatat(descriptor, path, &info, 0) == 0 else { return nil }
        self.init(status: info)
    }

    /// The stamp of the regular file at `path` (not followed when it is a link); `nil` when
    /// there is none, or another kind of entry.
    init?(regularFileAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, FileSystem.kind(ofMode: info.st_mode) == .file else { return nil }
        self.init(status: info)
    }

    /// The stamp of the folder at `path` (not followed when it is a link); `nil` when there is
    /// none, or another kind of entry. A folder's stamp holds the time its status last changed,
    /// not its modification time: any change of its entries changes both, and no one can set
    /// the first back.
    init?(folderAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, FileSystem.kind(ofMode: info.st_mode) == .folder else { return nil }
        self.init(folderStatus: info)
    }

    /// The stamp of the folder at the relative `path` of the open folder `descriptor`, as
    /// ``init(folderAt:)``.
    init?(folderAt path: String, in descriptor: Int32) {
        var info = stat()
        guard fstatat(descriptor, path, &info, AT_SYMLINK_NOFOLLOW) == 0, FileSystem.kind(ofMode: info.st_mode) == .folder else { return nil }
        self.init(folderStatus: info)
    }

    private init(folderStatus info: stat) {
        self.init(status: info, time: Self.time(of: info, statusChange: true))
    }

    /// Whether the file was modified at or after `moment`, or so close before it that a later
    /// change could keep the same time (file systems keep times at the clock's tick, a few
    /// milliseconds): its stamp cannot vouch for its content then.
    func isRacy(with moment: Date) -> Bool {
        Double(seconds) + Double(nanoseconds) / 1e9 >= moment.timeIntervalSince1970 - Self.racyWindow
    }

    /// How long before a moment a change makes a stamp racy (``isRacy(with:)``), in seconds.
    static let racyWindow = 0.1

    /// This stamp made one that matches no file: what the next build must look at again.
    var spoiled: FileStamp {
        FileStamp(seconds: seconds, nanoseconds: -1, size: size, inode: inode)
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
        self.init(status: info, time: Self.time(of: info, statusChange: false))
    }

    /// The time `info` gives of the last change of the file's status, or of its content.
    private static func time(of info: stat, statusChange: Bool) -> timespec {
        #if os(Linux)
        statusChange ? info.st_ctim : info.st_mtim
        #else
        statusChange ? info.st_ctimespec : info.st_mtimespec
        #endif
    }

    private init(status info: stat, time: timespec) {
        self.init(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int(info.st_size), inode: UInt64(info.st_ino))
    }
}
