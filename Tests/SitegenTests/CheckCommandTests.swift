import Foundation
import Testing
import Sitegen

@Suite("sitegen check")
struct CheckCommandTests {
    @Test("finds every planted broken link, anchor and image, with file and line")
    func plantedProblems() throws {
        let site = try TestSite()
        try site.write("# A\n\n## Real\n\n[ok](b.md#there) [self](#real)\n\n[gone](/nowhere/)\n[anchor](b.md#nope)\n", to: "content/a.md")
        try site.write("# B\n\n## There\n\n![pic](missing.png) [page](c.md) [local](#not-here)\n", to: "content/b.md")
        let result = try Sitegen.run(["check", site.root.path])
        #expect(result.status == 1)
        #expect(result.output == """
            content/a.md:7: broken link: /nowhere/
            content/a.md:8: missing anchor #nope in content/b.md
            content/b.md:5: link to a missing page: c.md
            content/b.md:5: missing anchor #not-here in content/b.md
            content/b.md:5: missing image or file: missing.png

            """)
        #expect(result.error.contains("5 problems found."))
        #expect(!site.exists("index.html"), "nothing is written")
    }

    @Test("--external checks links to other sites over HTTP (a sitegen serve on loopback stands in for them)")
    func externalLinks() throws {
        let other = try TestSite(example: "blog")
        let server = try PreviewProcess(root: other.root)
        let address = "http://127.0.0.1:\(server.port)"
        let site = try TestSite()
        try site.write("# A\n\n[fine](\(address)/about/) [fine with anchor](\(address)/about/#top)\n\n[gone](\(address)/no/such/page/)\n",
                       to: "content/a.md")
        try site.write("# B\n\n![dead](http://127.0.0.1:1/picture.png)\n", to: "content/b.md")
        let internalOnly = try Sitegen.run(["check", site.root.path])
        #expect(internalOnly.status == 0, "external links are checked only when asked")
        let result = try Sitegen.run(["check", site.root.path, "--external", "--timeout", "5", "--concurrency", "2"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.output)")
        #expect(lines.first == "content/a.md:5: broken external link (HTTP 404): \(address)/no/such/page/")
        #expect(lines.last?.hasPrefix("content/b.md:3: external link does not answer") == true)
        #expect(result.error.contains("2 problems found."))
    }

    @Test("--format github prints workflow annotations; unreadable front matter is reported")
    func githubFormat() throws {
        let site = try TestSite()
        try site.write("---\ntitle: [oops\n---\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--format", "github"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("::error file=content/a.md,line="))
        #expect(result.output.contains("front matter"))
    }

    @Test("a site published under a path (baseURL: /blog/) has links that start with it, and no problems")
    func pathBaseURL() throws {
        let site = try TestSite(example: "blog")
        let configuration = try String(contentsOf: site.root.appendingPathComponent("sitegen.yml"), encoding: .utf8)
        try site.write(configuration.split(separator: "\n").filter { !$0.hasPrefix("baseURL:") }.joined(separator: "\n") + "\nbaseURL: /blog/\n",
                       to: "sitegen.yml")
        let result = try Sitegen.run(["check", site.root.path])
        #expect(result.output == "No problems found.\n")
        #expect(result.status == 0)
    }

    @Test("Examples/blog has no problems")
    func blogIsClean() throws {
        let result = try Sitegen.run(["check", TestSite.examples.appendingPathComponent("blog").path])
        #expect(result.status == 0)
        #expect(result.output == "No problems found.\n")
    }
}
