import Foundation
import Testing
import Sitegen

@Suite("Building a bare folder of Markdown")
struct BareFolderTests {
    /// A folder of proposals, as a team keeps them: no front matter, no configuration.
    private func proposals() throws -> TestSite {
        let site = try TestSite()
        try site.write("# Introduction\n\nWhy we write proposals. Next: [design](0200-design.md#goals).\n", to: "0100-introduction.md")
        try site.write("# Design\n\n## Goals\n\nFast. See [the intro](0100-introduction.md) and [a gap](0900-missing.md).\n", to: "0200-design.md")
        try site.write("Notes without a heading.\n", to: "0300-open-questions.md")
        try site.write("# Appendix A\n\nDetails.\n", to: "appendix/a.md")
        return site
    }

    @Test("one page per file plus an index listing them, titles from headings or file names")
    func pagesAndIndex() async throws {
        let site = try proposals()
        let summary = try await site.build()
        #expect(summary.pages == 4)
        #expect(site.outputFiles() == [
            "0100-introduction/index.html", "0200-design/index.html", "0300-open-questions/index.html", "404.html",
            "appendix/a/index.html", "appendix/index.html", "assets/style.css", "index.html",
        ])
        let index = try site.page("index.html")
        let titles = ["Introduction", "Design", "0300 open questions"]
        let positions = titles.compactMap { index.range(of: ">\($0)</a>")?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted(), "pages in file order")
        #expect(index.contains("<li><a href=\"/appendix/\">Appendix</a> <span class=\"count\">1</span></li>"))
        #expect(try site.page("0300-open-questions/index.html").contains("<h1>0300 open questions</h1>"))
    }

    @Test("a title from a file name: dashes and underscores are spaces, the first letter a capital in any script")
    func titlesFromFileNames() async throws {
        let site = try TestSite()
        for name in ["getting-started", "über_die-straße", "ßtraße", "écrire", "2026-plans", "ok"] {
            try site.write("Text without a heading.\n", to: name + ".md")
        }
        try await site.build()
        let titles = ["getting-started": "Getting started", "über_die-straße": "Über die straße", "ßtraße": "SStraße",
                      "écrire": "Écrire", "2026-plans": "2026 plans", "ok": "Ok"]
        for (name, title) in titles {
            #expect(try site.page(name + "/index.html").contains("<h1>\(title)</h1>"), "\(name)")
        }
    }

    @Test("links between the files are rewritten, and a link to a missing file is a warning with file and line")
    func links() async throws {
        let site = try proposals()
        let summary = try await site.build()
        #expect(try site.page("0100-introduction/index.html").contains("<a href=\"/0200-design/#goals\">design</a>"))
        #expect(try site.page("0200-design/index.html").contains("<a href=\"/0100-introduction/\">the intro</a>"))
        #expect(summary.warnings == [SiteError(file: "0200-design.md", line: 5, "link to a missing page: 0900-missing.md")])
    }

    @Test("the output folder is never read back as content")
    func outputIsNotContent() async throws {
        let site = try proposals()
        try await site.build()
        let summary = try await site.build()
        #expect(summary.pages == 4)
        #expect(!site.exists("public/index.html"))
    }

    @Test("a content folder that is a link to a folder kept elsewhere is read through the link with followLinksOutside")
    func linkedContent() async throws {
        let real = try proposals()
        let site = try TestSite()
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("content"), withDestinationURL: real.root)
        let refused = try await site.build()
        #expect(refused.pages == 0)
        #expect(refused.warnings.map(\.description) == [
            "content: not published: a link to \(real.root.resolvingSymlinksInPath().path), outside the site folder; "
                + "set `followLinksOutside: true` in sitegen.yml to allow it",
        ])
        try site.write("followLinksOutside: true\n", to: "sitegen.yml")
        let summary = try await site.build()
        #expect(summary.pages == 4)
        #expect(summary.warnings.count == 1, "only the link to a missing page")
        #expect(site.exists("0200-design/index.html"))
    }
}
