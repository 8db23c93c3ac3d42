import Foundation
import Testing
@testable import Sitegen

@Suite("Build errors")
struct BuildErrorTests {
    private func site(_ files: [String: String]) throws -> TestSite {
        let site = try TestSite()
        for (path, text) in files { try site.write(text, to: path) }
        return site
    }

    private func errors(_ site: TestSite) async -> [SiteError] {
        do {
            try await site.build()
            return []
        } catch let errors as SiteErrors {
            return errors.errors
        } catch let error as SiteError {
            return [error]
        } catch {
            return [SiteError("\(error)")]
        }
    }

    @Test("a sitegen.yml that is a folder is an error naming it, not a site built without its configuration")
    func configurationFolder() async throws {
        for name in ["sitegen.yml", "sitegen.yaml"] {
            let site = try site(["content/a.md": "A\n", name + "/notes.txt": "title: Not here\n"])
            let found = await errors(site)
            #expect(found.map(\.description) == ["\(name): is a folder, not a file: the site's configuration is read from a file of that name"])
        }
        // A link to nothing, alone or beside the other name as a file.
        for others in [[:], ["sitegen.yaml": "title: Here\n"]] {
            let linked = try site(["content/a.md": "A\n"].merging(others) { $1 })
            try FileManager.default.createSymbolicLink(atPath: linked.root.appendingPathComponent("sitegen.yml").path, withDestinationPath: "moved.yml")
            #expect(await errors(linked).map(\.description)
                    == ["sitegen.yml: is a link to nothing that can be read: the site's configuration is read from a file of that name"])
        }
        // Beside the other name as a file, too.
        let both = try site(["content/a.md": "A\n", "sitegen.yml/notes.txt": "title: Not here\n", "sitegen.yaml": "title: Here\n"])
        #expect(await errors(both).map(\.description) == ["sitegen.yml: is a folder, not a file: the site's configuration is read from a file of that name"])
    }

    @Test("two pages that would write the same URL are an error naming both files")
    func duplicateURL() async throws {
        let site = try site(["content/a.md": "---\nslug: same\n---\nA\n", "content/b.md": "---\nslug: same\n---\nB\n"])
        let found = await errors(site)
        #expect(found.count == 1)
        #expect(found.first?.file == "content/b.md")
        #expect(found.first?.message.contains("/same/") == true)
        #expect(found.first?.message.contains("content/a.md") == true)
    }

    @Test("a page at a section's URL, or a static file over a page, is an error naming both")
    func otherCollisions() async throws {
        let section = await errors(try site(["content/p.md": "---\nslug: posts\n---\nP\n", "content/posts/a.md": "A\n"]))
        #expect(section.first?.description == "content/p.md:2: this page and the list of content/posts/ are both published at /posts/; give the page a different `slug` or `url`")
        let file = await errors(try site(["content/about.md": "A\n", "static/about/index.html": "<p>old</p>\n"]))
        #expect(file.first?.description == "content/about.md: this page and static/about/index.html are both published at /about/; give the page a different `slug` or `url`, or rename the file")
    }

    @Test("a slug or url that would leave the output folder is an error")
    func escapingURL() async throws {
        #expect(await errors(try site(["content/a.md": "---\nurl: ../../etc/\n---\nA\n"])).first?.message.contains("leave the output folder") == true)
        #expect(await errors(try site(["content/a.md": "---\nslug: ../x\n---\nA\n"])).first?.message.contains("one path component") == true)
    }

    @Test("a url or alias with a NUL or control character, or naming sitegen's manifest, is an error on its line")
    func controlCharactersAndReservedURLs() async throws {
        for (text, key) in [("---\ntitle: A\nurl: \"/robots.txt\\0\"\n---\nA\n", "url"), ("---\ntitle: A\nurl: \"/a/\\0/\"\n---\nA\n", "url"),
                            ("---\ntitle: A\nurl: \"/a\\tb/\"\n---\nA\n", "url"), ("---\ntitle: A\nurl: /.sitegen-manifest\n---\nA\n", "url"),
                            ("---\ntitle: A\naliases: [\"/old\\0/\"]\n---\nA\n", "aliases"),
                            ("---\ntitle: A\naliases: [/.sitegen-manifest]\n---\nA\n", "aliases"),
                            ("---\ntitle: A\nslug: .sitegen-manifest\n---\nA\n", "slug")] {
            let found = await errors(try site(["content/a.md": text]))
            #expect(found.count == 1, "\(text)")
            #expect(found.first?.file == "content/a.md" && found.first?.line == 3, "\(text): \(found)")
            #expect(found.first?.message.hasPrefix("`\(key)") == true, "\(text): \(found)")
            let reason = text.contains("sitegen-manifest") ? "is reserved for sitegen's own files" : "holds a control character (U+00"
            #expect(found.first?.message.contains(reason) == true, "\(text): \(found)")
        }
    }

    @Test("an output path holding a control character or starting with .sitegen- is refused, whoever writes it")
    func outputPathsRefuseControlCharactersAndSitegensOwnNames() throws {
        for path in ["robots.txt\0", "a/\u{0}/index.html", "a\u{7F}.html", ".sitegen-manifest", "./.sitegen-staging-1/x.html", "a/../.sitegen-x"] {
            #expect(throws: SiteError.self, "\(path.debugDescription)") { try URLPath.outputPath(path) }
        }
        #expect(try URLPath.outputPath("a/.sitegen-manifest") == "a/.sitegen-manifest", "only the top of the output folder is sitegen's")
        #expect(try URLPath.outputPath("./robots.txt") == "robots.txt")
    }

    @Test("bad front matter is an error with the file and line")
    func badFrontMatter() async throws {
        let found = await errors(try site(["content/posts/bad.md": "---\ntitle: ok\ntags: [a\n---\nText\n"]))
        #expect(found.first?.file == "content/posts/bad.md")
        #expect(found.first?.line != nil)
        #expect(found.first?.message.contains("front matter") == true)
        let wrongType = try site(["content/a.md": "---\ndate: soon\n---\nA\n"])
        let summary = try await wrongType.build()
        #expect(summary.warnings.first?.description.hasPrefix("content/a.md:2: `date: soon` is not a date sitegen can read") == true,
                "a date that cannot be read is a warning, not a failed build")
    }

    @Test("a template error names the template file and line")
    func templateError() async throws {
        let site = try site(["content/a.md": "A\n", "templates/page.mustache": "<html>\n<body>\n{{#page}}\n{{page.title}}\n</body>\n"])
        let found = await errors(site)
        #expect(found.first?.file == "templates/page.mustache")
        #expect(found.first?.line != nil)
        let partial = await errors(try self.site(["content/a.md": "A\n", "templates/page.mustache": "<p>\n{{> missing-box}}\n</p>\n"]))
        #expect(partial.first?.description == "templates/page.mustache:2: unknown partial 'missing-box': add templates/missing-box.mustache or fix the name")
    }

    @Test("an unknown theme is an error that says what exists")
    func unknownTheme() async throws {
        let theme = await errors(try site(["content/a.md": "A\n", "sitegen.yml": "theme: fancy\n"]))
        #expect(theme.first?.description == "sitegen.yml: unknown theme 'fancy'; bundled themes: default, docs")
    }

    @Test("a failed build leaves the previous output as it was, and no staging folder behind")
    func previousOutputIntact() async throws {
        let site = try site(["content/a.md": "# First\n"])
        try await site.build()
        let before = try site.page("a/index.html")
        try site.write("---\ntitle: [broken\n---\n# Second\n", to: "content/a.md")
        try site.write("# New\n", to: "content/b.md")
        #expect(await !errors(site).isEmpty)
        #expect(try site.page("a/index.html") == before)
        #expect(!site.exists("b/index.html"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".sitegen-") }
        #expect(leftovers.isEmpty)
    }
}
