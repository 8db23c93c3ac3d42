import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
/// What `opendir` returns.
private typealias DirectoryStream = OpaquePointer
#else
private typealias DirectoryStream = UnsafeMutablePointer<DIR>
#endif

/// A name in a folder and, when the file system says, what it is, as one `readdir` gives
/// them: listing a folder this way makes no URL or attribute object per file, and asks for
/// nothing more per entry when the file system keeps the kind in the folder.
package struct FolderEntry: Sendable {
    /// The name's bytes, which need not be UTF-8.
    package let name: [UInt8]
    /// What the entry is, without following a link; `nil` when the file system does not say
    /// (see ``kind(at:)``).
    package let listedKind: FileSystem.Kind?

    /// What the entry is, without following a link: as listed, or else looked up at `path`
    /// (the folder's path and the name); `nil` when it is gone.
    package func kind(at path: String) -> FileSystem.Kind? {
        listedKind ?? FileSystem.kind(path)
    }

    /// The entries of the folder at `path`, `.` and `..` left out, read and closed before
    /// they are returned, so that a walk of a deep tree holds no folders open.
    package static func entries(of path: String) -> Result<[FolderEntry], SystemCallError> {
        guard let directory = opendir(path) else { return .failure(.last) }
        return entries(of: directory)
    }

    /// The entries of the open folder `descriptor` (which stays open), as ``entries(of:)``.
    static func entries(ofOpen descriptor: Int32) -> Result<[FolderEntry], SystemCallError> {
        let listing = dup(descriptor)
        guard listing >= 0 else { return .failure(.last) }
        guard let directory = fdopendir(listing) else {
            let error = SystemCallError.last
            close(listing)
            return .failure(error)
        }
        return entries(of: directory)
    }

    /// Reads the entries of `directory`, then closes it.
    private static func entries(of directory: DirectoryStream) -> Result<[FolderEntry], SystemCallError> {
        defer { closedir(directory) }
        var entries: [FolderEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            entries.append(FolderEntry(name: name, listedKind: kind(ofType: entry.pointee.d_type)))
        }
        return .success(entries)
    }

    /// The kind a `d_type` names; `nil` for `DT_UNKNOWN`.
    private static func kind(ofType type: UInt8) -> FileSystem.Kind? {
        switch type {
        case UInt8(DT_UNKNOWN): nil
        case UInt8(DT_REG): .file
        case UInt8(DT_DIR): .folder
        case UInt8(DT_LNK): .link
        default: .other
        }
    }
}
