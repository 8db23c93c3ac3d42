import Foundation
import Testing

/// Books, docs sites, menus, permalinks and stylesheets given hostile or careless values: a
/// clear error at the file (and line) with the previous output untouched, or a warning —
/// never the site folder published, never a file from outside it read.
@Suite("Hostile books, docs sites and menus")
struct HostileBookAndMenuTests {
    private static let book = ["book.toml": "[book]\ntitle = \"B\"\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"]
    private static let docs = ["mkdocs.yml": "site_name: D\n", "docs/index.md": "# Home\n"]

    @Test("a src or docs_dir that is not there is an error, and nothing of the site folder is published instead")
    func missingContentFolder() throws {
        let book = try HostileSite(good: Self.book)
        let noSource = try book.attack(["book.toml": "[book]\ntitle = \"B\"\nsrc = \"chapters\"\n", "PRIVATE.md": "# Private\n"])
        #expect(noSource.status == 1 && noSource.outputIntact)
        #expect(noSource.error.contains("book.toml:3: the book's chapters folder chapters/ (`book.src`) is not there"))
        let docs = try HostileSite(good: Self.docs)
        let noDocs = try docs.attack(["mkdocs.yml": "site_name: D\ndocs_dir: documentation\n", "notes.txt": "secret\n"])
        #expect(noDocs.status == 1 && noDocs.outputIntact)
        #expect(noDocs.error.contains("mkdocs.yml:2: the pages' folder documentation/ (`docs_dir`) is not there"))
    }

    @Test("a Hugo contentDir outside the site or not there is an error; a split configuration file linked from outside is not read")
    func hugoFolders() throws {
        let site = try HostileSite(good: ["hugo.toml": "title = \"H\"\ncontentDir = \"pages\"\n", "pages/a.md": "# A\n"])
        let outside = try site.attack(["hugo.toml": "title = \"H\"\ncontentDir = \"../outside\"\n"])
        #expect(outside.status == 1 && outside.outputIntact)
        #expect(outside.error.contains("hugo.toml:2: `contentDir` (../outside) must be a folder inside the site's folder"))
        let missing = try site.attack(["hugo.toml": "title = \"H\"\ncontentDir = \"nothere\"\n"])
        #expect(missing.status == 1 && missing.outputIntact)
        #expect(missing.error.contains("the content folders `contentDir` names are not there"))
        let language = try site.attack(["hugo.toml": "title = \"H\"\n[languages.en]\ncontentDir = \"pages\"\n[languages.fr]\ncontentDir = \"/etc\"\n"])
        #expect(language.status == 1 && language.outputIntact)
        #expect(language.error.contains("`languages.fr.contentDir` (/etc) must be a folder inside the site's folder"))

        let split = try HostileSite(good: ["config/_default/hugo.toml": "title = \"H\"\n", "content/a.md": "# A\n"])
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-menus-\(UUID().uuidString).toml")
        try "[[main]]\nname = \"OUTSIDE\"\nurl = \"/x/\"\n".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        try FileManager.default.createSymbolicLink(at: split.site.root.appendingPathComponent("config/_default/menus.toml"),
                                                   withDestinationURL: secret)
        let linked = try split.attack([:])
        #expect(linked.status == 1 && linked.outputIntact)
        #expect(linked.error.contains("config/_default/menus.toml: is a link to") && linked.error.contains("outside the site folder"))
    }

    @Test("menu entries of the wrong kind are errors at their file; a page's wrong menu entry is a warning")
    func menuTypes() throws {
        let site = try HostileSite()
        let weight = try site.attack(["sitegen.yml": "menus:\n  main:\n    - {name: A, url: /a/, weight: heavy}\n"])
        #expect(weight.status == 1 && weight.outputIntact)
        #expect(weight.error.contains("`weight` of an entry of the menu `main` must be a whole number"))
        let url = try site.attack(["sitegen.yml": "menus:\n  main:\n    - {name: A, url: [1]}\n"])
        #expect(url.status == 1 && url.error.contains("`url` of an entry of the menu `main` must be text"))
        let page = try site.attack(["sitegen.yml": "title: T\n", "content/p.md": "---\ntitle: P\nmenu:\n  main:\n    weight: x\n---\nP\n"])
        #expect(page.status == 0)
        #expect(page.error.contains("content/p.md") && page.error.contains("`weight` of an entry of the menu `main` must be a whole number"))
    }

