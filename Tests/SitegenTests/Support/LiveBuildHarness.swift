import Foundation
import Sitegen
import Testing

/// A live builder for a test site, and a way to compare its output folder with what a fresh
/// full build of the same files makes.
struct LiveBuildHarness {
    let site: TestSite
    let configured: Site
    let live: LiveSiteBuilder
    let options: BuildOptions

    init(_ site: TestSite, configured: Site = Site(), options: BuildOptions = BuildOptions(baseURL: "https://example.org/")) {
        self.site = site
        self.configured = configured
        self.options = options
        live = LiveSiteBuilder(site: configured, root: site.root, options: options)
    }

    /// The absolute paths a file watcher reports for `paths` (relative to the site; `""` is the site folder).
    func changedPaths(_ paths: [String]) -> Set<String> {
        let root = site.root.standardizedFileURL.path
        return Set(paths.map { $0.isEmpty ? root : root + "/" + $0 })
    }

    /// Builds live after `change` (files written or removed, relative paths), checks the output against a full build.
    @discardableResult
    func rebuild(changing paths: [String], _ change: () throws -> Void) async throws -> LiveSiteBuilder.Result {
        try change()
        let result = try await live.build(changed: changedPaths(paths))
        try await expectSameAsFullBuild()
        return result
    }

    func expectSameAsFullBuild(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let expected = try await fullBuild()
        let actual = Self.files(in: site.output)
        #expect(actual.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in expected where actual[path] != data {
            Issue.record("\(path) differs from a full build", sourceLocation: sourceLocation)
        }
        #expect(Self.emptyFolders(in: site.output).isEmpty, sourceLocation: sourceLocation)
    }

    /// The files a full build of the site as it is now makes, by output path (built in memory,
    /// which writes what a build on disk writes, only quicker).
    func fullBuild() async throws -> [String: Data] {
        // A live build leaves the search index to `sitegen serve`, which makes it after the build.
        var full = configured
        full.steps = configured.steps.filter { $0.name != "indexSearch" }
        return try await SiteBuilder(site: full, layout: SiteLayout(root: site.root), options: options).buildInMemory().files
    }

    /// The files a full build of the site writes on disk (into a temporary folder), by output path.
    func fullBuildOnDisk() async throws -> [String: Data] {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-full-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fresh) }
        var full = configured
        full.steps = configured.steps.filter { $0.name != "indexSearch" }
        try await SiteBuilder(site: full, layout: SiteLayout(root: site.root, output: fresh), options: options).build()
        return Self.files(in: fresh)
    }

    /// The first way the live output differs from `expected` (a full build's files), or `nil`:
    /// a file missing or extra, a file whose bytes differ (with the first differing line of
    /// each), or an empty folder left behind.
    func firstDifference(from expected: [String: Data]) -> String? {
        let actual = Self.files(in: site.output)
        if let missing = expected.keys.sorted().first(where: { actual[$0] == nil }) {
            return "\(missing) is missing from the live output"
        }
        if let extra = actual.keys.sorted().first(where: { expected[$0] == nil }) {
            return "\(extra) is in the live output but not in a full build's"
        }
        if let path = expected.keys.sorted().first(where: { actual[$0] != expected[$0] }),
           let live = actual[path], let full = expected[path] {
            return "\(path) differs from a full build's:\n" + Self.firstDifferingLines(live: live, full: full)
        }
        if let folder = Self.emptyFolders(in: site.output).sorted().first {
            return "the live output has an empty folder \(folder)"
        }
        return nil
    }

    /// The first line where two texts differ, with a line of context before it.
    static func firstDifferingLines(live: Data, full: Data) -> String {
        let liveLines = String(decoding: live, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let fullLines = String(decoding: full, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(liveLines.count, fullLines.count)
        let line = (0..<common).first { liveLines[$0] != fullLines[$0] } ?? common
        let show = { (lines: [Substring]) in
            lines[max(0, line - 1)..<min(lines.count, line + 2)].map { "    " + $0.prefix(300) }.joined(separator: "\n")
        }
        return "  line \(line + 1), live:\n\(show(liveLines))\n  full build:\n\(show(fullLines))"
    }

    static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if path == ".sitegen-manifest" { continue }
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
               enumerator?.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                files[path] = data
            }
        }
        return files
    }

    static func emptyFolders(in folder: URL) -> [String] {
        var empty: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory,
               (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path))?.isEmpty == true {
                empty.append(path)
            }
        }
        return empty
    }
}
