import Foundation
import Testing
import Sitegen

@Suite("sitegen new")
struct NewCommandTests {
    @Test("new site scaffolds a site that builds at once, and new post adds a dated post to it")
    func newSite() throws {
        let folder = try TestSite()
        #expect(try Sitegen.run(["new", "site", "my-notes"], in: folder.root).status == 0)
        let site = folder.root.appendingPathComponent("my-notes")
        #expect(try String(contentsOf: site.appendingPathComponent("sitegen.yml"), encoding: .utf8).hasPrefix("title: My notes\n"))
        let post = try Sitegen.run(["new", "post", "Second: a test!", "--path", "my-notes"], in: folder.root)
        #expect(post.status == 0)
        let build = try Sitegen.run(["build", "my-notes"], in: folder.root)
        #expect(build.status == 0)
        #expect(build.output.hasPrefix("Built 2 pages"))
        let output = site.appendingPathComponent("public")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("posts/hello-world/index.html").path))
        let second = try String(contentsOf: output.appendingPathComponent("posts/second-a-test/index.html"), encoding: .utf8)
        #expect(second.contains("<h1>Second: a test!</h1>"))
        #expect(try Sitegen.run(["new", "site", "my-notes"], in: folder.root).status == 1, "an existing folder is kept")
    }

    @Test("new site --swift adds a Swift configuration target depending on the given sitegen package")
    func newSwiftSite() throws {
        let folder = try TestSite()
        #expect(try Sitegen.run(["new", "site", "swifty", "--swift"], in: folder.root).status != 0, "--sitegen is required")
        let result = try Sitegen.run(["new", "site", "swifty", "--swift", "--sitegen", TestSite.packageRoot.path], in: folder.root)
        #expect(result.status == 0)
        let site = folder.root.appendingPathComponent("swifty")
        let package = try String(contentsOf: site.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(".package(path: \"sitegen-package\")"))
        #expect(package.contains(".product(name: \"SitegenCLI\", package: \"sitegen-package\")"))
        let main = try String(contentsOf: site.appendingPathComponent("Sources/Site/Site.swift"), encoding: .utf8)
        #expect(main.contains("try await SitegenCLI.main(site: site)"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("sitegen-package").path)
                == TestSite.packageRoot.standardizedFileURL.path)
    }

    @Test("new post refuses a section outside content/ and a title with no words, with status 1, and writes nothing")
    func newPostRefusals() throws {
        let folder = try TestSite()
        #expect(try Sitegen.run(["new", "site", "blog"], in: folder.root).status == 0)
        let outside = try TestSite()
        try FileManager.default.createSymbolicLink(atPath: folder.root.appendingPathComponent("blog/content/elsewhere").path,
                                                   withDestinationPath: outside.root.path)
        let sectionAdvice = "give a folder inside content/, such as posts or notes/2026 (no /, .. or hidden folders)"
        for section in ["../..", "..", "/tmp/posts", "posts/../../x", ".hidden", ""] {
            let result = try Sitegen.run(["new", "post", "Escape", "--path", "blog", "--section", section], in: folder.root)
            #expect(result.status == 1)
            #expect(result.error == "sitegen: error: --section \(section): \(sectionAdvice)\n")
        }
        let linked = try Sitegen.run(["new", "post", "Escape", "--path", "blog", "--section", "elsewhere"], in: folder.root)
        #expect(linked.status == 1)
        #expect(linked.error.hasSuffix("links outside \(folder.root.appendingPathComponent("blog/content").path); choose another section\n"))
        let untitled = try Sitegen.run(["new", "post", "!!! ???", "--path", "blog"], in: folder.root)
        #expect(untitled.status == 1)
        #expect(untitled.error == "sitegen: error: the title \"!!! ???\" has no letters or digits to name the file after; give it a title with words\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.root.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root.path) == ["blog"])
        let posts = try FileManager.default.contentsOfDirectory(atPath: folder.root.appendingPathComponent("blog/content/posts").path)
        #expect(posts.count == 2, "_index.md and the first post only")
    }

    @Test("an empty site name, a section that is a file, and a very long title get clear messages, not raw errors")
    func carelessInput() throws {
        let folder = try TestSite()
        let empty = try Sitegen.run(["new", "site", ""], in: folder.root)
        #expect(empty.status == 1)
        #expect(empty.error.contains("give the new site a folder name"))
        try folder.write("# Home\n", to: "content/_index.md")
        let file = try Sitegen.run(["new", "post", "x", "--section", "_index.md"], in: folder.root)
        #expect(file.status == 1)
        #expect(file.error.contains("is a file, not a folder"))
        #expect(!file.error.contains("NSCocoaErrorDomain"))
        let long = try Sitegen.run(["new", "post", String(repeating: "word ", count: 100)], in: folder.root)
        #expect(long.status == 0, "\(long.error)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.root.appendingPathComponent("content/posts").path)
        #expect(written.count == 1 && written[0].utf8.count <= 100, "\(written)")
    }

    @Test("a blank site name, or a site the file system refuses, is a worded error, not a Foundation dump")
    func siteTheFileSystemRefuses() throws {
        let folder = try TestSite()
        let blank = try Sitegen.run(["new", "site", " \n"], in: folder.root)
        #expect(blank.status == 1)
        #expect(blank.error.contains("give the new site a folder name"), "\(blank.error)")
        try folder.write("a file\n", to: "notes.txt")
        let underFile = try Sitegen.run(["new", "site", "notes.txt/blog"], in: folder.root)
        #expect(underFile.status == 1)
        #expect(underFile.error.contains("notes.txt/blog: cannot create the site: Not a directory"), "\(underFile.error)")
        let tooLong = try Sitegen.run(["new", "site", String(repeating: "b", count: 300)], in: folder.root)
        #expect(tooLong.status == 1)
        #expect(tooLong.error.contains(": cannot create the site: File name too long"), "\(tooLong.error)")
        #expect(![underFile, tooLong].contains { $0.error.contains("NSCocoaErrorDomain") })
    }

    @Test("a post's file name fits in 255 bytes whatever the title: one long word, letters of two or three bytes")
    func longTitlesInBytes() throws {
        let folder = try TestSite()
        try folder.write("# Home\n", to: "content/_index.md")
        for title in [String(repeating: "a", count: 300), String(repeating: "é", count: 300), String(repeating: "日本語 ", count: 100)] {
            let result = try Sitegen.run(["new", "post", title], in: folder.root)
            #expect(result.status == 0, "\(result.error)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.root.appendingPathComponent("content/posts").path)
        #expect(written.count == 3)
        for name in written {
            #expect(name.utf8.count <= "2026-01-01-".utf8.count + 80 + ".md".utf8.count, "\(name)")
            #expect(name.hasSuffix(".md") && !name.contains("-.md"), "\(name)")
        }
    }
}
