import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where a build writes: a staging folder beside the output folder, swapped in by
/// ``commit()`` only when the whole build succeeded. A failed build leaves the previous
/// output as it was; nothing is written outside these two folders.
final class OutputFolder: Sendable {
    /// The folder the site ends up in.
    let destination: URL
    /// The folder being written.
    let staging: URL
    private let stagingPath: String

    init(destination: URL) throws {
        self.destination = destination
        let parent = destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".sitegen-\(destination.lastPathComponent)-\(UUID().uuidString)")
        stagingPath = staging.path
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: destination.path, "cannot create the output folder beside it: \(error.localizedDescription)")
        }
    }

    /// Writes a file at a relative path of the output. Plain POSIX calls: Foundation's
    /// `Data.write` syncs every file to disk, which a build that is swapped in whole does not need.
    func write(_ text: String, to path: String) throws {
        let file = try filePath(of: path)
        try makeFolder(String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]))
        let written = Self.write(text, toFile: file)
        guard written else {
            throw SiteError(file: path, "cannot write the output file: \(String(cString: strerror(errno)))")
        }
    }

    /// Folders known to exist, so that each is created once.
    /// Writes `text` to the file at the absolute path `file`; false when it cannot.
    static func write(_ text: String, toFile file: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    private let madeFolders = Mutex<Set<String>>([])

    private func makeFolder(_ path: String) throws {
        if madeFolders.withLock({ $0.contains(path) }) { return }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            guard errno == ENOENT else {
                throw SiteError(file: path, "cannot create the output folder: \(String(cString: strerror(errno)))")
            }
            try makeFolder((path as NSString).deletingLastPathComponent)
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw SiteError(file: path, "cannot create the output folder: \(String(cString: strerror(errno)))")
            }
        }
        _ = madeFolders.withLock { $0.insert(path) }
    }

    /// Copies a file to a relative path of the output.
    func copy(_ source: URL, to path: String) throws {
        let url = try location(of: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileCopy.copy(source, toFile: url.path)
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(file: source.path, "cannot copy to \(path): \(error.localizedDescription)")
        }
    }

    /// Puts the staging folder in place of the output folder.
    func commit() throws {
        let fileManager = FileManager.default
        let previous = destination.deletingLastPathComponent()
            .appendingPathComponent(".sitegen-previous-\(destination.lastPathComponent)-\(UUID().uuidString)")
        do {
            let hadOutput = fileManager.fileExists(atPath: destination.path)
            if hadOutput { try fileManager.moveItem(at: destination, to: previous) }
            try fileManager.moveItem(at: staging, to: destination)
            if hadOutput { try? fileManager.removeItem(at: previous) }
        } catch {
            throw SiteError(file: destination.path, "cannot replace the output folder: \(error.localizedDescription)")
        }
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    private func location(of path: String) throws -> URL {
        URL(fileURLWithPath: try filePath(of: path))
    }

    /// The file system path of a relative output path, which must stay inside the output.
    private func filePath(of path: String) throws -> String {
        stagingPath + "/" + (try URLPath.outputPath(path))
    }
}
