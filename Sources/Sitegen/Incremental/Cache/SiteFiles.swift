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
        let kept = names.filter { !$0.hasPrefix(".sitegen-") && ![".git", ".hg", ".svn"].contains($0) }
        for (name, status) in zip(kept, Self.statuses(of: kept, in: folder)) {
            guard let (kind, stamp) = status else { continue }
            let path = folder + "/" + name
            switch kind {
            case .folder:
                if FileSystem.realPath(path) != output { walk(path, output: output, depth: depth + 1) }
            case .link:
                if FileSystem.resolved(path).flatMap(FileSystem.kind) == .folder { isComplete = false }
                if let stamp = FileStamp(path) { stamps[path] = stamp }
            case .file:
                stamps[path] = stamp
            case .other:
                break
            }
        }
    }

    /// One `lstat` an entry of `folder` (from the open folder, on all cores in a big one): its
    /// kind and stamp; `nil` for one gone since it was listed.
    private static func statuses(of names: [String], in folder: String) -> [(FileSystem.Kind, FileStamp)?] {
        let top = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return names.map { _ in nil } }
        defer { close(top) }
        return Parallel.map(names.count, onAllCoresFrom: 256) { index in
            var info = stat()
            guard fstatat(top, names[index], &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return (FileSystem.kind(ofMode: info.st_mode), FileStamp(status: info))
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
