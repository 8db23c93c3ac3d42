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
}
