import Foundation

/// Where a build writes: a staging folder beside the output folder, swapped in by
/// ``commit()`` only when the whole build succeeded. A failed build leaves the previous
/// output as it was; nothing is written outside these two folders.
final class OutputFolder: Sendable {
    /// The folder the site ends up in.
    let destination: URL
    /// The folder being written.
    let staging: URL

    init(destination: URL) throws {
        self.destination = destination
        let parent = destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".sitegen-\(destination.lastPathComponent)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: destination.path, "cannot create the output folder beside it: \(error.localizedDescription)")
        }
    }

    /// Writes a file at a relative path of the output.
    func write(_ text: String, to path: String) throws {
        let url = try location(of: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw SiteError(file: path, "cannot write the output file: \(error.localizedDescription)")
        }
    }

    /// Copies a file to a relative path of the output.
    func copy(_ source: URL, to path: String) throws {
        let url = try location(of: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.copyItem(at: source, to: url)
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
        guard let normalized = URLPath.normalize(path), !normalized.isEmpty, !path.hasPrefix("/") else {
            throw SiteError(file: path, "would be written outside the output folder")
        }
        return staging.appendingPathComponent(normalized)
    }
}
