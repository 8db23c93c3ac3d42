import Foundation
import Testing
import TestSupport
@testable import Sitegen

/// How a build is put in place of the one before: the folder removal and the manifest reading
/// it rests on, and the user's files inside sitegen's folders, which a commit reads folder by folder.
@Suite("Putting a build in place")
struct OutputCommitTests {
    @Test("removing a tree removes every entry of a big folder, and nothing a link in it leads to")
    func removingATree() throws {
        let site = try TestSite()
        try site.write("kept\n", to: "outside/kept.txt")
        for index in 0..<600 {
            try site.write("page \(index)\n", to: "tree/posts/page-\(index)/index.html")
        }
        try site.write("deep\n", to: "tree/a/b/c/d/e/f.txt")
        let tree = site.root.appendingPathComponent("tree").path
        try FileManager.default.createSymbolicLink(atPath: tree + "/link", withDestinationPath: site.root.appendingPathComponent("outside").path)
        try FileManager.default.createSymbolicLink(atPath: tree + "/posts/page-7/link", withDestinationPath: "../../../outside/kept.txt")

        FileSystem.removeTree(tree)

        #expect(!FileManager.default.fileExists(atPath: tree))
        #expect(try String(contentsOf: site.root.appendingPathComponent("outside/kept.txt"), encoding: .utf8) == "kept\n")
    }

    @Test("a manifest path is plain only when every component is a name", arguments: [
        ("posts/hello/index.html", true), ("a", true), ("...", true), ("a/.../b", true), (".well-known/x", true),
        ("", false), ("/etc/passwd", false), ("a//b", false), ("a/", false), ("./a", false), ("a/./b", false),
        ("../a", false), ("a/../b", false), ("a/..", false), (".sitegen-manifest", false), ("a\u{7F}b", false),
        ("a\nb", false), ("a\tb", false), ("é/ß.html", true),
    ])
    func plainPaths(path: String, plain: Bool) {
        #expect(OutputManifest.isPlainPath(path) == plain)
    }

    @Test("a file of the user's saved again and again while builds are put in place (a new file renamed over it, as editors save) never fails a build, and the last save stays")
    func savesDuringTheSwapWin() async throws {
        let site = try TestSite()
        for index in 0..<200 {
            try site.write("# Page \(index)\n\nText.\n", to: "content/posts/page-\(index).md")
        }
        let layout = SiteLayout(root: site.root)
        try await SiteBuilder(site: Site(), layout: layout).build()
        // Many files of the user's: carrying them over takes long enough for saves to land in between.
        let many = site.output.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for index in 0..<20_000 { _ = FileManager.default.createFile(atPath: many.path + "/\(index)", contents: nil) }
        let output = site.output.path
        let cname = output + "/CNAME"
        for round in 0..<6 {
            // Each save a new file renamed over CNAME; one whose draft went with the swap did not happen.
            let saving = Task.detached { () -> Int in
                var (attempt, saved) = (0, 0)
                while !Task.isCancelled {
                    attempt += 1
                    let draft = output + "/.CNAME-\(attempt)"
                    guard (try? Data("v\(attempt)\n".utf8).write(to: URL(fileURLWithPath: draft))) != nil else { continue }
                    if rename(draft, cname) == 0 { saved = attempt }
                }
                return saved
            }
            try site.write("# Page 1\n\nText \(round).\n", to: "content/posts/page-1.md")
            try await SiteBuilder(site: Site(), layout: layout).build()
            saving.cancel()
            let last = await saving.value
            #expect(last > 0, "no save landed")
            #expect(try String(contentsOfFile: cname, encoding: .utf8) == "v\(last)\n", "round \(round)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: many.path).count == 20_000)
    }

    @Test("files of the user's inside the folders of a build's pages stay through every later build (a big folder is walked on every core)",
          arguments: [40, 300])
    func userFilesInPageFoldersStay(pages: Int) async throws {
        let site = try TestSite()
        for index in 0..<pages {
            try site.write("# Page \(index)\n\nText.\n", to: "content/posts/page-\(index).md")
        }
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        for round in 0..<3 {
            // Older than the next build by more than a clock tick, so that the commit trusts
            // what it read of the folders that did not change since.
            try site.write("note \(round)\n", to: "public/posts/page-\(round * 7)/note-\(round).txt")
            try await Task.sleep(for: .milliseconds(300))
            try site.write("# Page 1\n\nText \(round).\n", to: "content/posts/page-1.md")
            #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        }
        try FileManager.default.createDirectory(at: site.output.appendingPathComponent("posts/page-30/empty"), withIntermediateDirectories: true)
        try site.write("# Page 1\n\nText 3.\n", to: "content/posts/page-1.md")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        for round in 0..<3 {
            #expect(try site.page("posts/page-\(round * 7)/note-\(round).txt") == "note \(round)\n")
        }
        #expect(FileSystem.kind(site.output.appendingPathComponent("posts/page-30/empty").path) == .folder, "an empty folder of the user's stays")
        #expect(try site.page("posts/page-1/index.html").contains("Text 3."))
    }
}
