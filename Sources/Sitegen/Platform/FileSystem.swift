import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls the output writer needs that Foundation does not offer: an atomic swap of
/// two folders, hard links, entries listed without following links, files written without
/// syncing, mount points, attributes and locks.
/// Every call takes and gives plain paths; errors are `errno` values.
package enum FileSystem {
    /// What an entry is, without following a symbolic link.
    package enum Kind: Equatable, Sendable {
        /// A folder.
        case folder
        /// A regular file.
        case file
        /// A symbolic link.
        case link
        /// A FIFO, a socket or a device.
        case other
    }

    /// The kind of the entry at `path`, or `nil` when there is none.
    package static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return kind(ofMode: info.st_mode)
    }

    /// The kind a file mode (`st_mode`) gives.
    static func kind(ofMode mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file
        case S_IFLNK: .link
        default: .other
        }
    }

    /// The device and inode of the entry at `path` (links followed): the same for every path
    /// that leads to it, bind mounts included; `nil` when there is none.
    static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// The device and inode of the entry at `path` itself (a link not followed): two names of
    /// one file have the same; `nil` when there is none.
    static func entryIdentity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// The names in a folder, hidden ones included (`.` and `..` left out); `nil` when it cannot be read.
    static func entries(of folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The path with every symbolic link resolved; for a path that does not exist yet, its
    /// nearest existing folder resolved and the rest appended.
    static func realPath(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while true {
            if let base = resolved(existing) {
                return rest.reversed().reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            guard existing != "/" else { return path }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
    }

    /// The path of an existing entry with every link resolved, or `nil` (and `errno` set) when
    /// it leads nowhere.
    package static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Swaps two entries of one file system in one step: at no moment is either path missing.
    /// Linux only (`renameat2` with `RENAME_EXCHANGE`); elsewhere, and on file systems without
    /// it, fails with `EINVAL` or `ENOSYS`.
    static func exchange(_ first: String, _ second: String) -> Int32? {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = renameAt2Symbol else { return ENOSYS }
        let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE, which Glibc's Swift module does not export
        return renameAt2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0 ? nil : errno
        #else
        return ENOSYS
        #endif
    }

    #if os(Linux)
    /// Looked up once: Glibc declares `renameat2` only under `_GNU_SOURCE`, which Swift's module leaves out.
    nonisolated(unsafe) private static let renameAt2Symbol: UnsafeMutableRawPointer? = dlsym(dlopen(nil, RTLD_NOW), "renameat2")
    #endif

    /// Renames `source` to `destination` (replacing a file there); the `errno` on failure.
    @discardableResult
    static func rename(_ source: String, to destination: String) -> Int32? {
        #if canImport(Glibc)
        Glibc.rename(source, destination) == 0 ? nil : errno
        #else
        Darwin.rename(source, destination) == 0 ? nil : errno
        #endif
    }

    /// Writes `text` to the file at `path`, made or emptied first, without syncing it to disk
    /// (Foundation's `Data.write` syncs every file, which a build that is swapped in whole
    /// does not need); false (and `errno` set) when it cannot.
    static func write(_ text: String, toFile path: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return write(UnsafeRawBufferPointer(bytes), to: descriptor)
        }
    }

    /// Writes `text` to a new file at `path`, never through a file already there (which may
    /// be a second name of another file): that one is removed first. Not synced to disk.
    static func writeNew(_ text: String, toFile path: String) -> Bool {
        var text = text
        return text.withUTF8 { writeNew(UnsafeRawBufferPointer($0), toFile: path) }
    }

    /// Writes `bytes` to a new file at `path`, as ``writeNew(_:toFile:)-(String,_)``.
    static func writeNew(_ bytes: UnsafeRawBufferPointer, toFile path: String) -> Bool {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == EEXIST && unlink(path) == 0 {
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(bytes, to: descriptor)
    }

    /// Fills `buffer` with the bytes of the open file `descriptor` from `offset`; false when the
    /// file has fewer or the read fails.
    static func read(_ descriptor: Int32, from offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var done = 0
        while done < buffer.count {
            let read = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            guard read > 0 else { return false }
            done += read
        }
        return true
    }

    /// Writes every one of `bytes` to the open file `descriptor`; false (and `errno` set) when it cannot.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let count = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// Makes `destination` a second name of the file (or link) at `source`; the `errno` on failure.
    static func hardLink(_ source: String, to destination: String) -> Int32? {
        linkat(AT_FDCWD, source, AT_FDCWD, destination, 0) == 0 ? nil : errno
    }

    /// Makes a folder; true when it was made or already there.
    @discardableResult
    static func makeFolder(_ path: String, mode: mode_t = 0o755) -> Bool {
        mkdir(path, mode) == 0 || (errno == EEXIST && kind(path) == .folder)
    }

    /// Removes a file or link; true when it is gone.
    @discardableResult
    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// Removes an empty folder; true when it is gone.
    @discardableResult
    static func removeEmptyFolder(_ path: String) -> Bool {
        rmdir(path) == 0 || errno == ENOENT
    }

    /// Removes `path` and everything under it, never following a symbolic link out of it.
    ///
    /// Folders are opened once and their entries removed relative to them, so no path is
    /// looked up from the root again: removing a build of ten thousand pages costs a few
    /// system calls per entry.
    static func removeTree(_ path: String) {
        guard let kind = kind(path) else { return }
        guard kind == .folder else {
            unlink(path)
            return
        }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 {
            removeContents(of: folder, depth: 1)
            close(folder)
        }
        rmdir(path)
    }

    /// `read` of each of `count` entries of the folder at `root`, in order, on all cores from the
    /// open folder (`folder`: its descriptor; no walk of the path to it each time); `nil` for
    /// every one when `root` cannot be opened.
    static func read<Value: Sendable>(_ count: Int, entriesOf root: String,
                                      _ read: @Sendable (_ folder: Int32, _ index: Int) -> Value?) -> [Value?] {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return Array(repeating: nil, count: count) }
        defer { close(folder) }
        return Parallel.map(count, onAllCoresFrom: 256) { read(folder, $0) }
    }

    /// `read` of each of `paths` (relative paths of the folder `root`) in the open folder it is
    /// in, by its last name, on all cores: the folder is opened once for all it holds, and each
    /// path is not walked from `root` again (a section's thousands of page folders share one).
    /// In the order of `paths`; `nil` where `read` gave none, or the folder cannot be opened.
    static func read<Value: Sendable>(_ paths: [String], inFoldersOf root: String,
                                      _ read: @Sendable (_ folder: Int32, _ name: String) -> Value?) -> [Value?] {
        let top = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return Array(repeating: nil, count: paths.count) }
        defer { close(top) }
        // The paths by the folder they are in, so that each core opens few folders.
        let parents = paths.map { URLPath.folder(of: $0) }
        var byParent: [String: [Int]] = [:]
        for (index, parent) in parents.enumerated() { byParent[parent, default: []].append(index) }
        let order = byParent.values.flatMap(\.self)
        let chunks = Parallel.chunks(order.count)
        let read = Parallel.map(chunks.count, onAllCoresFrom: 1) { chunk -> [Value?] in
            var values: [Value?] = []
            values.reserveCapacity(chunks[chunk].count)
            var open: (parent: String, descriptor: Int32)?
            defer { if let open, open.descriptor != top { close(open.descriptor) } }
            for index in order[chunks[chunk]] {
                let parent = parents[index]
                if open?.parent != parent {
                    if let open, open.descriptor != top { close(open.descriptor) }
                    open = (parent, parent.isEmpty ? top : openat(top, parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
                }
                guard let descriptor = open?.descriptor, descriptor >= 0 else {
                    values.append(nil)
                    continue
                }
                values.append(read(descriptor, URLPath.lastComponent(of: paths[index])))
            }
            return values
        }
        var values = [Value?](repeating: nil, count: paths.count)
        for (chunk, range) in chunks.enumerated() {
            for (index, value) in zip(order[range], read[chunk]) { values[index] = value }
        }
        return values
    }

    /// Removes everything in the open folder `folder`. Deeper than any output's folders, a
    /// folder is left (its removal then fails quietly), so a hostile tree cannot exhaust the
    /// open files or the stack.
    private static func removeContents(of folder: Int32, depth: Int) {
        guard depth <= 256, case .success(let entries) = FolderEntry.entries(ofOpen: folder) else { return }
        // A big folder (the pages of a section) is removed by every core, relative to the one open folder.
        Parallel.forEach(entries.count, onAllCoresFrom: 256) { remove(entries[$0], in: folder, depth: depth) }
    }

    /// Removes one entry of the open folder `folder` (and what it holds).
    private static func remove(_ entry: FolderEntry, in folder: Int32, depth: Int) {
        (entry.name + [0]).withUnsafeBufferPointer { bytes in
            guard let name = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self) else { return }
            var isFolder = entry.listedKind == .folder
            if entry.listedKind == nil {
                var info = stat()
                isFolder = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && kind(ofMode: info.st_mode) == .folder
            }
            guard isFolder else {
                unlinkat(folder, name, 0)
                return
            }
            var child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            // A folder of sitegen's that a program it ran made unreadable (`chmod 000`): made readable
            // to be emptied (never through a link: glibc refuses to change a link's target then).
            if child < 0 && errno == EACCES && fchmodat(folder, name, 0o700, AT_SYMLINK_NOFOLLOW) == 0 {
                child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if child >= 0 {
                removeContents(of: child, depth: depth + 1)
                close(child)
            }
            unlinkat(folder, name, AT_REMOVEDIR)
        }
    }

    /// Whether `path` (a folder that exists) is where a file system is mounted, so that it
    /// cannot be renamed.
    static func isMountPoint(_ path: String) -> Bool {
        var own = stat(), parent = stat()
        guard stat(path, &own) == 0, stat(path + "/..", &parent) == 0 else { return false }
        if own.st_dev != parent.st_dev { return true }
        #if os(Linux)
        // A bind mount of a folder of the same file system has the same device.
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return false }
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count > 4, unescapeMountPath(fields[4]) == path { return true }
        }
        #endif
        return false
    }

    /// `/proc/self/mountinfo` writes space, tab, newline and backslash as octal escapes.
    private static func unescapeMountPath(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var utf8 = Array(field.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3,
               let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Gives `destination` the permissions, owner and times of `source` (as far as this
    /// process may), so that a folder made again looks as the one it stands for.
    static func copyAttributes(of source: String, to destination: String) {
        var info = stat()
        guard lstat(source, &info) == 0 else { return }
        chmod(destination, info.st_mode & 0o7777)
        if lchown(destination, info.st_uid, info.st_gid) == 0 {
            chmod(destination, info.st_mode & 0o7777)  // chown clears set-id bits
        }
        #if os(Linux)
        var times = [info.st_atim, info.st_mtim]
        #else
        var times = [info.st_atimespec, info.st_mtimespec]
        #endif
        utimensat(AT_FDCWD, destination, &times, AT_SYMLINK_NOFOLLOW)
        #if os(Linux)
        ExtendedAttributes.copy(of: source, to: destination)
        #endif
    }

    /// An exclusive lock on a folder, held until the value is released or the process ends
    /// (a killed build's lock goes with it).
    final class FolderLock: Sendable {
        private let descriptor: Int32

        /// Waits for the lock on `folder`; `nil` when the folder cannot be opened.
        init?(_ folder: String) {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }
    }
}
