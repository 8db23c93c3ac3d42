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
            content/a.md:8: missing anchor #nope in /b/#nope
            content/b.md:5: link to a missing page: c.md
            content/b.md:5: missing anchor #not-here in #not-here
            content/b.md:5: missing image or file: missing.png

            """)
        #expect(result.error.contains("5 problems found."))
        #expect(!site.exists("index.html"), "nothing is written")
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

    @Test("Examples/blog has no problems")
    func blogIsClean() throws {
        let result = try Sitegen.run(["check", TestSite.examples.appendingPathComponent("blog").path])
        #expect(result.status == 0)
        #expect(result.output == "No problems found.\n")
    }
}
