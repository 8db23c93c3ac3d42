import Foundation
import SitegenLimits

/// The stamp of every file of a site folder (and of a configuration file given from outside
/// it): what a cached build compares to say that nothing changed, and which files did.
/// Left out: the output folder, sitegen's own entries beside it (`.sitegen-*`), and version
/// control folders (`.git`, `.hg`, `.svn`).
struct SiteFiles: Equatable {
    /// Each file's stamp, by absolute path.
    private(set) var stamps: [String: FileStamp] = [:]
    /// Whether the walk saw everything a build could read: no link to a folder (whose files
    /// the walk does not follow), nothing nested past ``Limits/folderDepth``.
    private(set) var isComplete = true

    /// The files of the site at `layout`, in `siteFolder`, built into `output`.
    init(layout: SiteLayout, siteFolder: URL, output: URL) {
        let output = FileSystem.realPath(output.path)
        walk(siteFolder.standardizedFileURL.path, output: output, depth: 0)
        if let configuration = layout.configurationURL?.standardizedFileURL.path, stamps[configuration] == nil {
            stamps[configuration] = FileStamp(configuration)
        }
    }

    init(stamps: [String: FileStamp]) {
        self.stamps = stamps
    }

    private mutating func walk(_ folder: String, output: String, depth: Int) {
        guard depth < Limits.folderDepth, let names = FileSystem.entries(of: folder) else {
            isComplete = false
            return
        }
        for name in names where !name.hasPrefix(".sitegen-") && ![".git", ".hg", ".svn"].contains(name) {
            let path = folder + "/" + name
            // One `lstat` a file: its kind and, for a regular file, its stamp.
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch FileSystem.kind(ofMode: info.st_mode) {
            case .folder:
                if FileSystem.realPath(path) != output { walk(path, output: output, depth: depth + 1) }
            case .link:
                if FileSystem.resolved(path).flatMap(FileSystem.kind) == .folder { isComplete = false }
                if let stamp = FileStamp(path) { stamps[path] = stamp }
            case .file:
                stamps[path] = FileStamp(status: info)
            case .other:
                break
            }
        }
    }

    /// The files that differ from `earlier`: changed, added or gone.
    func changes(since earlier: SiteFiles) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in stamps where earlier.stamps[path] != stamp { changed.insert(path) }
        for path in earlier.stamps.keys where stamps[path] == nil { changed.insert(path) }
        return changed
    }
}
