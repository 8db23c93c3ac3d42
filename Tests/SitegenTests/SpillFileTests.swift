import Foundation
import Testing
import TestSupport
@testable import Sitegen

/// A very large site's pages keep their HTML in a nameless file between the parse and the
/// render: what they read back is what they put there, and the site is the same.
@Suite("Pages' HTML kept in a file")
struct SpillFileTests {
    @Test("texts put in a spill file from many tasks at once read back as they were, and no folder holds the file")
    func textsReadBack() async throws {
        let site = try TestSite()
        let folder = site.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = try #require(SpillFile(in: folder.path))
        let texts = (0..<200).map { index in index % 7 == 0 ? "" : String(repeating: "é<p>\(index)</p>✓\n", count: index * 13) }
        let places = try await Parallel.map(texts.indices) { index in file.append(texts[index]) }
        for (text, place) in zip(texts, places) {
            let place = try #require(place)
            #expect(file.text(at: place) == text)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a site whose pages' HTML goes to a spill file builds the same files as one that keeps it in memory",
          arguments: ["blog", "docs", "multilingual"])
    func sameSite(example: String) async throws {
        let site = try TestSite(example: example)
        let options = BuildOptions(baseURL: "https://example.org/")
        var spilling = options
        spilling.spillThreshold = 0
        let kept = site.root.appendingPathComponent("kept"), spilled = site.root.appendingPathComponent("spilled")
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root, output: kept), options: options).build()
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root, output: spilled), options: spilling).build()
        let expected = LiveBuildHarness.files(in: kept), actual = LiveBuildHarness.files(in: spilled)
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected where actual[path] != data { Issue.record("\(path) differs") }
        #expect(expected.count > 5)
        // Nothing but the output folders and the site's own files beside them.
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".sitegen") }
        #expect(beside.isEmpty, "\(beside)")
    }
}
