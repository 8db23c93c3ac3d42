import Foundation
import Testing
import Sitegen
import TestSupport

@Suite("Search: a Pagefind index and a search box")
struct SearchTests {
    @Test("the docs theme indexes its pages with Pagefind into pagefind/, owned by sitegen, and shows a search box")
    func docsThemeIndexes() async throws {
        let site = try TestSite(example: "docs")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        for file in ["pagefind/pagefind.js", "pagefind/pagefind-ui.js", "pagefind/pagefind-ui.css", "pagefind/pagefind-entry.json"] {
            #expect(site.exists(file), "\(file)")
        }
        let entry = try site.page("pagefind/pagefind-entry.json")
        #expect(entry.contains("\"page_count\":9"), "\(entry)")
        let page = try site.page("guides/content/index.html")
        #expect(page.contains("<article class=\"page\" data-pagefind-body data-pagefind-meta=\"url[data-url]\" data-url=\"/guides/content/\">"))
        #expect(page.contains("<div class=\"search\" id=\"search\" role=\"search\"></div>"))
        #expect(page.contains("<script src=\"/pagefind/pagefind-ui.js\"></script>"))
        // Lists are not indexed: they carry no data-pagefind-body.
        #expect(!(try site.page("guides/index.html")).contains("data-pagefind-body"))
        // The index is sitegen's: the next build replaces it without complaint.
        let manifest = try site.page(".sitegen-manifest")
        #expect(manifest.contains("f pagefind/pagefind-entry.json"))
        try await site.build()
        #expect(site.exists("pagefind/pagefind-ui.js"))
    }

