import Foundation
import Testing
@testable import Sitegen

/// Every output path has one owner: two outputs at one path fail the build (exit status 1),
/// naming both, instead of one silently replacing the other.
@Suite("One owner for every output path")
struct OutputCollisionTests {
    /// A site with feeds and a sitemap (absolute baseURL), one post per list page, a dated
    /// post tagged `swift`, and `files`.
    private func site(_ files: [String: String]) throws -> TestSite {
        let site = try TestSite()
        try site.write("title: Mine\nbaseURL: https://example.org/\npaginate: 1\n", to: "sitegen.yml")
        try site.write("---\ndate: 2026-01-01\ntags: [swift]\n---\nFirst.\n", to: "content/posts/first.md")
        try site.write("---\ndate: 2026-01-02\n---\nSecond.\n", to: "content/posts/second.md")
        for (path, text) in files { try site.write(text, to: path) }
        return site
    }

    /// The problems of a library build, one a line.
    private func errors(_ files: [String: String]) async throws -> [String] {
        let site = try site(files)
        do {
            try await site.build()
            return []
        } catch let errors as SiteErrors {
            #expect(!site.exists("index.html"), "nothing is published")
            return errors.errors.map(\.description)
        }
    }

    /// A page at `url`.
    private func page(at url: String) -> [String: String] {
        ["content/a.md": "---\ntitle: A\nurl: \(url)\n---\nA.\n"]
    }

