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
}
