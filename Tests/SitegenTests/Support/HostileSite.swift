import Foundation
import TestSupport

/// A site built once with good content, then given a hostile input and built again with the
/// `sitegen` binary: what the second build must do is end with a clear error (or deal with
/// the input) and leave the first build's output exactly as it was.
final class HostileSite {
    let site: TestSite
    private let before: [String: Data]

    /// A site with `good` files, built (into `public/`) before any attack.
    init(good: [String: String] = ["content/index.md": "# Home\n\nGood content.\n"]) throws {
        site = try TestSite()
        for (path, text) in good { try site.write(text, to: path) }
        let first = try Sitegen.run(["build", "--quiet", site.root.path])
        guard first.status == 0 else { throw HostileSiteError(message: "the good build failed: \(first.error)") }
        before = Self.snapshot(site.output)
    }

    /// Writes `files` (text, or bytes for `Data`) into the site and builds it with `arguments`
    /// after `build`.
    func attack(_ files: [String: any Sendable], arguments: [String] = []) throws -> Outcome {
        for (path, content) in files {
            let file = site.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let data = content as? Data {
                try data.write(to: file)
            } else {
                try "\(content)".write(to: file, atomically: true, encoding: .utf8)
            }
        }
        let result = try Sitegen.run(["build", "--quiet"] + arguments + [site.root.path])
        return Outcome(status: result.status, error: result.error, output: result.output,
                       outputIntact: Self.snapshot(site.output) == before)
    }

    /// What a build of the hostile site did.
    struct Outcome {
        let status: Int32
        let error: String
        let output: String
        /// Whether every file of the first build's output is there, byte for byte, and no other.
        let outputIntact: Bool
    }

    /// Every file below `folder` by relative path, with its bytes.
    static func snapshot(_ folder: URL) -> [String: Data] {
        let prefix = folder.standardizedFileURL.path + "/"
        var files: [String: Data] = [:]
        let items = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for item in items where !item.hasDirectoryPath {
            files[String(item.standardizedFileURL.path.dropFirst(prefix.count))] = (try? Data(contentsOf: item)) ?? Data()
        }
        return files
    }
}

struct HostileSiteError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
