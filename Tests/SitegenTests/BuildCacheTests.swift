import Foundation
import Testing
@testable import Sitegen
import SitegenMarkdown

/// `sitegen build --cache`: what a build learned is kept beside the output folder, and the next
/// build starts from it; whatever the cache holds, the output is a build from nothing's.
@Suite("The build cache")
struct BuildCacheTests {
    /// Builds `site` with its cache, then from nothing into another folder, and expects the two
    /// outputs to hold the same files, byte for byte.
    @discardableResult
    private func expectCachedBuildMatchesFreshBuild(_ site: TestSite, options: BuildOptions = BuildOptions(baseURL: "https://example.org/"),
                                                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> BuildSummary {
        let summary = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering().summary
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fresh) }
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root, output: fresh), options: options).build()
        let expected = LiveBuildHarness.files(in: fresh), actual = LiveBuildHarness.files(in: site.output)
        #expect(actual.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in expected where actual[path] != data {
            Issue.record("\(path) differs from a build from nothing", sourceLocation: sourceLocation)
        }
        #expect(LiveBuildHarness.emptyFolders(in: site.output).isEmpty, sourceLocation: sourceLocation)
        return summary
    }

    private func cacheFile(of site: TestSite) -> URL {
        site.root.appendingPathComponent(".sitegen-cache-public")
    }

    @Test("after edits of pages, titles, templates, data, the configuration and files, a cached build writes what a build from nothing writes")
    func editsMatchFreshBuilds() async throws {
        let site = try TestSite(example: "blog")
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(FileManager.default.fileExists(atPath: cacheFile(of: site).path))
        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        let edits: [() throws -> Void] = [
            { try site.write(original + "\nOne more paragraph.\n", to: post) },
            { try site.write(original.replacingOccurrences(of: "title:", with: "title: Renamed,"), to: post) },
            { try site.write("---\ntitle: A new page\ntags: [swift]\n---\n\nIt links to [the post](posts/2026-02-02-measuring-a-build.md).\n",
                             to: "content/new.md") },
            { try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/new.md")) },
            { try site.write("<footer>Cached footer</footer>\n", to: "templates/footer.mustache") },
            { try site.write("note: from data\n", to: "data/extra.yml") },
            { try site.write("title: Another title\nbaseURL: https://example.org/\n", to: "sitegen.yml") },
            { try site.write("a static file\n", to: "static/notes.txt") },
            { try FileManager.default.removeItem(at: site.root.appendingPathComponent(post)) },
        ]
        for edit in edits {
            try edit()
            try await expectCachedBuildMatchesFreshBuild(site)
        }
    }

    /// How many outputs the plan of a cached build of `site` rendered and how many it looked at
    /// and kept; with the build's output checked against a build from nothing's.
    private func plannedCounts(_ site: TestSite) async throws -> (rendered: Int, kept: Int) {
        let (_, values) = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root),
                                                options: BuildOptions(baseURL: "https://example.org/")).buildRemembering()
        let plan = try #require(values?.renderingMemory as? LiveRendering).plan
        // The cache written reads back whole: the parses copied from the cache before and those made anew.
        guard case .read(let opened) = BuildCache(layout: SiteLayout(root: site.root), siteFolder: site.root, output: site.output,
                                                     options: BuildOptions(baseURL: "https://example.org/")).read()
        else {
            Issue.record("the cache does not read back")
            return plan.counts
        }
        let parses = try #require(opened.pages()).parses
        #expect(parses.count == values.flatMap { try? $0.loadedSite().pages.count } ?? 0)
        try await expectCachedBuildMatchesFreshBuild(site)
        return plan.counts
    }

    @Test("after an edit of a page's text alone, a cached build looks only at the outputs that show that page")
    func textEditsAreNarrowed() async throws {
        let site = try TestSite(example: "blog")
        // Files older than the build, whose stamps vouch for them.
        try age(site)
        // The first build renders every output its plan has.
        let whole = try await plannedCounts(site).rendered
        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)

        // A paragraph at the end: the page's own output, and what shows its word count or text (feeds).
        try site.write(original + "\nOne more paragraph.\n", to: post)
        let text = try await plannedCounts(site)
        let cache = BuildCache(layout: SiteLayout(root: site.root), siteFolder: site.root, output: site.output,
                                                     options: BuildOptions(baseURL: "https://example.org/"))
        if case .read(let opened) = cache.read() {
            let parse = try #require(opened.pages()?.parses["posts/2026-02-02-measuring-a-build.md"])
            guard case .stored(let place, let file?) = parse.html else {
                Issue.record("the page's HTML is not in the cache's file of pages' HTML")
                return
            }
            #expect(file.text(at: place.range, digest: place.digest)?.contains("One more paragraph.") == true)
        }
        #expect(text.rendered >= 1)
        #expect(text.rendered + text.kept < whole / 2, "looked at \(text.rendered + text.kept) of \(whole) outputs")

        // A new title can reorder lists and shows in menus: every output is looked at.
        try site.write(original.replacingOccurrences(of: "title:", with: "title: Renamed,") + "\nOne more paragraph.\n", to: post)
        let title = try await plannedCounts(site)
        #expect(title.rendered + title.kept == whole)

        // A new date moves the page in its lists: every output is looked at.
        try site.write(original.replacingOccurrences(of: "date: 2026-02-02", with: "date: 2025-01-02"), to: post)
        let date = try await plannedCounts(site)
        #expect(date.rendered + date.kept == whole)
    }

    /// Writes `text` over the start of `file` in place (the same inode, the same size when it is
    /// as long as what it replaces) and gives the file back the time it had: its stamp stays.
    private func overwriteKeepingStamp(_ file: URL, with text: String) throws {
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
    }

    /// Dates every file of the site an hour back, then waits past the tick of the clock in which
    /// that changed their status: files changed in the tick in which a build begins are read
    /// again by the next build (their stamps cannot vouch for them), and a file's stamp holds
    /// the time its status changed, which cannot be set back.
    private func age(_ site: TestSite) throws {
        let past = Date().addingTimeInterval(-3_600)
        let files = FileManager.default.enumerator(at: site.root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        }
        Self.waitPastRacyTick()
    }

    /// Waits until files changed until now are no longer racy for a build that begins then (``FileStamp/isRacy(with:)``).
    static func waitPastRacyTick() {
        Thread.sleep(forTimeInterval: 0.15)
    }

    @Test("an edit of a book's first chapter, which its home page shows too, is on the home page after a cached build of that edit alone")
    func firstChapterIsTheHomePage() async throws {
        let site = try PagesShownElsewhere.firstChapterBook()
        try await buildAged(site)
        #expect(try site.page("index.html").contains("Welcome."))
        try await build(site, afterAlone: PagesShownElsewhere.firstChapterEdit)
        #expect(try site.page("index.html").contains("Welcome, edited."))
    }

    @Test("an edit of a chapter that another includes is in that other page after a cached build of that edit alone")
    func includedChapterEdits() async throws {
        let site = try PagesShownElsewhere.includingBook()
        try await buildAged(site)
        try await build(site, afterAlone: PagesShownElsewhere.includedEdit)
        #expect(try site.page("src/a/index.html").contains("Bee, edited."))
        // A folder's README, the text of its list page, that includes a chapter.
        for edit in PagesShownElsewhere.partIncludingChapter { try site.write(edit.text, to: edit.file) }
        Self.waitPastRacyTick()
        try await expectCachedBuildMatchesFreshBuild(site)
        try await build(site, afterAlone: PagesShownElsewhere.partChapterEdit)
        // A list page's text that includes another file (code) does not stop an edit of a chapter from being narrowed.
        try site.write("# Part\n\n```rust\n{{#include main.rs}}\n```\n", to: "src/part/README.md")
        try site.write("fn main() {}\n", to: "src/part/main.rs")
        Self.waitPastRacyTick()
        let whole = try await plannedCounts(site)
        try site.write("# C\n\nSea, edited again.\n", to: "src/part/c.md")
        Self.waitPastRacyTick()
        let edit = try await plannedCounts(site)
        #expect(edit.rendered + edit.kept < whole.rendered + whole.kept)
        try await expectCachedBuildMatchesFreshBuild(site)
    }

    @Test("a page is parsed again when what it read of another page changes: its URL (a link written from the root), its text (readfile), its headings (a Zola link's fragment)")
    func parsesThatReadOtherPages() async throws {
        let site = try PagesShownElsewhere.readingPages(linksFromRoot: true)
        try await buildAged(site)
        #expect(try site.page("a/index.html").contains("href=\"/b/\""))
        for edit in PagesShownElsewhere.readEdits(linksFromRoot: true) {
            try await build(site, afterAlone: edit)
        }
        #expect(try site.page("a/index.html").contains("Dee, edited."))
        // A folder's own page whose text reads a page of a folder below, which its list does not show.
        try site.write("---\ntitle: Part\n---\n\n{{% readfile \"includes/e.md\" %}}\n", to: "content/part/_index.md")
        try site.write("---\ntitle: E\n---\n\nEe.\n", to: "content/part/includes/e.md")
        Self.waitPastRacyTick()
        try await expectCachedBuildMatchesFreshBuild(site)
        try await build(site, afterAlone: ("content/part/includes/e.md", "---\ntitle: E\n---\n\nEe, edited.\n"))
        #expect(try site.page("part/index.html").contains("Ee, edited."))
    }

    @Test("a folder's own page whose text links to a page's heading, Zola's way, follows an edit of that page alone")
    func listTextReadingAPage() async throws {
        let site = try PagesShownElsewhere.listTextReadingAPage()
        try await buildAged(site)
        #expect(try site.page("part/index.html").contains("/c/#get_page"))
        try await build(site, afterAlone: PagesShownElsewhere.listTextReadEdit)
        #expect(try site.page("part/index.html").contains("/c/#get-page"))
    }

    @Test("a page whose link, Zola's way, names a heading of a folder's own page follows an edit of that page's text; so does a link to a heading added in the same edit")
    func pageReadingAListText() async throws {
        let site = try PagesShownElsewhere.pageReadingAListText()
        try await buildAged(site)
        #expect(try site.page("a/index.html").contains("/part/#submit_here"))
        try await build(site, afterAlone: PagesShownElsewhere.listTextHeadingEdit)
        #expect(try site.page("a/index.html").contains("/part/#submit-here"))
        let other = try PagesShownElsewhere.listTextReadingAPage()
        try await buildAged(other)
        try await build(other, afterAlone: PagesShownElsewhere.headingAndLinkToIt)
        #expect(try other.page("c/index.html").contains("/c/#foo_bar-baz"))
    }

    @Test("links through an alias or by a blog route, and the sitemap, follow the alias, the post's URL and `sitemap: false`")
    func aliasesRoutesAndSitemap() async throws {
        let site = try PagesShownElsewhere.linksThroughAliasAndRoute()
        try await buildAged(site)
        #expect(try site.page("docs/a/index.html").contains("href=\"/b/\""))
        for edit in PagesShownElsewhere.aliasAndRouteEdits {
            try await build(site, afterAlone: edit)
        }
        #expect(try site.page("docs/a/index.html").contains("href=\"/old-b\""))
        #expect(!(try site.page("sitemap.xml")).contains("/website/blog/post/"))
        let post = "content/website/blog/2022-04-25-post.md"
        let text = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(post))
        Self.waitPastRacyTick()
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(try site.page("docs/a/index.html").contains("href=\"/blog/2022/04/25/post\""))
        try await build(site, afterAlone: (post, text))
    }

    /// Makes `edit` alone, once the stamps of the files before vouch for them (the build may
    /// narrow to what the page's facts reach), then builds with the cache, checked against a
    /// build from nothing.
    private func build(_ site: TestSite, afterAlone edit: PagesShownElsewhere.Edit,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try site.write(edit.text, to: edit.file)
        Self.waitPastRacyTick()
        try await expectCachedBuildMatchesFreshBuild(site, sourceLocation: sourceLocation)
    }

    /// The first cached build of `site`, its files aged so that the builds after it may narrow,
    /// checked against a build from nothing.
    private func buildAged(_ site: TestSite, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try age(site)
        try await expectCachedBuildMatchesFreshBuild(site, sourceLocation: sourceLocation)
    }

    @Test("with no file changed, a cached build leaves the output and the cache as they were, and says what the last build said")
    func nothingChanged() async throws {
        let site = try TestSite(example: "blog")
        try age(site)
        let first = try await expectCachedBuildMatchesFreshBuild(site)
        let about = site.output.appendingPathComponent("about/index.html").path
        let before = (FileStamp(about), FileStamp(cacheFile(of: site).path))
        let again = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root),
                                          options: BuildOptions(baseURL: "https://example.org/")).buildRemembering().summary
        #expect(FileStamp(about) == before.0)
        #expect(FileStamp(cacheFile(of: site).path) == before.1)
        #expect(again.pages == first.pages && again.listPages == first.listPages)
        #expect(again.warnings.map(\.description) == first.warnings.map(\.description))
    }

    @Test("a file whose name is not UTF-8, added or removed, is a change: the cached build warns of it as a build from nothing does")
    func namesNotUTF8() async throws {
        let site = try TestSite(example: "blog")
        // The other files are not changed since (racily clean files would be read again anyway).
        try age(site)
        let content = site.root.appendingPathComponent("content")
        try Platform.createFile(named: Array("caf".utf8) + [0xE9] + Array(".md".utf8), containing: "# Latin-1\n", in: content)
        let options = BuildOptions(baseURL: "https://example.org/")
        let warned = { (summary: BuildSummary) in summary.warnings.map(\.description).filter { $0.contains("not valid UTF-8") }.count }
        #expect(warned(try await expectCachedBuildMatchesFreshBuild(site)) == 1)
        // Two more and no other change, one in a folder below: each named by the next cached build.
        try Platform.createFile(named: Array("na".utf8) + [0xEF, 0xBF] + Array(".md".utf8), containing: "# Cut short\n", in: content)
        try Platform.createFile(named: [0xFF] + Array(".md".utf8), containing: "# FF\n", in: content.appendingPathComponent("posts"))
        #expect(warned(try await expectCachedBuildMatchesFreshBuild(site)) == 3)
        try Platform.removeFile(named: [0xFF] + Array(".md".utf8), in: content.appendingPathComponent("posts"))
        let after = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering().summary
        #expect(warned(after) == 2)
    }

    @Test("a file rewritten in the tick of the clock in which a build began, keeping its size, inode and time, is read again")
    func racilyCleanFiles() async throws {
        let site = try TestSite()
        let page = try site.write("# Page\n\nAAAA\n", to: "content/page.md")
        let layout = SiteLayout(root: site.root)
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions()).buildRemembering()
        try overwriteKeepingStamp(page, with: "# Page\n\nBBBB\n")
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions()).buildRemembering()
        #expect(try site.page("page/index.html").contains("BBBB"))
    }

    @Test("a Markdown file whose stamp is unchanged is not read again: its front matter comes from the cache, its body from the file when it is parsed again; a file rewritten in place to the same size with its time set back is read again")
    func unchangedFilesAreNotRead() async throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/_index.md")
        let kept = try site.write("---\nslug: aaaa\n---\n\nIt links to [a page to come](later.md).\n", to: "content/kept.md")
        try site.write("# Other\n\nText.\n", to: "content/other.md")
        try age(site)
        _ = try? await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root),
                                   options: BuildOptions(baseURL: "https://example.org/")).buildRemembering()
        // The page a link of kept.md leads to comes: kept.md is parsed again, its body read from its file.
        try site.write("# Later\n\nCome at last.\n", to: "content/later.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(try site.page("aaaa/index.html").contains("href=\"/later/\""))

        // As `cp -p` rewrites a file: the same inode and size, its modification time set back. The time its status
        // changed, which the stamp holds, tells the edit.
        try await buildAged(site)
        try overwriteKeepingStamp(kept, with: "---\nslug: bbbb")
        Self.waitPastRacyTick()
        try site.write("<footer>Cached footer</footer>\n", to: "templates/footer.mustache")
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(try site.page("bbbb/index.html").contains("Cached footer"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("aaaa").path))
    }

    @Test("a page, the configuration or a static file rewritten in place to the same size, its time set back (as `cp -p` does), is read again")
    func rewritesWithTimeSetBack() async throws {
        let site = try TestSite()
        try site.write("title: First\n", to: "sitegen.yml")
        try site.write("---\ntitle: AAAA\n---\nText A.\n", to: "content/a.md")
        try site.write("---\ntitle: BBBB\n---\nText B.\n", to: "content/b.md")
        try site.write("body { color: red; }\n", to: "static/site.css")
        try await buildAged(site)
        try overwriteKeepingStamp(site.root.appendingPathComponent("content/a.md"), with: "---\ntitle: BBBB\n---\nText B.\n")
        try overwriteKeepingStamp(site.root.appendingPathComponent("content/b.md"), with: "---\ntitle: AAAA\n---\nText A.\n")
        try overwriteKeepingStamp(site.root.appendingPathComponent("sitegen.yml"), with: "title: Other\n")
        try overwriteKeepingStamp(site.root.appendingPathComponent("static/site.css"), with: "body { color: tan; }\n")
        Self.waitPastRacyTick()
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(try site.page("a/index.html").contains("Text B."))
        #expect(try site.page("a/index.html").contains("Other"))
        #expect(try String(contentsOf: site.output.appendingPathComponent("site.css"), encoding: .utf8).contains("tan"))
    }

    @Test("a cached build's warnings about pages it did not read again name the lines a build from nothing names")
    func warningsKeepTheirLines() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Special\nlayout: special\ntitle: Again\n---\nText.\n", to: "content/special.md")
        try site.write("# Other\n\nText.\n", to: "content/other.md")
        try age(site)
        let first = try await expectCachedBuildMatchesFreshBuild(site)
        try site.write("# Other\n\nEdited.\n", to: "content/other.md")
        let cached = try await expectCachedBuildMatchesFreshBuild(site)
        let fresh = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions()).build()
        let shown = { (summary: BuildSummary) in summary.warnings.map(\.description).filter { $0.contains("special.md") }.sorted() }
        #expect(shown(cached) == shown(fresh))
        #expect(shown(first) == shown(fresh))
        #expect(shown(cached).contains { $0.contains("special.md:3") } && shown(cached).contains { $0.contains("special.md:4") })
    }

    @Test("a cache made with other options (a key of another length) is not used, without a warning: the output is a build from nothing's")
    func cacheOfOtherOptions() async throws {
        let site = try TestSite(example: "blog")
        try await expectCachedBuildMatchesFreshBuild(site, options: BuildOptions(baseURL: "https://example.org/a-longer-base/"))
        for options in [BuildOptions(), BuildOptions(baseURL: "https://example.org/")] {
            let summary = try await expectCachedBuildMatchesFreshBuild(site, options: options)
            #expect(summary.warnings.allSatisfy { !$0.description.contains(".sitegen-cache") }, "\(summary.warnings)")
        }
    }

    @Test("an output file changed or removed by hand is made again")
    func outputsChangedByHand() async throws {
        let site = try TestSite(example: "blog")
        try await expectCachedBuildMatchesFreshBuild(site)
        try "changed by hand".write(to: site.output.appendingPathComponent("about/index.html"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("index.html"))
        try await expectCachedBuildMatchesFreshBuild(site)
    }

    @Test("a cached build that fails leaves the output as it was, also when a second page claims the path of a file kept by a hard link")
    func failedBuildKeepsOutput() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: First\n---\n\nThe first page.\n", to: "content/first.md")
        try site.write("---\ntitle: Second\n---\n\nThe second page.\n", to: "content/second.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        let before = LiveBuildHarness.files(in: site.output)
        try site.write("---\ntitle: Second\nslug: first\n---\n\nThe second page, at the first's path.\n", to: "content/second.md")
        await #expect(throws: (any Error).self) {
            try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root),
                                  options: BuildOptions(baseURL: "https://example.org/")).buildRemembering()
        }
        #expect(LiveBuildHarness.files(in: site.output) == before)
        #expect(try site.page("first/index.html").contains("The first page."))
    }

    @Test("a corrupt, truncated, linked or shared cache is not used, with one warning naming it; the output is a build from nothing's",
          arguments: ["garbage", "truncated", "padded", "entry changed", "link", "shared", "folder", "pages missing", "pages cut short",
                      "pages of another cache", "pages link"])
    func hostileCaches(kind: String) async throws {
        let site = try TestSite(example: "blog")
        try await expectCachedBuildMatchesFreshBuild(site)
        let cache = cacheFile(of: site)
        let bytes = try Data(contentsOf: cache)
        let pages = site.root.appendingPathComponent(".sitegen-cache-public.pages")
        let pageBytes = try Data(contentsOf: pages)
        try site.write("# About\n\nEdited.\n", to: "content/about.md")
        switch kind {
        case "pages missing":
            try FileManager.default.removeItem(at: pages)
        case "pages cut short":
            try pageBytes.prefix(pageBytes.count - 1).write(to: pages)
        case "pages of another cache":
            var other = pageBytes
            other[0] ^= 1
            try other.write(to: pages)
        case "pages link":
            let elsewhere = site.root.appendingPathComponent("elsewhere")
            try pageBytes.write(to: elsewhere)
            try FileManager.default.removeItem(at: pages)
            try FileManager.default.createSymbolicLink(at: pages, withDestinationURL: elsewhere)
        case "garbage":
            var damaged = bytes
            for index in stride(from: bytes.count / 2, to: bytes.count, by: 7) { damaged[index] ^= 0x5A }
            try damaged.write(to: cache)
        case "truncated":
            try bytes.prefix(bytes.count / 2).write(to: cache)
        case "entry changed":
            // One letter of a kept front matter, which still reads: refused by the entry's digest.
            let text = Data("a CDN to serve".utf8)
            let found = try #require(bytes.range(of: text))
            var damaged = bytes
            damaged[found.lowerBound + 4] = UInt8(ascii: "M")
            try damaged.write(to: cache)
        case "padded":
            // Grown by a hole of zeros (no disk taken) that the cache's own limit allows: refused by its trailer, not read.
            let handle = try FileHandle(forWritingTo: cache)
            try handle.truncate(atOffset: UInt64(bytes.count) + (1 << 31))
            try handle.close()
        case "folder":
            try FileManager.default.removeItem(at: cache)
            try site.write("mine\n", to: ".sitegen-cache-public/notes.txt")
        case "link":
            let elsewhere = site.root.appendingPathComponent("elsewhere")
            try bytes.write(to: elsewhere)
            try FileManager.default.removeItem(at: cache)
            try FileManager.default.createSymbolicLink(at: cache, withDestinationURL: elsewhere)
        default:
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: cache.path)
        }
        let summary = try await expectCachedBuildMatchesFreshBuild(site)
        let warnings = summary.warnings.filter { $0.description.contains(".sitegen-cache-public") }
        #expect(warnings.count == 1, "\(summary.warnings)")
        #expect(warnings.first?.description.contains("not used: the site is built from nothing") == true)
        // Named by the file at fault.
        let named = kind.hasPrefix("pages") ? ".sitegen-cache-public.pages:" : ".sitegen-cache-public:"
        #expect(warnings.first?.description.contains(named) == true, "\(warnings)")
        if kind == "folder" { #expect(try String(contentsOf: cache.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine\n") }
    }

    @Test("a folder at the place of the cache's file of pages' HTML stays, with one warning naming that file, not the cache")
    func folderAtThePagesFile() async throws {
        let site = try TestSite(example: "blog")
        try await buildAged(site)
        let pages = site.root.appendingPathComponent(".sitegen-cache-public.pages")
        // Without a cache to read: the write is what fails.
        try FileManager.default.removeItem(at: pages)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(".sitegen-cache-public"))
        try site.write("mine\n", to: ".sitegen-cache-public.pages/notes.txt")
        for _ in 0..<2 {
            try site.write("---\ntitle: Added \(UUID().uuidString)\n---\nText.\n", to: "content/added.md")
            let summary = try await expectCachedBuildMatchesFreshBuild(site)
            let warnings = summary.warnings.map(\.description).filter { $0.contains(".sitegen-cache-public") }
            #expect(warnings.count == 1 && warnings[0].contains(".sitegen-cache-public.pages: cannot be written (Is a directory)"), "\(summary.warnings)")
        }
        #expect(try String(contentsOf: pages.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine\n")
    }

    @Test("a cache grown or cut short is refused by a build in which no file changed too, with one warning naming it")
    func damagedCacheWithNothingChanged() async throws {
        for grow in [true, false] {
            let site = try TestSite(example: "blog")
            try await buildAged(site)
            BuildCacheTests.waitPastRacyTick()
            let cache = cacheFile(of: site)
            let size = try FileManager.default.attributesOfItem(atPath: cache.path)[.size] as! Int
            let handle = try FileHandle(forWritingTo: cache)
            try handle.truncate(atOffset: grow ? UInt64(size) + (1 << 20) : UInt64(size - 1))
            try handle.close()
            let summary = try await expectCachedBuildMatchesFreshBuild(site)
            let warnings = summary.warnings.filter { $0.description.contains(".sitegen-cache-public") }
            #expect(warnings.count == 1 && warnings[0].description.hasSuffix(".sitegen-cache-public: is corrupt; not used: the site is built from nothing"),
                    "\(grow): \(summary.warnings)")
        }
    }

    @Test("a cached build of content that does not load fails naming the file, leaves the output as it was, and the next one builds from there")
    func contentThatDoesNotLoad() async throws {
        let site = try TestSite(example: "blog")
        try await buildAged(site)
        let before = LiveBuildHarness.files(in: site.output)
        try site.write("---\ntitle: Broken\nslug: a/b\n---\nText.\n", to: "content/broken.md")
        do {
            try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions(baseURL: "https://example.org/"))
                .buildRemembering()
            Issue.record("the build did not fail")
        } catch {
            #expect("\(error)".contains("broken.md:3"), "\(error)")
        }
        #expect(LiveBuildHarness.files(in: site.output) == before)
        // The output folder made ready beside it (the spare, taken) is not left there.
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".sitegen-staging") }.isEmpty)
        try site.write("---\ntitle: Mended\nslug: mended\n---\nText.\n", to: "content/broken.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(try site.page("mended/index.html").contains("Mended"))
    }

    @Test("a byte of a page's HTML changed in place in the cache's file of pages' HTML is not published: the build is made from nothing, with one warning")
    func pagesHTMLChangedInPlace() async throws {
        let site = try TestSite(example: "blog")
        try await buildAged(site)
        let options = BuildOptions(baseURL: "https://example.org/")
        guard case .read(let opened) = BuildCache(layout: SiteLayout(root: site.root), siteFolder: site.root, output: site.output,
                                                     options: options).read() else {
            Issue.record("the cache does not read back")
            return
        }
        // One letter in the middle of each page's HTML, as a disk or another program could change it (same length, still UTF-8).
        let pages = site.root.appendingPathComponent(".sitegen-cache-public.pages")
        var bytes = try Data(contentsOf: pages)
        var changed = 0
        for parse in try #require(opened.pages()).parses.values {
            guard case .stored(let place, _) = parse.html else { continue }
            let middle = place.range.lowerBound + place.range.count / 2
            guard let letter = place.range[middle...].first(where: { (UInt8(ascii: "a")...UInt8(ascii: "y")).contains(bytes[$0]) }) else { continue }
            bytes[letter] += 1
            changed += 1
        }
        #expect(changed > 3)
        try bytes.write(to: pages)
        // A new title is shown by lists and feeds, which read the other pages' HTML again.
        let warning = try await expectRenamedPostRebuildsFromNothing(site)
        #expect(warning?.contains(".sitegen-cache-public.pages") == true)
    }

    @Test("a page's details that do not read back (read only when an output shows them) are not published: the build is made from nothing, with one warning")
    func pageDetailsThatDoNotRead() async throws {
        let site = try TestSite(example: "blog")
        try await buildAged(site)
        guard case .read(let opened) = BuildCache(layout: SiteLayout(root: site.root), siteFolder: site.root, output: site.output,
                                                     options: BuildOptions(baseURL: "https://example.org/")).read() else {
            Issue.record("the cache does not read back")
            return
        }
        // Each page's entry: its path, the entry's length, that a parse follows, its revision, its title, where its HTML is,
        // then its details after whether they are there and their length; the description's length is made too large to read.
        var bytes = try Data(contentsOf: cacheFile(of: site))
        func counted(_ text: String) -> Data {
            withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { Data($0) } + Data(text.utf8)
        }
        var damaged = 0
        for (path, parse) in try #require(opened.pages()).parses {
            var start = bytes.startIndex
            while let found = bytes.range(of: counted(path), in: start..<bytes.endIndex) {
                start = found.upperBound
                let title = found.upperBound + 8 + 1 + 8
                guard bytes.count > title + 8, bytes[title..<(title + 8 + parse.title.utf8.count)] == counted(parse.title) else { continue }
                let description = title + 8 + parse.title.utf8.count + 24 + 1 + 8
                bytes.replaceSubrange(description..<description + 8, with: withUnsafeBytes(of: UInt64(1 << 40).littleEndian) { Data($0) })
                damaged += 1
                break
            }
        }
        #expect(damaged > 3)
        try bytes.write(to: cacheFile(of: site))
        // A post's new title: the lists that show it are rendered again, and read the other posts' details.
        try await expectRenamedPostRebuildsFromNothing(site)
    }

    /// Renames a post of the blog example whose cache is damaged, and expects the cached build to
    /// be a build from nothing's with one warning naming the cache; then that the cache it wrote
    /// serves the next build as usual. Returns that warning.
    @discardableResult
    private func expectRenamedPostRebuildsFromNothing(_ site: TestSite, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String? {
        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        try site.write(original.replacingOccurrences(of: "title:", with: "title: Renamed,"), to: post)
        let summary = try await expectCachedBuildMatchesFreshBuild(site, sourceLocation: sourceLocation)
        let warnings = summary.warnings.filter { $0.description.contains(".sitegen-cache-public") }
        #expect(warnings.count == 1, "\(summary.warnings)", sourceLocation: sourceLocation)
        #expect(warnings.first?.description.contains("not used: the site is built from nothing") == true, sourceLocation: sourceLocation)
        try site.write(original + "\nOne more paragraph.\n", to: post)
        #expect(try await expectCachedBuildMatchesFreshBuild(site, sourceLocation: sourceLocation).warnings
            .allSatisfy { !$0.description.contains(".sitegen-cache") }, sourceLocation: sourceLocation)
        return warnings.first?.description
    }

    @Test("a text edit adds the page's HTML at the end of the cache's file of pages' HTML; the file is made again once most of it is unused")
    func pagesHTMLIsAppended() async throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/_index.md")
        try site.write("# Small\n\nA small page.\n", to: "content/small.md")
        let long = String(repeating: "A paragraph long enough to weigh more than the rest of the site. ", count: 150)
        try site.write("# Long\n\n\(long)\n", to: "content/long.md")
        try await buildAged(site)
        let pages = site.root.appendingPathComponent(".sitegen-cache-public.pages")
        let first = try Data(contentsOf: pages)

        // An edit: the new HTML goes at the end, the bytes before stay as they were.
        try site.write("# Long\n\n\(long)\n\nEdited once.\n", to: "content/long.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        let second = try Data(contentsOf: pages)
        #expect(second.count > first.count + long.utf8.count)
        #expect(second.prefix(first.count) == first)
        #expect(String(decoding: second.suffix(from: first.count), as: UTF8.self).contains("Edited once."))

        // Another: more than half of the file would be unused, so it is made again, shorter.
        try site.write("# Long\n\n\(long)\n\nEdited twice.\n", to: "content/long.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        let third = try Data(contentsOf: pages)
        #expect(third.count < second.count)
        #expect(third.prefix(8) != first.prefix(8))
        #expect(String(decoding: third, as: UTF8.self).contains("Edited twice."))
        #expect(!String(decoding: third, as: UTF8.self).contains("Edited once."))

        // The next edit starts from the file made again.
        try site.write("# Small\n\nA small page, edited.\n", to: "content/small.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        #expect(try Data(contentsOf: pages).prefix(third.count) == third)
    }

    @Test("bytes past the end the cache recorded of its file of pages' HTML (padding, or what a build that failed added) go at the next edit")
    func pagesHTMLPaddingGoes() async throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/_index.md")
        try site.write("# Page\n\nText.\n", to: "content/page.md")
        // A long page that stays: the file of pages' HTML is added to, not made again.
        try site.write("# Long\n\n" + String(repeating: "A paragraph long enough to weigh more than the rest. ", count: 150) + "\n",
                       to: "content/long.md")
        try await buildAged(site)
        let pages = site.root.appendingPathComponent(".sitegen-cache-public.pages")
        let first = try Data(contentsOf: pages)
        try (first + Data(count: 4_096)).write(to: pages)
        try site.write("# Page\n\nEdited.\n", to: "content/page.md")
        try await expectCachedBuildMatchesFreshBuild(site)
        let second = try Data(contentsOf: pages)
        #expect(second.prefix(first.count) == first)
        #expect(second.count < first.count + 4_096)
        #expect(String(decoding: second.suffix(from: first.count), as: UTF8.self).hasPrefix("<p>Edited.</p>"))
    }

    @Test("`sitegen build --cache` prints the one warning about a cache it does not use, and exits 0 with the output a build from nothing makes")
    func commandWarnsOfACorruptCache() throws {
        let site = try TestSite(example: "blog")
        #expect(try Sitegen.run(["build", "--cache", "-q"], in: site.root).status == 0)
        let cache = cacheFile(of: site)
        var bytes = try Data(contentsOf: cache)
        for index in stride(from: bytes.count / 2, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        try bytes.write(to: cache)
        try site.write("# About\n\nEdited by hand.\n", to: "content/about.md")
        let result = try Sitegen.run(["build", "--cache", "-q"], in: site.root)
        #expect(result.status == 0)
        #expect(result.error.components(separatedBy: "not used: the site is built from nothing").count == 2, "\(result.error)")
        #expect(result.error.contains(".sitegen-cache-public"))
        #expect(try site.page("about/index.html").contains("Edited by hand."))
        // The cache was written again: the next build reads it without a word.
        try site.write("# About\n\nEdited again.\n", to: "content/about.md")
        let again = try Sitegen.run(["build", "--cache", "-q"], in: site.root)
        #expect(again.status == 0 && !again.error.contains("not used"), "\(again.error)")
    }

    @Test("random bytes of any length read as a corrupt cache, never a crash")
    func randomBytes() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 64, 1_000, 100_000] {
            for _ in 0..<20 {
                var reader = CacheReader((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
                _ = try? reader.readDictionary(KeptParse.self)
                var second = CacheReader((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
                _ = try? second.readOptional(DependencyRecord.self)
            }
        }
        // A count larger than the bytes left is refused before anything is allocated.
        var writer = CacheWriter()
        writer.write(Int.max)
        var reader = CacheReader(writer.bytes)
        #expect(throws: CacheReader.Malformed.self) { try reader.readStrings() }
        // Nesting past the limit is refused, not recursed into.
        var deep = CacheWriter()
        for _ in 0..<10_000 { deep.write(6); deep.write(1) }
        var deepReader = CacheReader(deep.bytes)
        #expect(throws: CacheReader.Malformed.self) { try deepReader.read(FrontMatterValue.self) }
    }

    @Test("every value the cache keeps reads back as it was written")
    func roundTrips() throws {
        let frontMatter = FrontMatter([("title", .string("Ünïcode ✓")), ("n", .int(-3)), ("x", .double(1.5)), ("b", .bool(true)),
                                       ("d", .date(Date(timeIntervalSince1970: 1_700_000_000))), ("l", .list([.null, .string("a")])),
                                       ("m", .map(FrontMatter([("k", .int(1))])))])
        var writer = CacheWriter()
        writer.write(frontMatter)
        let fromFile = try FrontMatter(yaml: "title: A\nn: 1\ntitle: B\n")
        writer.write(fromFile)
        writer.write([Fact.page("a.md"), .listing("b.md"), .site("en"), .words("fr"), .data("de"), .templates, .feedEntry("c.md")])
        let tags = ForeignTemplateTags(tallies: [.hugoShortcode: .init(count: 2, firstLine: 3)], shortcodeNames: ["x"], zolaNames: ["y"])
        writer.write(tags)
        writer.write(SiteError(file: "a.md", line: 4, "message"))
        var record = DependencyRecord()
        record.set("a/index.html", .init(values: 42, facts: [.page("a.md"), .templates]))
        record.see(.page("a.md"), 7)
        writer.write(record)
        let spare = SpareFolder.Record(manifest: FileStamp(seconds: 5, nanoseconds: 6, size: 7, inode: 8),
                                       spareTop: FileStamp(seconds: 13, nanoseconds: 14, size: 15, inode: 16), changed: ["a/index.html"],
                                       goneFolders: ["b"], outputFolders: ["a": FileStamp(seconds: 1, nanoseconds: 2, size: 3, inode: 4)],
                                       spareFolders: ["c": FileStamp(seconds: 9, nanoseconds: 10, size: 11, inode: 12)],
                                       readAt: Date(timeIntervalSince1970: 1_700_000_000.25))
        writer.write(spare)
        var reader = CacheReader(writer.bytes)
        #expect(try reader.read(FrontMatter.self) == frontMatter)
        let readFromFile = try reader.read(FrontMatter.self)
        #expect(readFromFile == fromFile && readFromFile.line(of: "title") == 3 && readFromFile.line(of: "n") == 2
                && readFromFile.repeatedKeys == ["title"])
        #expect(try reader.readArray(Fact.self) == [.page("a.md"), .listing("b.md"), .site("en"), .words("fr"), .data("de"), .templates,
                                                    .feedEntry("c.md")])
        #expect(try reader.read(ForeignTemplateTags.self) == tags)
        #expect(try reader.read(SiteError.self).description == "a.md:4: message")
        let read = try reader.read(DependencyRecord.self)
        #expect(read.outputs["a/index.html"]?.values == 42 && read.outputs["a/index.html"]?.facts == [.page("a.md"), .templates])
        #expect(read.factTable.filter { read.seen($0) != nil } == [.page("a.md")] && read.seen(.page("a.md")) == 7)
        #expect(read.readers(of: [.templates]) == ["a/index.html"])
        #expect(try reader.read(SpareFolder.Record.self) == spare)
        #expect(reader.isAtEnd)
    }

    @Test("a record read from the cache writes the outputs it kept as it read them, and those set since as they are now")
    func recordWrittenAgain() throws {
        var record = DependencyRecord()
        record.set("a/index.html", .init(values: 1, facts: [.page("a.md"), .templates]))
        record.set("b/index.html", .init(values: 2, facts: [.listing("a.md")]))
        record.set("c/index.html", .init(values: 3, facts: [.site("en")]))
        var writer = CacheWriter()
        writer.write(record)
        var reader = CacheReader(writer.bytes)
        var read = try reader.read(DependencyRecord.self)
        read.set("b/index.html", .init(values: 20, facts: [.listing("c.md"), .templates]))
        read.set("c/index.html", nil)
        read.set("d/index.html", .init(values: 4, facts: [.feedEntry("d.md")]))
        writer = CacheWriter()
        writer.write(read)
        reader = CacheReader(writer.bytes)
        let again = try reader.read(DependencyRecord.self)
        #expect(reader.isAtEnd)
        #expect(Set(again.outputs.keys) == ["a/index.html", "b/index.html", "d/index.html"])
        #expect(again.outputs["a/index.html"]?.values == 1 && again.outputs["a/index.html"]?.facts == [.page("a.md"), .templates])
        #expect(again.outputs["b/index.html"]?.values == 20 && again.outputs["b/index.html"]?.facts == [.listing("c.md"), .templates])
        #expect(again.outputs["d/index.html"]?.values == 4 && again.outputs["d/index.html"]?.facts == [.feedEntry("d.md")])
        // Facts are named by their place in the cache's table: the table read comes first again,
        // so that the entries kept as they were still name their facts; the new ones follow.
        #expect(Array(again.factTable.prefix(read.factTable.count)) == read.factTable)
        #expect(Set(again.factTable) == [.page("a.md"), .templates, .listing("a.md"), .site("en"), .listing("c.md"), .feedEntry("d.md")])
        var third = again
        third.set("e/index.html", .init(values: 5, facts: [.templates, .words("fr")]))
        third.see(.words("fr"), 11)
        writer = CacheWriter()
        writer.write(third)
        reader = CacheReader(writer.bytes)
        let last = try reader.read(DependencyRecord.self)
        #expect(reader.isAtEnd)
        #expect(last.outputs["a/index.html"]?.facts == [.page("a.md"), .templates])
        #expect(last.outputs["b/index.html"]?.facts == [.listing("c.md"), .templates])
        #expect(last.outputs["e/index.html"]?.facts == [.templates, .words("fr")])
        // Only what was seen has a fingerprint.
        #expect(last.factTable.filter { last.seen($0) != nil } == [.words("fr")] && last.seen(.words("fr")) == 11)
        // An entry that names a place past the table is refused.
        var hostile = CacheWriter()
        hostile.write(1)
        hostile.write(Fact.templates)
        hostile.write(false)
        hostile.write(1)
        hostile.write("a/index.html")
        hostile.write(UInt64(1))
        hostile.write(1)
        hostile.write(UInt32(1))
        var hostileReader = CacheReader(hostile.bytes)
        #expect(throws: CacheReader.Malformed.self) { try hostileReader.read(DependencyRecord.self) }
    }

    @Test("a page whose date comes while no file changes is published by the next cached build")
    func futurePagesComeDue() async throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/_index.md")
        let now = Date()
        let soon = ISO8601DateFormatter().string(from: now.addingTimeInterval(3_600))
        try site.write("---\ntitle: Soon\ndate: \(soon)\n---\n\nText.\n", to: "content/soon.md")
        let layout = SiteLayout(root: site.root)
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions(now: now)).buildRemembering()
        #expect(!site.exists("soon/index.html"))
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions(now: now.addingTimeInterval(7_200))).buildRemembering()
        #expect(site.exists("soon/index.html"))
    }

    @Test("a page edited to a date to come, in a build of that edit alone, is published by the first cached build after that date")
    func editedPageComesDue() async throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/_index.md")
        try site.write("---\ntitle: Old\ndate: 2020-01-01\n---\n\nText.\n", to: "content/old.md")
        try site.write("---\ntitle: Later\ndate: 2020-01-02\n---\n\nText.\n", to: "content/later.md")
        let layout = SiteLayout(root: site.root)
        let now = Date()
        // Every file dated a day back, so that its stamp vouches for it (none is read again for being racy).
        let dayBefore = now.addingTimeInterval(-86_400)
        for file in ["content/_index.md", "content/old.md", "content/later.md"] {
            try FileManager.default.setAttributes([.modificationDate: dayBefore], ofItemAtPath: site.root.appendingPathComponent(file).path)
        }
        Self.waitPastRacyTick()
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions(now: now)).buildRemembering()
        #expect(site.exists("later/index.html"))
        // Only this page changes: the build is of a page edit, and its date is the next change.
        let soon = ISO8601DateFormatter().string(from: now.addingTimeInterval(3_600))
        let edited = try site.write("---\ntitle: Later\ndate: \(soon)\n---\n\nText, edited.\n", to: "content/later.md")
        try FileManager.default.setAttributes([.modificationDate: dayBefore.addingTimeInterval(1)], ofItemAtPath: edited.path)
        Self.waitPastRacyTick()
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions(now: now.addingTimeInterval(60))).buildRemembering()
        #expect(!site.exists("later/index.html"))
        try await SiteBuilder(site: Site(), layout: layout, options: BuildOptions(now: now.addingTimeInterval(7_200))).buildRemembering()
        #expect(try site.page("later/index.html").contains("Text, edited."))
    }
}