    @Test("a site in several languages gets one index per language, from each page's <html lang>")
    func oneIndexPerLanguage() async throws {
        let site = try TestSite(example: "multilingual")
        try site.write(try String(contentsOf: site.root.appendingPathComponent("sitegen.yml"), encoding: .utf8) + "search: true\n",
                       to: "sitegen.yml")
        try await site.build()
        let entry = try site.page("pagefind/pagefind-entry.json")
        for language in ["en", "fr", "ja"] { #expect(entry.contains("\"\(language)\":{"), "\(entry)") }
        let indexes = Set(site.outputFiles().filter { $0.hasPrefix("pagefind/index/") }.map { $0.dropFirst("pagefind/index/".count).prefix(3) })
        #expect(indexes == ["en_", "fr_", "ja_"])
    }

    @Test("results link to the page's own, encoded URL, not to the folder name Pagefind sees (a#b.md)")
    func resultsUseThePagesURL() async throws {
        let site = try TestSite()
        try site.write("search: true\n", to: "sitegen.yml")
        try site.write("---\ntitle: Hash\n---\nZebracorn.\n", to: "content/a#b.md")
        try await site.build()
        let page = try site.page("a#b/index.html")
        #expect(page.contains("data-pagefind-meta=\"url[data-url]\" data-url=\"/a%23b/\""))
        #expect(page.contains("processResult: ownURL"))
    }

    @Test("search is off by default with the default theme, and one key turns it on or off")
    func searchKey() async throws {
        let blog = try TestSite()
        try blog.write("---\ntitle: One\n---\nText.\n", to: "content/one.md")
        try await blog.build()
        #expect(!blog.exists("pagefind/pagefind.js"))
        #expect(!(try blog.page("one/index.html")).contains("id=\"search\""))
        try blog.write("search: true\n", to: "sitegen.yml")
        try await blog.build()
        #expect(blog.exists("pagefind/pagefind.js"))
        #expect(try blog.page("one/index.html").contains("id=\"search\""))

        let docs = try TestSite(example: "docs")
        let configuration = try String(contentsOf: docs.root.appendingPathComponent("sitegen.yml"), encoding: .utf8)
        try docs.write(configuration + "\nsearch: false\n", to: "sitegen.yml")
        try await docs.build()
        #expect(!docs.exists("pagefind/pagefind.js"))

        try blog.write("search: maybe\n", to: "sitegen.yml")
        await #expect { try await blog.build() } throws: { "\($0)".contains("sitegen.yml:1: `search` must be true or false") }
    }

    @Test("without Pagefind the build says how to install it, once, and succeeds without search")
    func pagefindMissing() throws {
        let site = try TestSite(example: "docs")
        // Neither `pagefind` nor a `python3` with its module on this PATH.
        let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 0)
        let warnings = result.error.split(separator: "\n").filter { $0.contains("Pagefind is not installed") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("pip install 'pagefind[bin]'") == true)
        #expect(site.exists("guides/content/index.html") && !site.exists("pagefind/pagefind.js"))
        // A SITEGEN_PAGEFIND that names no program is said as such.
        let named = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path],
                                          environment: ["SITEGEN_PAGEFIND": "/nonexistent/pagefind"])
        #expect(named.status == 0)
        #expect(named.error.contains("SITEGEN_PAGEFIND names /nonexistent/pagefind, which is not a program that can run"))
    }

    @Test("a Pagefind that fails, floods its errors or leaves a child running neither holds nor floods the build")
    func misbehavingPagefind() throws {
        let site = try TestSite(example: "docs")
        let scripts = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-pagefind-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scripts) }
        func script(_ name: String, _ body: String) throws -> String {
            let file = scripts.appendingPathComponent(name)
            try ("#!/bin/sh\n" + body).write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            return file.path
        }
        let flood = try script("flood", "head -c 3000000 /dev/zero | tr '\\0' x >&2\necho >&2\necho last words >&2\nexit 3\n")
        let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path], environment: ["SITEGEN_PAGEFIND": flood])
        #expect(result.status == 0)
        #expect(result.error.contains("Pagefind failed (status 3): last words; the site has no search index"))
        #expect(result.error.utf8.count < 2_000)
        // A child left running holds its error output open: the build returns while it still runs.
        let pidFile = scripts.appendingPathComponent("child.pid")
        let leaves = try script("leaves", "sleep 600 &\necho $! > '\(pidFile.path)'\nexit 0\n")
        let left = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path, "-o", scripts.appendingPathComponent("out").path],
                                         environment: ["SITEGEN_PAGEFIND": leaves])
        #expect(left.status == 0)
        let child = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(child, 0) == 0, "the build returned before the child that holds its error output ended")
        kill(child, SIGKILL)
    }

    @Test("Pagefind sees this build's pages alone: not a page a cached build's folder held from before, nor the user's own files")
    func pagefindSeesThisBuildsPages() throws {
        let site = try TestSite()
        try site.write("title: T\nsearch: true\n", to: "sitegen.yml")
        for name in ["a", "b", "c"] { try site.write("---\ntitle: \(name)\n---\n\nWords of \(name).\n", to: "content/\(name).md") }
        // A fake Pagefind that lists the pages it is shown in its bundle.
        let fake = site.root.appendingPathComponent("pagefind-lists")
        try "#!/bin/sh\nmkdir -p \"$4\"\ncd \"$2\" && find . -name '*.html' | sort > \"$4/seen.txt\"\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        func build() throws -> [String] {
            let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path, "--cache"], environment: ["SITEGEN_PAGEFIND": fake.path])
            #expect(result.status == 0, "\(result.error)")
            return try site.page("pagefind/seen.txt").split(separator: "\n").map(String.init)
        }
        let pages = ["./404.html", "./a/index.html", "./b/index.html", "./c/index.html", "./index.html"]
        #expect(try build() == pages)
        try site.write("<p>mine</p>\n", to: "public/mine.html")
        #expect(try build() == pages)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/b.md"))
        try FileManager.default.moveItem(at: site.root.appendingPathComponent("content/c.md"), to: site.root.appendingPathComponent("content/d.md"))
        // Twice: the second stages in the spare the first left, which holds b and c.
        for _ in 0..<2 {
            #expect(try build() == ["./404.html", "./a/index.html", "./d/index.html", "./index.html"])
            #expect(try site.page("mine.html") == "<p>mine</p>\n" && !site.exists("b/index.html"))
        }
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: site.root.path)).contains { $0.hasPrefix(".sitegen-staging-") })
    }

    @Test("the languages of Pagefind's entry file are in the order of their codes, which Pagefind's own order is not from run to run")
    func entryLanguagesInOrder() async throws {
        let entry = #"{"version":"1.5.2","languages":{"fr":{"hash":"fr_2c,}8","wasm":"fr","page_count":2},"#
            + #""en":{"hash":"en_6\"5{","wasm":"en","page_count":11}},"include_characters":["_","‿"]}"#
        #expect(SearchIndexer.entryWithSortedLanguages(entry) == #"{"version":"1.5.2","languages":{"en":{"hash":"en_6\"5{","wasm":"en","#
            + #""page_count":11},"fr":{"hash":"fr_2c,}8","wasm":"fr","page_count":2}},"include_characters":["_","‿"]}"#)
        #expect(SearchIndexer.entryWithSortedLanguages(#"{"languages":{},"version":"1"}"#) == #"{"languages":{},"version":"1"}"#)
        #expect(SearchIndexer.entryWithSortedLanguages(#"{"version":"1"}"#) == nil)
        #expect(SearchIndexer.entryWithSortedLanguages(#"{"languages":{"en":{"hash":"x""#) == nil)
        // A site of four languages, indexed by Pagefind: one order, whatever Pagefind's was.
        let site = try TestSite()
        try site.write("title: Words\nsearch: true\nlanguages:\n  en: {name: English}\n  fr: {name: Français}\n"
                       + "  de: {name: Deutsch}\n  it: {name: Italiano}\n", to: "sitegen.yml")
        for (code, word) in [("en", "Hello"), ("fr", "Bonjour"), ("de", "Hallo"), ("it", "Ciao")] {
            try site.write("---\ntitle: \(word)\n---\n\(word) world.\n", to: code == "en" ? "content/hello.md" : "content/hello.\(code).md")
        }
        try await site.build()
        let built = try site.page("pagefind/pagefind-entry.json")
        let codes = ["de", "en", "fr", "it"].map { built.range(of: "\"\($0)\":{")?.lowerBound }
        #expect(codes.allSatisfy { $0 != nil } && codes.map { $0! } == codes.map { $0! }.sorted(), "\(built)")
    }

    @Test("serve's index of its preview keeps no file of an earlier index, and keeps the site's own files in pagefind/")
    func previewIndexHasNoStaleFiles() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-preview-index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        func preview(_ name: String, pages: [String]) throws -> URL {
            let folder = parent.appendingPathComponent(name)
            for page in pages {
                let file = folder.appendingPathComponent(page + "/index.html")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try "<html lang=\"en\"><body data-pagefind-body><h1>\(page)</h1><p>Words of \(page).</p></body></html>\n"
                    .write(to: file, atomically: true, encoding: .utf8)
            }
            return folder
        }
        func bundle(_ folder: URL) -> [String] {
            (FileManager.default.enumerator(atPath: folder.appendingPathComponent("pagefind").path)?.allObjects as? [String] ?? []).sorted()
        }
        // The site's own file in pagefind/ (a static file, a page) stays.
        let live = try preview("live", pages: ["a", "b", "pagefind/notes"])
        #expect(SearchIndexer.indexInPlace(live.path) == nil)
        let before = bundle(live)
        try FileManager.default.removeItem(at: live.appendingPathComponent("b"))
        #expect(SearchIndexer.indexInPlace(live.path) == nil)
        let fresh = try preview("fresh", pages: ["a", "pagefind/notes"])
        #expect(SearchIndexer.indexInPlace(fresh.path) == nil)
        #expect(bundle(live) == bundle(fresh) && bundle(live) != before && bundle(live).contains("pagefind-entry.json"))
        #expect(bundle(live).contains("notes/index.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.path).sorted() == [".sitegen-pagefind-files", "a", "pagefind"])
    }
}
