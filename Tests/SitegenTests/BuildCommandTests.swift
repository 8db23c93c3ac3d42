import Foundation
import Testing
import Sitegen

@Suite("sitegen build")
struct BuildCommandTests {
    @Test("builds a site and says what it did")
    func builds() throws {
        let site = try TestSite(example: "blog")
        let result = try Sitegen.run(["build"], in: site.root)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Built 6 pages in "))
        #expect(result.output.hasSuffix(" s → public/\n"))
        #expect(site.exists("posts/index.html"))
    }

    @Test("--output, --base-url, --drafts and --quiet do what they say")
    func flags() throws {
        let site = try TestSite(example: "blog")
        let out = site.root.appendingPathComponent("out")
        let result = try Sitegen.run(["build", site.root.path, "--output", out.path, "--base-url", "https://x.org/blog/",
                                      "--drafts", "--quiet"])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        let page = try String(contentsOf: out.appendingPathComponent("posts/unfinished-thoughts/index.html"), encoding: .utf8)
        #expect(page.contains("href=\"/blog/posts/\""))
    }

    @Test("a failed build exits with status 1, names the file and line, and keeps the previous output")
    func failure() throws {
        let site = try TestSite(example: "blog")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        let before = try site.page("about/index.html")
        try site.write("---\ntitle: \"About\n---\nBroken\n", to: "content/about.md")
        let result = try Sitegen.run(["build"], in: site.root)
        #expect(result.status == 1)
        #expect(result.error.contains("sitegen: error: build failed, the previous output is untouched:"))
        #expect(result.error.contains("content/about.md:"))
        #expect(!result.error.contains("Fatal error"))
        #expect(try site.page("about/index.html") == before)
    }

    @Test("warnings are printed with file and line")
    func warnings() throws {
        let site = try TestSite()
        try site.write("[gone](nowhere.md)\n", to: "a.md")
        let result = try Sitegen.run(["build"], in: site.root)
        #expect(result.status == 0)
        #expect(result.error.contains("sitegen: warning: a.md:1: link to a missing page: nowhere.md"))
    }

    @Test("the sitegen binary copied alone to another folder still builds with its bundled theme")
    func standaloneBinary() throws {
        let site = try TestSite(example: "blog")
        let binary = site.root.appendingPathComponent("bin/sitegen")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Sitegen.executable, to: binary)
        let result = try Sitegen.run(["build", "."], executable: binary, in: site.root)
        #expect(result.status == 0)
        #expect(try site.page("assets/style.css").contains("prefers-color-scheme: dark"))
        #expect(try site.page("index.html").contains("<a class=\"site-title\" href=\"/\">Field Notes</a>"))
    }

    @Test("a missing folder is a clear error")
    func missingFolder() throws {
        let result = try Sitegen.run(["build", "/nonexistent/site"])
        #expect(result.status == 1)
        #expect(result.error == "sitegen: error: /nonexistent/site: no such folder\n")
    }
}
