import Foundation
import Testing
import Sitegen

@Suite("What a build reads: nothing from outside the site, no special files")
struct SiteBoundaryTests {
    private static let advice = ", outside the site folder; set `followLinksOutside: true` in sitegen.yml to allow it"

    /// A folder outside the site: a page, a secret file and a folder of notes.
    private func outsideFolder() throws -> TestSite {
        let outside = try TestSite()
        try outside.write("# Secret page\n", to: "secret.md")
        try outside.write("the secret\n", to: "secret.txt")
        try outside.write("more\n", to: "notes/more.txt")
        return outside
    }

    /// A site with `content/a.md` and links to the outside folder from `content/` and `static/`.
    private func siteLinking(to outside: TestSite) throws -> TestSite {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try link("content/passwd.md", in: site, to: outside.root.appendingPathComponent("secret.md").path)
        try link("static/shadow", in: site, to: outside.root.appendingPathComponent("secret.txt").path)
        try link("static/notes", in: site, to: outside.root.appendingPathComponent("notes").path)
        return site
    }

    private func link(_ path: String, in site: TestSite, to target: String) throws {
        let url = site.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Whether the output file at `path` is a link (it never should be).
    private func isLink(_ path: String, in site: TestSite) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: site.output.appendingPathComponent(path).path)) != nil
    }

    @Test("links to files and folders outside the site folder are not published, and one warning names each")
    func linksOutsideAreLeftOut() async throws {
        let outside = try outsideFolder()
        let site = try siteLinking(to: outside)
        let summary = try await site.build()
        let real = outside.root.resolvingSymlinksInPath().path
        #expect(summary.warnings.map(\.description) == [
            "content/passwd.md: not published: a link to \(real)/secret.md" + Self.advice,
            "static/notes: not published: a link to \(real)/notes" + Self.advice,
            "static/shadow: not published: a link to \(real)/secret.txt" + Self.advice,
        ])
        #expect(site.outputFiles() == ["404.html", "a/index.html", "assets/style.css", "index.html"])
    }

    @Test("the CLI prints those warnings and builds")
    func linksOutsideInTheTerminal() throws {
        let outside = try outsideFolder()
        let site = try siteLinking(to: outside)
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 0)
        let real = outside.root.resolvingSymlinksInPath().path
        #expect(result.error.contains("sitegen: warning: content/passwd.md: not published: a link to \(real)/secret.md" + Self.advice + "\n"))
        #expect(result.error.components(separatedBy: "sitegen: warning: ").count == 4, "one warning per link")
    }

    @Test("with followLinksOutside, linked files are published as copies of their bytes, never as links")
    func linksOutsideWhenAllowed() async throws {
        let outside = try outsideFolder()
        let site = try siteLinking(to: outside)
        try site.write("followLinksOutside: true\n", to: "sitegen.yml")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(try site.page("shadow") == "the secret\n")
        #expect(try site.page("notes/more.txt") == "more\n")
        #expect(try site.page("passwd/index.html").contains("<h1 id=\"secret-page\">Secret page</h1>"))
        #expect(!isLink("shadow", in: site) && !isLink("notes", in: site) && !isLink("notes/more.txt", in: site))
    }

    @Test("links inside the site are followed, and what they lead to is published as a copy")
    func linksInside() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("logo bytes\n", to: "assets/logo.svg")
        try site.write("# Common\n", to: "common/page.md")
        try link("static/logo.svg", in: site, to: "../assets/logo.svg")
        try link("content/common", in: site, to: "../common")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(try site.page("logo.svg") == "logo bytes\n")
        #expect(!isLink("logo.svg", in: site))
        #expect(try site.page("common/page/index.html").contains("<h1 id=\"common\">Common</h1>"))
    }

    @Test("a site's own sitegen.yml that links outside the site is an error that says to pass it with --config")
    func linkedConfiguration() async throws {
        let outside = try TestSite()
        try outside.write("title: Secret\nkey: value\n", to: "sitegen.yml")
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try link("sitegen.yml", in: site, to: outside.root.appendingPathComponent("sitegen.yml").path)
        let real = outside.root.resolvingSymlinksInPath().path + "/sitegen.yml"
        let error = await #expect(throws: SiteError.self) { try await site.build() }
        #expect(error?.description == "sitegen.yml: is a link to \(real), outside the site folder, and is not read; pass it with --config \(real) to use it")
    }

    @Test("links in a circle, links to a folder that contains them and links to nothing are warnings, never a hang")
    func loops() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("# B\n", to: "content/d/b.md")
        try link("content/self", in: site, to: "self")
        try link("content/d/here", in: site, to: ".")
        try link("content/d/up", in: site, to: "..")
        try link("content/gone.md", in: site, to: "missing.md")
        let summary = try await site.build()
        let content = site.root.resolvingSymlinksInPath().path + "/content"
        #expect(summary.warnings.map(\.description) == [
            "content/d/here: not published: a link to \(content)/d, a folder that contains it (it would repeat forever)",
            "content/d/up: not published: a link to \(content), a folder that contains it (it would repeat forever)",
            "content/gone.md: not published: a link to missing.md that leads nowhere (its target does not exist)",
            "content/self: not published: a link that leads in a circle (a loop of links)",
        ])
        #expect(summary.pages == 2)
    }

    @Test("links that fan out (two links to a folder with two links to the next…) list each folder a bounded number of times")
    func fanningLinks() async throws {
        let site = try TestSite()
        for level in 0..<40 {
            try site.write("# Level \(level)\n", to: "content/l\(level)/page.md")
            try link("content/l\(level)/a", in: site, to: "../l\(level + 1)")
            try link("content/l\(level)/b", in: site, to: "../l\(level + 1)")
        }
        try site.write("# End\n", to: "content/l40/page.md")
        let summary = try await site.build()
        #expect(summary.pages < 41 * 17)
        #expect(summary.warnings.contains { $0.message.contains("more than 16 times; do links lead to folders that link to each other?") })
    }

    @Test("folders nested 1,900 deep are left out below 64 levels with a warning, not a stack overflow")
    func deepFolders() async throws {
        let site = try TestSite()
        try site.write("# Top\n", to: "content/a.md")
        let shallow = Array(repeating: "f", count: 63).joined(separator: "/")
        try site.write("# Deepest published\n", to: "content/\(shallow)/page.md")
        try site.write("# Too deep\n", to: "content/" + Array(repeating: "d", count: 1_900).joined(separator: "/") + "/page.md")
        let summary = try await site.build()
        #expect(summary.pages == 2)
        #expect(site.exists("\(shallow)/page/index.html"))
        #expect(summary.warnings.map(\.description) == [
            "content/" + Array(repeating: "d", count: 64).joined(separator: "/")
                + ": not published: folders nested more than 64 deep are left out",
        ])
    }

    @Test("FIFOs and sockets are skipped with a warning and never opened")
    func specialFiles() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("x\n", to: "data/x.yml")
        try site.write("{{page.title}}\n", to: "templates/page.mustache")
        let fifos = ["static/pipe", "content/pipe.md", "data/pipe.yml", "templates/list.mustache"].map(site.root.appendingPathComponent)
        for fifo in fifos { try Platform.makeFIFO(at: fifo) }
        try Platform.makeSocket(at: site.root.appendingPathComponent("static/socket"))
        let summary = try await Platform.feeding(fifos) { try await site.build() }
        #expect(summary.warnings.map(\.description).sorted() == [
            "content/pipe.md: not published: it is a FIFO (named pipe), not a file",
            "data/pipe.yml: not read: it is a FIFO (named pipe), not a file",
            "static/pipe: not published: it is a FIFO (named pipe), not a file",
            "static/socket: not published: it is a socket, not a file",
            "templates/list.mustache: not read: it is a FIFO (named pipe), not a file",
        ])
        #expect(try site.page("a/index.html") == "A\n")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("static"))
        let configuration = site.root.appendingPathComponent("sitegen.yml")
        try Platform.makeFIFO(at: configuration)
        let error = await Platform.feeding([configuration]) { await #expect(throws: SiteError.self) { try await site.build() } }
        #expect(error?.description == "sitegen.yml: is a FIFO (named pipe), not a file; it is not read")
    }

    @Test("an unreadable folder or file is an error naming it, and the build exits with status 1",
          .enabled(if: Platform.canRunUnprivileged))
    func unreadable() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("# S\n", to: "content/private/s.md")
        try site.write("x\n", to: "static/locked/x.txt")
        try Platform.openToAll(site.root)
        // Each unreadable in turn, and readable again after.
        for (path, restored, message) in [
            ("content/private", 0o777, "  content/private: cannot read the folder (Permission denied); make it readable (chmod u+rx) or remove it\n"),
            ("content/a.md", 0o666, "  content/a.md: cannot read the file: Permission denied\n"),
            ("static/locked/x.txt", 0o666, "  static/locked/x.txt: cannot read the file: Permission denied\n"),
        ] as [(String, Int, String)] {
            let url = site.root.appendingPathComponent(path)
            try Platform.setMode(0, of: url)
            defer { try? Platform.setMode(restored, of: url) }
            let result = try Platform.runUnprivileged(["build", site.root.path])
            #expect(result.status == 1, "\(path)")
            #expect(result.error.contains(message), "\(result.error)")
        }
        #expect(try Platform.runUnprivileged(["build", site.root.path]).status == 0)
    }

    @Test("names that are not UTF-8 or hold a line break are left out with a warning; spaces and # are fine")
    func oddNames() async throws {
        let site = try TestSite()
        try site.write("# Spaces\n", to: "content/my notes/first page.md")
        try site.write("# Hash\n", to: "content/c#.md")
        try site.write("# Broken\n", to: "content/new\nline.md")
        try Platform.createFile(named: Array("caf".utf8) + [0xE9] + Array(".md".utf8), containing: "# Latin-1\n",
                                in: site.root.appendingPathComponent("content"))
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description).sorted() == [
            "content/caf\u{FFFD}.md: not published: the name is not valid UTF-8; rename it",
            "content/new?line.md: not published: the name holds a control character (a line break, a tab…); rename it",
        ])
        #expect(summary.pages == 2)
        #expect(site.exists("my-notes/first-page/index.html"))
    }

    @Test("a file that vanishes during the build is an error naming it")
    func vanishingFile() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        let vanishing = try site.write("x\n", to: "static/vanishing.txt")
        var configured = Site()
        configured.pageProcessors.append { page in
            try? FileManager.default.removeItem(at: vanishing)
            return page
        }
        let error = await #expect(throws: SiteError.self) { try await site.build(site: configured) }
        #expect(error?.description == "static/vanishing.txt: cannot read the file: No such file or directory")
    }

    @Test("a Markdown file larger than 16 MB is an error, before it is read")
    func hugeMarkdown() async throws {
        let site = try TestSite()
        let file = try site.write("---\ntitle: Big\n---\n", to: "content/big.md")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 100_000_000)
        try handle.close()
        let error = await #expect(throws: SiteErrors.self) { try await site.build() }
        #expect(error?.description == "content/big.md: is 100 MB; files read whole may be at most 16 MB")
    }
}