    @Test("a page at the path of each built-in output is an error naming both")
    func pageOverBuiltInOutputs() async throws {
        let cases = [
            ("/sitemap.xml", "the sitemap"), ("/robots.txt", "robots.txt"), ("/404.html", "the 404 page"),
            ("/rss.xml", "the RSS feed"), ("/atom.xml", "the Atom feed"),
            ("/posts/atom.xml", "the Atom feed of content/posts/"), ("/posts/rss.xml", "the RSS feed of content/posts/"),
            ("/tags/", "the list of all tags"), ("/tags/swift/", "the tags page of 'swift'"),
            ("/posts/page/2/", "page 2 of the list of content/posts/"), ("/posts/", "the list of content/posts/"),
            ("/", "the home page"),
            ("/assets/style.css", "the default theme's asset assets/style.css"),
        ]
        for (url, owner) in cases {
            let found = try await errors(page(at: url))
            #expect(found == ["content/a.md:3: this page and \(owner) are both published at \(url); give the page a different `slug` or `url`"],
                    "\(url)")
        }
    }

    @Test("two pages at one URL are reported at the later file, naming the first")
    func twoPages() async throws {
        let found = try await errors(["content/x.md": "---\nslug: same\n---\nX\n", "content/y.md": "---\nslug: same\n---\nY\n"])
        #expect(found == ["content/y.md:2: this page and content/x.md are both published at /same/; give one a different `slug` or `url`"])
    }

    @Test("an alias at a pagination page is an error at the alias's line (one at a page's URL is a warning: ForeignContentShapesTests)")
    func aliases() async throws {
        let overPagination = try await errors(["content/a.md": "---\naliases: [/posts/page/2/]\n---\nA\n"])
        #expect(overPagination == ["content/a.md:2: the alias /posts/page/2/ and page 2 of the list of content/posts/ are both published at /posts/page/2/; change or remove the alias"])
    }

    @Test("a static file or a content file at a page's path is an error naming both")
    func filesOverPages() async throws {
        let found = try await errors(["content/about.md": "About\n", "static/about/index.html": "<p>old</p>\n",
                                      "content/posts/first/index.html": "<p>older</p>\n"])
        #expect(found == [
            "content/about.md: this page and static/about/index.html are both published at /about/; give the page a different `slug` or `url`, or rename the file",
            "content/posts/first.md: this page and content/posts/first/index.html are both published at /posts/first/; give the page a different `slug` or `url`, or rename the file",
        ])
    }

    @Test("a folder of pages at a taxonomy's URL is an error at the folder")
    func folderOverTaxonomy() async throws {
        let found = try await errors(["content/tags/swift.md": "---\ntags: [swift]\n---\nS\n"])
        #expect(found == [
            "content/tags/: this folder's list and the list of all tags are both published at /tags/; rename the folder",
            "content/tags/swift.md: this page and the tags page of 'swift' are both published at /tags/swift/; give the page a different `slug` or `url`",
        ])
    }

    @Test("a slug equal to the taxonomy's name, and a page named like the sitemap, are errors naming both (not file system errors)")
    func slugsAndNames() async throws {
        let found = try await errors(["content/x.md": "---\nslug: tags\n---\nX\n", "content/sitemap.xml.md": "S\n"])
        #expect(found == [
            "content/sitemap.xml.md: this page is published at /sitemap.xml/, inside /sitemap.xml, which the sitemap publishes as a file; rename one",
            "content/x.md:2: this page and the list of all tags are both published at /tags/; give the page a different `slug` or `url`",
        ])
    }

    @Test("a file where another output needs a folder is an error")
    func fileWhereAFolderIsNeeded() async throws {
        let found = try await errors(["static/posts": "not a folder\n"])
        #expect(found == ["static/posts: this file is published at /posts, a file where the list of content/posts/ needs a folder (/posts/); rename one"])
    }

    @Test("files in the way of folders, one inside the other, are each reported with what is nearest inside; non-ASCII paths alike",
          arguments: ["n", "né"])
    func filesInTheWayOfFoldersNested(_ name: String) throws {
        let writer = OutputWriter(MemoryOutput())
        for (path, step) in [("\(name).html", "a"), ("\(name).html/m.html", "b"), ("\(name).html/m.html/k/index.html", "c"),
                             ("\(name).html/m.html/z.html", "d"), ("\(name).html/other/index.html", "e"), ("elsewhere/index.html", "f")] {
            try writer.write("x", to: path, owner: .step(step))
        }
        let errors = try #require(throws: SiteErrors.self) { try writer.commit() }
        #expect(errors.errors.map(\.message) == [
            "the build step 'b' is published at /\(name).html/m.html, inside /\(name).html, which the build step 'a' publishes as a file; rename one",
            "the build step 'c' is published at /\(name).html/m.html/k/, inside /\(name).html/m.html, which the build step 'b' publishes as a file; rename one",
        ])
    }

    @Test("a file of static/ replaces the theme's asset of the same path; a content file there is an error")
    func themeAssets() async throws {
        let site = try site(["static/assets/style.css": "body { color: teal }\n"])
        try await site.build()
        #expect(try site.page("assets/style.css") == "body { color: teal }\n")
        let found = try await errors(["content/assets/style.css": "body {}\n"])
        #expect(found == ["content/assets/style.css: this file and the default theme's asset assets/style.css are both published at /assets/style.css; to replace the theme's file, move it to static/assets/style.css; otherwise rename it"])
    }

    @Test("a custom step writing another output's path is an error naming the step")
    func customStep() async throws {
        let site = try site([:])
        var configured = Site()
        configured.steps.append(.step(named: "overwrite") { context in try context.write("<p>mine</p>", to: "posts/first/index.html") })
        await #expect {
            try await site.build(site: configured)
        } throws: { error in
            "\(error)" == "content/posts/first.md: this page and the build step 'overwrite' are both published at /posts/first/; give the page a different `slug` or `url`"
        }
    }

    @Test("sitegen check reports the same collisions, and sitegen build exits 1 and keeps the previous output")
    func commands() throws {
        let site = try site([:])
        #expect(try Sitegen.run(["build", site.root.path]).status == 0)
        let before = try site.page("sitemap.xml")
        try site.write("---\nurl: /sitemap.xml\n---\nA.\n", to: "content/a.md")
        let check = try Sitegen.run(["check", site.root.path])
        #expect(check.status == 1)
        #expect(check.output == "content/a.md:2: this page and the sitemap are both published at /sitemap.xml; give the page a different `slug` or `url`\n")
        let build = try Sitegen.run(["build", site.root.path])
        #expect(build.status == 1)
        #expect(build.error.contains("content/a.md:2: this page and the sitemap are both published at /sitemap.xml"))
        #expect(try site.page("sitemap.xml") == before)
    }

    @Test("a live build reports the collision its change makes, and builds again once it is undone")
    func liveBuilds() async throws {
        let site = try site([:])
        let live = LiveSiteBuilder(site: Site(), root: site.root)
        try await live.build()
        let changed: Set<String> = [site.root.standardizedFileURL.path + "/content/b.md"]
        try site.write("---\nurl: /tags/swift/\n---\nB.\n", to: "content/b.md")
        await #expect {
            try await live.build(changed: changed)
        } throws: { error in
            "\(error)" == "content/b.md:2: this page and the tags page of 'swift' are both published at /tags/swift/; give the page a different `slug` or `url`"
        }
        #expect(try site.page("tags/swift/index.html").contains("First"))
        try site.write("---\nurl: /b/\n---\nB.\n", to: "content/b.md")
        let result = try await live.build(changed: changed)
        #expect(result.changedFiles.contains("b/index.html"))
        // A page edit renders part of the site; the rest is kept, by the same owners: no collision.
        try site.write("---\nurl: /b/\n---\nB.\n\nMore text.\n", to: "content/b.md")
        let edit = try await live.build(changed: changed)
        #expect(edit.changedFiles == ["b/index.html"])
    }
}
