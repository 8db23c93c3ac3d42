import Foundation
import Sitegen

/// `live`: what a live build (`sitegen serve`'s) costs on a site after its first build: a build
/// in which nothing changed (the general path, every output planned), a body edit of one page
/// and a title edit of one page, each the best of `--runs`. The site's files are restored after.
enum LiveBenchmark {
    static func run(_ arguments: [String]) async throws {
        let options = benchOptions(arguments, folderFlag: "--site")
        guard let folder = options.folder else { print("usage: sitegen-bench live --site DIR [--runs N]"); exit(2) }
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bench-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let live = LiveSiteBuilder(site: Site(), root: root, output: output)
        let first = try await seconds { _ = try await live.build() }
        print("first build".padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%8.3f s", first))
        let nothing = root.appendingPathComponent("content/no-such-file.md").path
        // SITEGEN_BENCH_ONLY=edits leaves out the build with nothing changed, =body all but the body edit (for profiling).
        let only = ProcessInfo.processInfo.environment["SITEGEN_BENCH_ONLY"]
        let onlyEdits = only == "edits" || only == "body"
        var unchanged = (0, 0)
        try await report("nothing changed", runs: onlyEdits ? 0 : options.runs, rendered: { unchanged }) {
            let result = try await live.build(changed: [nothing])
            unchanged = (result.rendered, result.kept)
        }
        guard let page = try markdownFile(in: root.appendingPathComponent("content")) else { return }
        let original = try String(contentsOf: page, encoding: .utf8)
        defer { try? original.write(to: page, atomically: false, encoding: .utf8) }
        var round = 0
        var rendered = (0, 0)
        try await report("body edit", runs: options.runs, rendered: { rendered }) {
            round += 1
            try (original + "\nA paragraph added by the benchmark, round \(round).\n").write(to: page, atomically: false, encoding: .utf8)
            let result = try await live.build(changed: [page.path])
            if round == 1 { rendered = (result.rendered, result.kept) }
        }
        guard let titleLine = original.split(separator: "\n").first(where: { $0.hasPrefix("title:") }) else { return }
        try await report("title edit", runs: only == "body" ? 0 : options.runs, rendered: { rendered }) {
            round += 1
            let edited = original.replacingOccurrences(of: String(titleLine), with: "title: \"Retitled \(round)\"")
            try edited.write(to: page, atomically: false, encoding: .utf8)
            let result = try await live.build(changed: [page.path])
            if round == options.runs + 1 { rendered = (result.rendered, result.kept) }
        }
    }

    /// Prints the best time of `runs` runs of `body`, and how many outputs the last rendered and kept.
    private static func report(_ name: String, runs: Int, rendered: () -> (Int, Int) = { (0, 0) },
                               _ body: () async throws -> Void) async throws {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try await seconds(body)) }
        let counts = rendered()
        print(name.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%8.3f s (best of %d; rendered %d, kept %d)", best, runs, counts.0, counts.1))
    }

    private static func seconds(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A Markdown page below `folder` (the first in name order, not a section's `_index.md`).
    private static func markdownFile(in folder: URL) throws -> URL? {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "md" && url.lastPathComponent != "_index.md" { found.append(url) }
            if found.count > 50 { break }
        }
        return found.sorted { $0.path < $1.path }.first
    }
}
