import Foundation
import Testing
import TestSupport
@testable import Sitegen

/// A very large site's pages leave their Markdown in their files until the parse and keep
/// their HTML in a nameless file between the parse and the render: what they read back is
/// what they put there, and the site is the same.
@Suite("Very large sites: pages' text left in files")
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

    @Test("a text that does not read back as it was put leaves the file damaged, and a page kept in a build's own such file says its HTML is lost")
    func damagedFile() async throws {
        let site = try TestSite(example: "blog")
        let folder = site.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = try #require(SpillFile(in: folder.path))
        let place = try #require(file.append("<p>Kept.</p>"))
        #expect(file.text(at: place, digest: StableHasher.digest("<p>Kept.</p>")) == "<p>Kept.</p>")
        #expect(file.isScratch && !file.isDamaged)
        let (_, values) = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions()).buildKeepingValues()
        let page = try #require(try values.loadedSite().pages.first)
        let kept = RenderedPage(page: page, title: "Kept", details: .made(RenderedPage.Details(description: "", summary: "", headings: [], data: .empty, titleID: nil)),
                                spilled: (file, place, nil))
        #expect(!kept.lostHTML && kept.content == "<p>Kept.</p>")
        // Past the file's end, then with another digest: each read fails, and the file is damaged from then on.
        #expect(file.text(at: place.upperBound..<place.upperBound + 10) == nil)
        #expect(file.isDamaged && kept.lostHTML)
        let other = try #require(SpillFile(in: folder.path))
        let otherPlace = try #require(other.append("<p>Other.</p>"))
        #expect(other.text(at: otherPlace, digest: StableHasher.digest("<p>Changed.</p>")) == nil)
        #expect(other.isDamaged)
    }

    @Test("a site whose pages' text is read again and whose HTML goes to a spill file builds the same files as one held in memory",
          arguments: ["blog", "docs", "multilingual"])
    func sameSite(example: String) async throws {
        let site = try TestSite(example: example)
        let options = BuildOptions(baseURL: "https://example.org/")
        var spilling = options
        spilling.spillThreshold = 0
        spilling.heldMarkdownBytes = 0
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

    /// A body left in its file, read again: as it was, or as the file now is.
    private func leftText(_ text: String, in site: TestSite) throws -> (PageText, URL) {
        let file = site.root.appendingPathComponent("page.md")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let root = site.root
        let reader = PageText.Reader(text: { path throws(SiteError) in
            do { return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) } catch {
                throw SiteError(file: "content/" + path, "cannot read the file")
            }
        }, shown: { "content/" + $0 })
        return (PageText(leaving: try MarkdownSource(text: text), in: "page.md", read: reader), file)
    }

    @Test("a body left in its file reads back as the load saw it, and after an edit as the file now is")
    func bodyReadAgain() throws {
        let site = try TestSite()
        let (text, file) = try leftText("---\ntitle: Été ✓\n---\n# Heading\n\nBody é.\n", in: site)
        #expect(text.frontMatter["title"]?.string == "Été ✓")
        #expect(text.byteCount == "# Heading\n\nBody é.\n".utf8.count)
        var source = try text.source()
        #expect(source.body == "# Heading\n\nBody é.\n")
        #expect(source.bodyLineOffset == 3)
        // The body changed: the new body after the same front matter.
        try "---\ntitle: Été ✓\n---\nNew body.\n".write(to: file, atomically: true, encoding: .utf8)
        source = try text.source()
        #expect(source.body == "New body.\n")
        // The front matter changed too: the file is cut again, its first front matter kept.
        try "---\ntitle: Other\nextra: line\n---\nLast body.\n".write(to: file, atomically: true, encoding: .utf8)
        source = try text.source()
        #expect(source.body == "Last body.\n")
        #expect(source.bodyLineOffset == 4)
        #expect(source.frontMatter["title"]?.string == "Été ✓")
        // Shorter than the front matter was.
        try "x".write(to: file, atomically: true, encoding: .utf8)
        #expect(try text.source().body == "x")
    }

    @Test("a body left in a file that is gone, or whose new front matter does not read, is an error naming the file")
    func bodyGone() throws {
        let site = try TestSite()
        let (text, file) = try leftText("---\ntitle: A\n---\nBody.\n", in: site)
        try "---\ntitle: [unclosed\n---\nBody.\n".write(to: file, atomically: true, encoding: .utf8)
        let broken = #expect(throws: SiteError.self) { try text.source() }
        #expect(broken?.file == "content/page.md")
        #expect(broken?.message.contains("changed while the site was built") == true)
        try FileManager.default.removeItem(at: file)
        let gone = #expect(throws: SiteError.self) { try text.source() }
        #expect(gone?.file == "content/page.md")
    }

    @Test("a build whose pages' text is left in files fails naming a file gone before its parse, and leaves the output as it was")
    func fileGoneBeforeParse() async throws {
        let site = try TestSite()
        _ = try site.write("---\ntitle: A\n---\nA body.\n", to: "content/a.md")
        _ = try site.write("---\ntitle: B\n---\nB body.\n", to: "content/b.md")
        var options = BuildOptions()
        options.heldMarkdownBytes = 0
        let output = site.root.appendingPathComponent("public")
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root, output: output), options: options).build()
        let before = LiveBuildHarness.files(in: output)
        #expect(String(decoding: try #require(before["b/index.html"]), as: UTF8.self).contains("B body."))
        // A page processor runs between the load and the parse: it removes b.md there.
        var removing = Site()
        let bFile = site.root.appendingPathComponent("content/b.md")
        removing.pageProcessors.append { page in
            try? FileManager.default.removeItem(at: bFile)
            return page
        }
        let failure = await #expect(throws: SiteError.self) {
            try await SiteBuilder(site: removing, layout: SiteLayout(root: site.root, output: output), options: options).build()
        }
        #expect(failure?.file == "content/b.md")
        #expect(failure?.message.contains("No such file") == true, "\(String(describing: failure))")
        #expect(LiveBuildHarness.files(in: output) == before)
    }
}
