import Foundation
import Testing
@testable import Sitegen

/// `sitegen build --cache` keeps the output folder each build replaces beside it
/// (`.sitegen-spare-NAME`) and stages the next build in it: only what differs is written, the
/// rest is there already; the user's files in the output folder stay as they are.
@Suite("The spare output folder of cached builds")
struct SpareFolderTests {
    private let options = BuildOptions(baseURL: "https://example.org/")

    private func spare(of site: TestSite) -> URL {
        site.root.appendingPathComponent(".sitegen-spare-public")
    }

    private func inode(_ url: URL) -> UInt64? {
        FileSystem.entryIdentity(url.path)?.last
    }

    /// A cached build of `site`; then expects its output to be a build from nothing's, with the
    /// user's `extra` files (path → text) besides.
    private func buildAndCompare(_ site: TestSite, extra: [String: String] = [:],
                                 sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering()
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fresh) }
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root, output: fresh), options: options).build()
        var expected = LiveBuildHarness.files(in: fresh)
        for (path, text) in extra { expected[path] = Data(text.utf8) }
        let actual = LiveBuildHarness.files(in: site.output)
        #expect(actual.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in expected where actual[path] != data {
            Issue.record("\(path) differs from a build from nothing", sourceLocation: sourceLocation)
        }
    }

    /// The blog example built twice with the cache (a post edited between), so that it has a
    /// spare; with the post's path and text.
    private func siteWithSpare() async throws -> (site: TestSite, post: String, original: String) {
        let site = try TestSite(example: "blog")
        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        try await buildAndCompare(site)
        try site.write(original + "\nA first edit.\n", to: post)
        try await buildAndCompare(site)
        return (site, post, original)
    }

    @Test("folder stamps are read from the folder each is in: the same as one by one, in order; none for a file, a link or a folder gone")
    func stampsReadFromEachFolder() throws {
        let site = try TestSite()
        let root = site.root.appendingPathComponent("tree")
        for folder in ["a/b/c", "a/b/d", "a/e", "f"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try site.write("text", to: "tree/a/b/file")
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("a/link"), withDestinationURL: root.appendingPathComponent("f"))
        let paths = ["a/b/d", "f", "a/b/c", "a/b/file", "a/link", "a/gone", "a/b", "gone/x", "a/e", "a"]
        let stamps = SpareFolder.readStamps(of: paths, in: root.path)
        #expect(stamps == paths.map { FileStamp(folderAt: root.path + "/" + $0) })
        #expect(stamps.map { $0 != nil } == [true, true, true, false, false, false, true, false, true, true])
        #expect(SpareFolder.readStamps(of: paths, in: root.path + "/missing").allSatisfy { $0 == nil })
    }

    @Test("after the second cached build, each is staged in the output folder before last; through edits, new and removed pages and files the output is a build from nothing's")
    func buildsAreStagedInTheSpare() async throws {
        let (site, post, original) = try await siteWithSpare()
        let edits: [() throws -> Void] = [
            { try site.write(original + "\nA second edit.\n", to: post) },
            { try site.write("---\ntitle: A new page\ntags: [swift]\n---\n\nNew.\n", to: "content/new.md") },
            { try site.write(original + "\nA third edit.\n", to: post) },
            { try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/new.md")) },
            { try site.write("a static file\n", to: "static/notes/today.txt") },
            { try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/notes")) },
            { try site.write("<footer>Another footer</footer>\n", to: "templates/footer.mustache") },
        ]
        for edit in edits {
            let before = LiveBuildHarness.files(in: site.output)
            let spareFolder = try #require(inode(spare(of: site)))
            try edit()
            try await buildAndCompare(site)
            // The spare became the output; the output before became the spare, as it was.
            #expect(inode(site.output) == spareFolder)
            #expect(LiveBuildHarness.files(in: spare(of: site)) == before)
        }
        #expect(!site.exists("new/index.html") && !site.exists("notes/today.txt") && !site.exists("notes"))
    }

    @Test("the first cached build into a new folder leaves a spare of hard links of its files; the next build is staged in it, the user's files kept")
    func firstBuildLeavesSpare() async throws {
        let site = try TestSite(example: "blog")
        try await buildAndCompare(site)
        let output = LiveBuildHarness.files(in: site.output)
        #expect(LiveBuildHarness.files(in: spare(of: site)) == output)
        for path in output.keys + [".sitegen-manifest"] {
            #expect(inode(site.output.appendingPathComponent(path)) == inode(spare(of: site).appendingPathComponent(path)), "\(path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".sitegen-staging-") }.isEmpty)
        let spareFolder = try #require(inode(spare(of: site)))
        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        try site.write(original + "\nAn edit.\n", to: post)
        try await buildAndCompare(site)
        #expect(inode(site.output) == spareFolder)
        #expect(LiveBuildHarness.files(in: spare(of: site)) == output)
        try site.write("mine\n", to: "public/about/notes.txt")
        try site.write(original + "\nAnother edit.\n", to: post)
        try await buildAndCompare(site, extra: ["about/notes.txt": "mine\n"])
    }

    @Test("a spare a killed build was checking loses only what sitegen wrote there: the user's files in it go back to the spare's place")
    func takenSpareOfAKilledBuild() async throws {
        for cached in [true, false] {
            let (site, post, original) = try await siteWithSpare()
            try site.write("mine\n", to: ".sitegen-spare-public/posts/mine.txt")
            // The spare as a build killed while checking it leaves it.
            let taken = site.root.appendingPathComponent(".sitegen-taken-public-\(try OutputSafetyTests.endedProcessID())-\(UUID().uuidString)")
            try FileManager.default.moveItem(at: spare(of: site), to: taken)
            try site.write(original + "\nAnother edit.\n", to: post)
            if cached {
                try await buildAndCompare(site)
            } else {
                try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).build()
            }
            #expect(!FileManager.default.fileExists(atPath: taken.path))
            #expect(LiveBuildHarness.files(in: spare(of: site)) == ["posts/mine.txt": Data("mine\n".utf8)], "cached: \(cached)")
            #expect(!site.exists("posts/mine.txt"))
        }
    }

    @Test("the user's files in the output folder stay through builds staged in the spare: added, changed by hand or removed")
    func usersFilesStay() async throws {
        let (site, post, original) = try await siteWithSpare()
        var extra = ["CNAME": "example.org\n", "about/notes.txt": "mine\n", "mine/deep/x.txt": "deep\n"]
        for (path, text) in extra { try site.write(text, to: "public/" + path) }
        for round in 2...4 {
            try site.write(original + "\nEdit \(round).\n", to: post)
            try await buildAndCompare(site, extra: extra)
        }
        extra["about/notes.txt"] = "changed\n"
        try site.write("changed\n", to: "public/about/notes.txt")
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("CNAME"))
        extra["CNAME"] = nil
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("mine/deep"))
        extra["mine/deep/x.txt"] = nil
        for round in 5...6 {
            try site.write(original + "\nEdit \(round).\n", to: post)
            try await buildAndCompare(site, extra: extra)
        }
        #expect(!site.exists("CNAME") && !site.exists("mine/deep"))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("mine").path))
        // Replaced by a rename (as `sed -i` and editors save), or removed: the spare's twin of the
        // old file goes, the spare is still used, and nothing is said.
        let replacement = site.root.appendingPathComponent("notes.new")
        try "renamed\n".write(to: replacement, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("about/notes.txt"))
        try FileManager.default.moveItem(at: replacement, to: site.output.appendingPathComponent("about/notes.txt"))
        extra["about/notes.txt"] = "renamed\n"
        try site.write("mine\n", to: "public/gone.txt")
        try site.write(original + "\nEdit 7.\n", to: post)
        try await buildAndCompare(site, extra: extra.merging(["gone.txt": "mine\n"]) { $1 })
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("gone.txt"))
        for round in 8...9 {
            try site.write(original + "\nEdit \(round).\n", to: post)
            let summary = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering().summary
            #expect(!summary.warnings.contains { $0.description.contains(".sitegen-spare-public") }, "\(summary.warnings)")
            try await buildAndCompare(site, extra: extra)
            #expect(try String(contentsOf: spare(of: site).appendingPathComponent("about/notes.txt"), encoding: .utf8) == "renamed\n")
            #expect(!FileManager.default.fileExists(atPath: spare(of: site).appendingPathComponent("gone.txt").path))
        }
        #expect(!site.exists("gone.txt"))
    }

    @Test("a file of the user's where a build staged in the spare writes stops the build, naming it; the output stays as it was")
    func usersFileInTheWay() async throws {
        let site = try await siteWithSpare().site
        try site.write("my own page\n", to: "public/later/index.html")
        // Carried into the next output, and so in the spare of the build after.
        try site.write("---\ntitle: About\n---\n\nEdited again.\n", to: "content/about.md")
        try await buildAndCompare(site, extra: ["later/index.html": "my own page\n"])
        let before = LiveBuildHarness.files(in: site.output)
        try site.write("---\ntitle: Later\n---\n\nA page where the user's file is.\n", to: "content/later.md")
        let error = await #expect(throws: (any Error).self) {
            try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering()
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("later/index.html"))
        #expect(LiveBuildHarness.files(in: site.output) == before)
        #expect(try site.page("later/index.html") == "my own page\n")
    }

    @Test("a folder sitegen made, replaced in the output by a file or a link of the user's, stops the build naming it; the user's entry stays")
    func usersEntryInPlaceOfAFolder() async throws {
        for asLink in [false, true] {
            let (site, post, original) = try await siteWithSpare()
            let about = site.output.appendingPathComponent("about")
            try FileManager.default.removeItem(at: about)
            if asLink {
                try FileManager.default.createSymbolicLink(atPath: about.path, withDestinationPath: "elsewhere")
            } else {
                try site.write("my notes\n", to: "public/about")
            }
            try site.write(original + "\nEdited.\n", to: post)
            let error = await #expect(throws: (any Error).self) {
                try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering()
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("about"), "\(String(describing: error))")
            if asLink {
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: about.path) == "elsewhere")
            } else {
                #expect(try site.page("about") == "my notes\n")
            }
        }
    }

    @Test("a spare changed by hand is not used: no file put in it is published, none taken from it is stale")
    func spareChangedByHand() async throws {
        let site = try await siteWithSpare().site
        // Planted with the folder's modification time set back, after the tick of the clock in
        // which its stamp was read: its stamp still tells (its status change time, and its size).
        try await Task.sleep(for: .milliseconds(250))
        let posts = spare(of: site).appendingPathComponent("posts").path
        var info = stat()
        #expect(stat(posts, &info) == 0)
        try site.write("planted\n", to: ".sitegen-spare-public/posts/planted.html")
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, posts, &times, 0) == 0)
        try site.write("---\ntitle: About\n---\n\nEdited again.\n", to: "content/about.md")
        try await buildAndCompare(site)
        #expect(!site.exists("posts/planted.html"))
        // Not the build's to remove: it stays in the spare, until it is moved out.
        #expect(FileManager.default.fileExists(atPath: posts + "/planted.html"))
        try FileManager.default.removeItem(at: spare(of: site))
        try site.write("---\ntitle: About\n---\n\nEdited a third time.\n", to: "content/about.md")
        try await buildAndCompare(site)
        try site.write("planted\n", to: ".sitegen-spare-public/planted.html")
        let stale = spare(of: site).appendingPathComponent("index.html")
        try FileManager.default.removeItem(at: stale)
        try "replaced in the spare".write(to: stale, atomically: false, encoding: .utf8)
        try site.write("---\ntitle: About\n---\n\nEdited a fourth time.\n", to: "content/about.md")
        try await buildAndCompare(site)
        #expect(!site.exists("planted.html") && !site.exists("posts/planted.html"))
    }

    @Test("entries of the spare's top folder changed by hand are not published; a file outside that shares a file of the spare (a hard link, a copy made with cp -al) is never written")
    func topOfTheSpare() async throws {
        let site = try TestSite(example: "blog")
        let outside = try site.write("mine\n", to: "outside/notes.txt")
        let backup = site.root.appendingPathComponent("backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        var backedUp = Data()
        try await buildAndCompare(site)
        for round in 1...4 {
            if round <= 2 {
                try site.write("---\ntitle: About\n---\n\nEdit \(round).\n", to: "content/about.md")
            } else {
                try site.write("---\ntitle: Page \(round)\n---\n\nNew.\n", to: "content/page-\(round).md")
            }
            try await buildAndCompare(site)
            if round == 2 {
                // A backup of the output made of hard links (cp -al): the next spare's manifest is one of its files.
                try FileManager.default.linkItem(at: site.output.appendingPathComponent(".sitegen-manifest"),
                                                 to: backup.appendingPathComponent(".sitegen-manifest"))
                backedUp = try Data(contentsOf: backup.appendingPathComponent(".sitegen-manifest"))
            }
        }
        let top = spare(of: site)
        try FileManager.default.removeItem(at: top.appendingPathComponent("robots.txt"))
        try FileManager.default.createSymbolicLink(at: top.appendingPathComponent("robots.txt"), withDestinationURL: outside)
        try FileManager.default.removeItem(at: top.appendingPathComponent("404.html"))
        try site.write("planted\n", to: ".sitegen-spare-public/.sitegen-planted")
        try FileManager.default.removeItem(at: top.appendingPathComponent(".sitegen-manifest"))
        try FileManager.default.linkItem(at: outside, to: top.appendingPathComponent(".sitegen-manifest"))
        try site.write("---\ntitle: Page 5\n---\n\nNew.\n", to: "content/page-5.md")
        try await buildAndCompare(site)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "mine\n")
        #expect(try Data(contentsOf: backup.appendingPathComponent(".sitegen-manifest")) == backedUp)
        #expect(FileSystem.kind(site.output.appendingPathComponent("robots.txt").path) == .file)
        #expect(!site.exists(".sitegen-planted"))
    }

    @Test("a link put at the spare's place stays, and the warning says it is not a folder sitegen made; the folder it names is never written")
    func linkAtTheSparesPlace() async throws {
        let (site, post, original) = try await siteWithSpare()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-elsewhere-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.copyItem(at: spare(of: site), to: elsewhere)
        let before = LiveBuildHarness.files(in: elsewhere)
        try FileManager.default.removeItem(at: spare(of: site))
        try FileManager.default.createSymbolicLink(at: spare(of: site), withDestinationURL: elsewhere)
        try site.write(original + "\nEdit.\n", to: post)
        let summary = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering().summary
        #expect(summary.warnings.map(\.description).contains { $0.hasSuffix(".sitegen-spare-public: is not a folder sitegen made (a link or a file), "
            + "and stays there; until it is moved away, no spare is kept and each cached build stages the whole output anew") }, "\(summary.warnings)")
        #expect(FileSystem.kind(spare(of: site).path) == .link && LiveBuildHarness.files(in: elsewhere) == before)
    }

    @Test("the user's files put in the spare stay where they are through cached builds and a build without the cache; the spare is not used meanwhile")
    func usersFilesInTheSpareStay() async throws {
        let (site, post, original) = try await siteWithSpare()
        let mine = [".sitegen-spare-public/mine.txt", ".sitegen-spare-public/mine/notes.txt", ".sitegen-spare-public/about/mine.txt",
                    ".sitegen-spare-public/.sitegen-notes.txt"]
        for path in mine { try site.write("mine\n", to: path) }
        let emptyFolder = spare(of: site).appendingPathComponent("uploads/2024")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
        for round in 1...2 {
            try site.write(original + "\nEdit \(round).\n", to: post)
            try await buildAndCompare(site)
            for path in mine { #expect(try String(contentsOf: site.root.appendingPathComponent(path), encoding: .utf8) == "mine\n") }
        }
        // Each cached build says why it keeps no spare.
        try site.write(original + "\nEdit 2b.\n", to: post)
        let summary = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: options).buildRemembering().summary
        // Naming them, the first few: the user need not look through every file of the spare.
        #expect(summary.warnings.filter { $0.description.contains(".sitegen-spare-public: holds files sitegen did not write (or could not "
            + "remove), which stay there: .sitegen-notes.txt, about/mine.txt, mine.txt and 2 more") }.count == 1, "\(summary.warnings)")
        // What sitegen wrote there went: only the user's files are left, and the manifest that tells them.
        let left = FileManager.default.enumerator(atPath: spare(of: site).path)?.compactMap { $0 as? String }
            .filter { FileSystem.kind(spare(of: site).path + "/" + $0) == .file }.sorted()
        #expect(left == [".sitegen-manifest", ".sitegen-notes.txt", "about/mine.txt", "mine.txt", "mine/notes.txt"])
        // A build without the cache, which removes the spare, leaves them too, and says so.
        let plain = try await site.build(options)
        #expect(plain.warnings.filter { $0.description.contains(".sitegen-spare-public: holds files sitegen did not write") }.count == 1,
                "\(plain.warnings)")
        for path in mine { #expect(try String(contentsOf: site.root.appendingPathComponent(path), encoding: .utf8) == "mine\n") }
        #expect(FileSystem.kind(emptyFolder.path) == .folder, "the user's empty folder is gone")
        // Once they are moved out, the next cached builds keep a spare again.
        try FileManager.default.removeItem(at: spare(of: site))
        try site.write(original + "\nEdit 3.\n", to: post)
        try await buildAndCompare(site)
        try site.write(original + "\nEdit 4.\n", to: post)
        try await buildAndCompare(site)
        #expect(FileSystem.kind(spare(of: site).path) == .folder)
        // A file of the user's at the spare's own path stays too.
        try FileManager.default.removeItem(at: spare(of: site))
        try site.write("mine\n", to: ".sitegen-spare-public")
        try site.write(original + "\nEdit 5.\n", to: post)
        try await buildAndCompare(site)
        #expect(try String(contentsOf: spare(of: site), encoding: .utf8) == "mine\n")
    }

    @Test("a file of the user's in a spare's folder whose name is not UTF-8 stays, though its path read as text is one of the site's")
    func namesNotUTF8InTheSpare() async throws {
        let site = try TestSite(example: "blog")
        // The site publishes `d\u{FFFD}/file.txt`, the text a name `d` + 0xFF reads as.
        try site.write("the site's\n", to: "static/d\u{FFFD}/file.txt")
        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        try await buildAndCompare(site)
        try site.write(original + "\nA first edit.\n", to: post)
        try await buildAndCompare(site)
        let folder = spare(of: site).path + "/d\u{FF}"
        let bytes = Array(spare(of: site).path.utf8) + [UInt8(ascii: "/"), UInt8(ascii: "d"), 0xFF]
        #expect(mkdir(bytes.map { CChar(bitPattern: $0) } + [0], 0o755) == 0, "\(folder)")
        let file = bytes + Array("/file.txt".utf8)
        let descriptor = open(file.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        try await site.build(options)
        #expect(access(file.map { CChar(bitPattern: $0) } + [0], F_OK) == 0, "the user's file is gone")
    }

    @Test("a build without the cache removes the spare")
    func plainBuildRemovesTheSpare() async throws {
        let site = try await siteWithSpare().site
        #expect(FileManager.default.fileExists(atPath: spare(of: site).path))
        try await site.build(options)
        #expect(!FileManager.default.fileExists(atPath: spare(of: site).path))
    }

    @Test("a record that names paths outside the spare, or folders reached through others it does not name, is not used")
    func hostileRecords() throws {
        let site = try TestSite()
        try site.write("kept\n", to: "spare/a/b/file.html")
        try site.write("kept\n", to: "output/a/b/file.html")
        try site.write("outside\n", to: "outside.txt")
        let spareFolder = site.root.appendingPathComponent("spare").path, output = site.root.appendingPathComponent("output").path
        let stamps = try #require(SpareFolder.stamps(of: ["a", "a/b"], in: spareFolder))
        let outputStamps = try #require(SpareFolder.stamps(of: ["a", "a/b"], in: output))
        var manifest = OutputManifest()
        manifest.files = ["a/b/file.html"]
        manifest.folders = ["a", "a/b"]
        let record = SpareFolder.Record(manifest: FileStamp(seconds: 0, nanoseconds: 0, size: 0, inode: 0),
                                        spareTop: FileStamp(seconds: 0, nanoseconds: 0, size: 0, inode: 0), changed: ["a/b/file.html"],
                                        goneFolders: [], outputFolders: outputStamps, spareFolders: stamps, readAt: .distantPast)
        for hostile in [["../outside.txt"], ["a/../../outside.txt"], ["/etc/passwd"]] {
            var bad = record
            bad.changed = hostile
            #expect(SpareFolder.take(spareFolder, record: bad, output: output, manifest: manifest) == nil)
        }
        var skipping = record
        skipping.spareFolders["a"] = nil
        #expect(SpareFolder.take(spareFolder, record: skipping, output: output, manifest: manifest) == nil)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("outside.txt").path))
        let taken = try #require(SpareFolder.take(spareFolder, record: record, output: output, manifest: manifest))
        #expect(taken.present.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: spareFolder + "/a/b/file.html"))
    }
}
