import Foundation
import Sitegen
import TestSupport

/// A site in a temporary folder, built with the library or the `sitegen` binary.
final class TestSite {
    let root: URL

    /// An empty temporary folder.
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A copy of `Examples/<name>`.
    convenience init(example name: String) throws {
        try self.init()
        try FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: Self.examples.appendingPathComponent(name), to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("public"))
    }

    /// A Jekyll site: `_config.yml` with `config`, and `files` by path.
    convenience init(jekyll config: String, _ files: [String: String]) throws {
        try self.init()
        try write(config, to: "_config.yml")
        for (path, text) in files { try write(text, to: path) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examples = packageRoot.appendingPathComponent("Examples")

    var output: URL { root.appendingPathComponent("public") }

    @discardableResult
    func write(_ text: String, to path: String) throws -> URL {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// `count` printable ASCII bytes whose pattern does not repeat in step with a power of two,
    /// for large files made by a test (never committed).
    static func printableBytes(_ count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            let step: Int = index &* 7 &+ index / 1021
            bytes[index] = UInt8(0x20 + step % 95)
        }
        return Data(bytes)
    }

    /// Writes bytes (a file that is not text) at `path`.
    @discardableResult
    func write(_ data: Data, to path: String) throws -> URL {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Builds with the library.
    @discardableResult
    func build(_ options: BuildOptions = BuildOptions(), site: Site = Site()) async throws -> BuildSummary {
        try await SiteBuilder(site: site, layout: SiteLayout(root: root), options: options).build()
    }

    /// The text of an output file.
    func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
    }

    /// Every file of the output, relative paths, sorted (sitegen's manifest left out).
    func outputFiles() -> [String] {
        let prefix = output.standardizedFileURL.path + "/"
        let files = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
            .map { String($0.standardizedFileURL.path.dropFirst(prefix.count)) } ?? []
        return files.filter { !$0.isEmpty && $0 != ".sitegen-manifest" }.sorted()
    }
}

/// Runs the `sitegen` executable built beside the test bundle.
enum Sitegen {
    static var executable: URL { ProcessRunner.sitegen }

    static func run(_ arguments: [String], executable: URL = executable, in folder: URL? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.run(executable, arguments, in: folder)
    }
}
