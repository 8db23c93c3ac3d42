import Foundation
import TestSupport

/// Runs the `sitegen` executable built beside the test bundle.
enum CommandRunner {
    static func sitegen(_ arguments: [String], input: String? = nil, in folder: URL? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.run(ProcessRunner.sitegen, arguments, input: input, in: folder)
    }
}

/// A temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ text: String, to path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