    @Test("parents that name each other, and chains deeper than a book nests, show each entry once with one warning")
    func menuShapes() async throws {
        let site = try TestSite()
        var deep = "menus:\n  main:\n    - {name: e0, url: /e0/}\n"
        for index in 1..<40 { deep += "    - {name: e\(index), url: /e\(index)/, parent: e\(index - 1)}\n" }
        deep += "    - {name: A, url: /a/, parent: B}\n    - {name: B, url: /b/, parent: A}\n"
        try site.write(deep, to: "sitegen.yml")
        try site.write("# P\n", to: "content/p.md")
        let summary = try await site.build()
        let page = try site.page("p/index.html")
        for name in ["e0", "e1", "e16", "A", "B"] {
            #expect(page.components(separatedBy: ">\(name)</a>").count - 1 == 1, "\(name) once")
        }
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings.first?.message.contains("name each other as parents, or nest more than 16 deep") == true)
    }

    @Test("a permalinks pattern that is not a path of the site, or has an unknown token, is an error on its line")
    func permalinkPatterns() throws {
        let site = try HostileSite()
        for (pattern, reason) in [("https://evil.example/:title/", "must be a path from the site's root"),
                                  ("//evil.example/:title/", "must be a path from the site's root"),
                                  ("/%2e%2e/%2e%2e/x/", "would leave the output folder"),
                                  ("/:year/:nope/", "has the unknown token :nope")] {
            let outcome = try site.attack(["sitegen.yml": "permalinks:\n  posts: \"\(pattern)\"\n"])
            #expect(outcome.status == 1 && outcome.outputIntact, "\(pattern)")
            #expect(outcome.error.contains("sitegen.yml") && outcome.error.contains(reason), "\(pattern): \(outcome.error)")
        }
    }

    @Test("stylesheets: each once, a book's CSS in its chapters' folder linked where it is published, paths out of the site refused")
    func stylesheets() async throws {
        let site = try TestSite()
        try site.write("[book]\ntitle = \"B\"\n[output.html]\nadditional-css = [\"src/x.css\", \"src/x.css\", \"theme/y.css\", \"theme/y.css\"]\n",
                       to: "book.toml")
        try site.write("- [A](a.md)\n", to: "src/SUMMARY.md")
        try site.write("# A\n", to: "src/a.md")
        try site.write("x {}\n", to: "src/x.css")
        try site.write("y {}\n", to: "theme/y.css")
        try await site.build()
        let page = try site.page("a.html")
        #expect(page.components(separatedBy: "<link rel=\"stylesheet\" href=\"/x.css\">").count - 1 == 1)
        #expect(page.components(separatedBy: "<link rel=\"stylesheet\" href=\"/theme/y.css\">").count - 1 == 1)
        #expect(site.exists("x.css") && site.exists("theme/y.css"))
        let hostile = try HostileSite()
        for path in ["../../etc/passwd.css", "javascript:alert(1)", "//cdn.example/x.css"] {
            let outcome = try hostile.attack(["sitegen.yml": "stylesheets: [\"\(path)\"]\n"])
            #expect(outcome.status == 1 && outcome.outputIntact && outcome.error.contains("must be a CSS file of the site"), "\(path)")
        }
        let docs = try HostileSite(good: Self.docs)
        let extra = try docs.attack(["mkdocs.yml": "site_name: D\nextra_css: 5\n"])
        #expect(extra.status == 1 && extra.error.contains("mkdocs.yml:2: `extra_css` must be a list of CSS files"))
    }

    @Test("an MkDocs nav over the limit of menu entries is an error; a menu that pages swell is cut with a warning")
    func tooManyEntries() throws {
        let docs = try HostileSite(good: Self.docs)
        let nav = "site_name: D\nnav:\n" + String(repeating: "  - index.md\n", count: 10_001)
        let outcome = try docs.attack(["mkdocs.yml": nav])
        #expect(outcome.status == 1 && outcome.outputIntact)
        #expect(outcome.error.contains("mkdocs.yml:2: `nav` has 10,001 entries; it may have at most 10,000"))
        let menu = try HostileSite()
        let list = "menus:\n  main:\n" + String(repeating: "    - {name: A, url: /a/}\n", count: 10_001)
        let tooLong = try menu.attack(["sitegen.yml": list])
        #expect(tooLong.status == 1 && tooLong.error.contains("the menu `main` has 10,001 entries; a menu may have at most 10,000"))
    }

    @Test("a Jekyll navigation file that does not read, or holds no menu, is a warning naming it")
    func badNavigationFile() throws {
        let site = try HostileSite(good: ["_config.yml": "title: J\n", "index.md": "# Home\n"])
        let broken = try site.attack(["_data/navigation.yml": "main:\n  - title: [unclosed\n"])
        #expect(broken.status == 0 && broken.error.contains("_data/navigation.yml:"))
        let number = try site.attack(["_data/navigation.yml": "main: 5\n"])
        #expect(number.status == 0 && number.error.contains("_data/navigation.yml: is not a list of entries"))
    }
}
