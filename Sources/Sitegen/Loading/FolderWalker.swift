import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the files under a folder with `readdir`: no URL or attribute objects per file, so a
/// tree of 10,000 pages is listed in a few milliseconds. Hidden files and folders are left out,
/// and so are the `skipping` folders; symbolic links are followed.
enum FolderWalker {
    /// The paths of the files under `folder`, relative to it, in no particular order.
    static func files(in folder: URL, skipping: Set<String> = []) -> [String]? {
        let root = folder.standardizedFileURL.path
        guard let top = opendir(root) else { return nil }
        var files: [String] = []
        walk(top, path: root, relative: "", depth: 0, skipping: skipping, into: &files)
        return files
    }

    /// Deeper than this, a tree is taken to be a loop of linked folders.
    private static let maximumDepth = 32

    private static func walk(_ directory: OpaquePointer, path: String, relative: String, depth: Int, skipping: Set<String>,
                             into files: inout [String]) {
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let fullPath = path + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard stat(fullPath, &info) == 0 else { continue }
                isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder {
                guard depth < maximumDepth, !skipping.contains(fullPath), let inner = opendir(fullPath) else { continue }
                walk(inner, path: fullPath, relative: relativePath, depth: depth + 1, skipping: skipping, into: &files)
            } else {
                files.append(relativePath)
            }
        }
    }
}
