import FieldNotes
import SitegenLimits
import Foundation
import Testing
import TestSupport
@testable import Sitegen

/// The example of the article "Embedding sitegen", as it writes it.
private struct Upload: SiteOutput {
    var paths: [String] = []

    mutating func write(_ data: Data, to path: String) async throws {
        paths.append(path)    // where a program sends `data` to its storage
    }
}

func publish() async throws -> [String] {
    let source = try MemorySource([
        "sitegen.yml": "title: Field Notes\nbaseURL: https://notes.example.org/",
        "content/_index.md": "# Field Notes\n\nNotes from walks.",
        "content/trips/ridge.md": "---\ntitle: Along the ridge\ndate: 2026-03-14\n---\nAbove the clouds.",
        "static/css/extra.css": "body { accent-color: teal; }",
    ])
    let builder = SiteBuilder(site: Site(), layout: SiteLayout(source: source))
    var upload = Upload()
    try await builder.build(into: &upload)
    return upload.paths   // 404.html, assets/style.css, atom.xml, css/extra.css, index.html, …, trips/ridge/index.html
}

/// Sites built by a program that embeds sitegen: read from documents in memory
/// (`MemorySource`), written to a `SiteOutput`, and `Examples/embedding`.
@Suite("Embedding sitegen: sites from memory, files to a sink")
struct EmbeddingTests {
    /// Every file under `folder` by its path, as a program would hold the site's documents.
    private static func files(in folder: URL) throws -> [String: Data] {
        let prefix = folder.standardizedFileURL.path + "/"
        var files: [String: Data] = [:]
        let items = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for item in items where !item.hasDirectoryPath {
            let path = String(item.standardizedFileURL.path.dropFirst(prefix.count))
            if path.hasPrefix("public/") { continue }
            files[path] = try Data(contentsOf: item)
        }
        return files
    }

    private static func build(_ documents: [String: String]) async throws -> SiteBuilder.InMemoryBuild {
        try await SiteBuilder(site: Site(), layout: SiteLayout(source: MemorySource(documents))).buildInMemory()
    }

    @Test("the article's example runs as written, and hands over the site's files in path order")
    func articleExample() async throws {
        let article = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Sitegen/Sitegen.docc/Embedding.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // The example's lines, from `struct Upload` to the end of `publish()`, stand in the article as here.
        func example(_ text: String) -> String? {
            guard let start = text.range(of: "struct Upload: SiteOutput {"),
                  let end = text.range(of: "return upload.paths", range: start.upperBound..<text.endIndex) else { return nil }
            return String(text[start.lowerBound..<end.upperBound])
        }
        #expect(example(article) != nil)
        #expect(example(article) == example(test))
        let paths = try await publish()
        #expect(paths.first == "404.html")
        #expect(paths.contains("css/extra.css") && paths.contains("assets/style.css"))
        #expect(paths == paths.sorted())
        #expect(paths.contains("index.html") && paths.contains("trips/index.html") && paths.contains("trips/ridge/index.html"))
    }

    /// `readsTextAgain`: as a very large site's build goes, every page's text read again from
    /// the source when parsed.
    @Test("the blog example read into memory builds to the same files, byte for byte, as from its folder", arguments: [false, true])
    func memoryBuildMatchesDisk(readsTextAgain: Bool) async throws {
        let blog = try TestSite(example: "blog")
        var options = BuildOptions()
        if readsTextAgain { options.heldMarkdownBytes = 0 }
        let fromDisk = try await SiteBuilder(site: Site(), layout: SiteLayout(root: blog.root)).buildInMemory()
        let fromMemory = try await SiteBuilder(site: Site(), layout: SiteLayout(source: MemorySource(Self.files(in: blog.root))),
                                               options: options).buildInMemory()
        #expect(fromMemory.files.count > 20)
        #expect(fromMemory.files.keys.sorted() == fromDisk.files.keys.sorted())
        for (path, data) in fromDisk.files {
            #expect(fromMemory.files[path] == data, "\(path)")
        }
        // The static file, and the bundle's image, whose size the lazyImages plugin reads from memory too.
        #expect(fromMemory.files["favicon.svg"] != nil)
        #expect(fromMemory.text(at: "posts/a-weekend-in-the-hills/index.html")?.contains("width=\"") == true)
        #expect(fromMemory.summary.warnings == fromDisk.summary.warnings)
    }

    @Test("a path that climbs out, starts at /, has an empty component or is both file and folder is refused, named")
    func hostilePathsAreRefused() throws {
        let cases: [(path: String, says: String)] = [
            ("../secret.md", "has a `..` component"), ("content/../../x.md", "has a `..` component"),
            ("./content/a.md", "has a `.` component"), ("/etc/passwd", "starts with /"),
            ("content//a.md", "has an empty component"), ("content/", "has an empty component"),
            ("content\\a.md", "holds a backslash"), ("content/a\u{0}.md", "holds a backslash or a NUL byte"),
        ]
        for (path, says) in cases {
            let error = #expect(throws: SiteError.self, "\(path)") { try MemorySource([path: "# A", "content/b.md": "# B"]) }
            #expect(error?.file == path.debugDescription, "\(path)")
            #expect(error?.message.contains(says) == true, "\(path): \(String(describing: error))")
        }
        let empty = #expect(throws: SiteError.self) { try MemorySource(["": "text"]) }
        #expect(empty?.message.hasPrefix("a document has an empty path") == true)
        let both = #expect(throws: SiteError.self) { try MemorySource(["content/a": "text", "content/a/b.md": "# B"]) }
        #expect(both?.description == "content/a: is both a file and a folder of the site's documents; rename one")
    }

    @Test("documents without a content folder or any page are an error that says where pages go")
    func missingContentIsAnError() async throws {
        let error = await #expect(throws: SiteError.self) {
            try await Self.build(["sitegen.yml": "title: Empty\n", "static/style.css": "body {}\n"])
        }
        #expect(error?.description == "content/: the site's documents hold no Markdown page (.md, .markdown) and no content/ "
                + "folder; give each page a path such as content/index.md or content/posts/first.md")
        let noPages = await #expect(throws: SiteError.self) { try await Self.build(["content/notes.txt": "text"]) }
        #expect(noPages?.file == "content/")
    }

    @Test("a site from memory is built without a folder on disk: build() asks for one, build(into:) needs none")
    func memorySiteHasNoOutputFolder() async throws {
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(source: try MemorySource(["content/a.md": "# A"])))
        let error = await #expect(throws: SiteError.self) { try await builder.build() }
        #expect(error?.message.contains("give SiteLayout(source:output:) one, or build it with build(into:) or buildInMemory()") == true)
        var collected = CollectedFiles()
        let summary = try await builder.build(into: &collected)
        #expect(summary.pages == 1)
        #expect(summary.output == nil)
        #expect(collected.text(at: "a/index.html")?.contains("<title>A · Site</title>") == true)
    }

    @Test("the sink receives every file of the build once, in path order, and nothing from a build that fails")
    func sinkReceivesEveryFile() async throws {
        let blog = try TestSite(example: "blog")
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: blog.root))
        var collected = CollectedFiles()
        try await builder.build(into: &collected)
        let inMemory = try await builder.buildInMemory()
        #expect(collected.files == inMemory.files)
        #expect(collected.order == inMemory.files.keys.sorted())
        #expect(!FileManager.default.fileExists(atPath: blog.output.path))

        var none = CollectedFiles()
        let failing = SiteBuilder(site: Site(), layout: SiteLayout(source: try MemorySource([
            "content/a.md": "# A", "content/b.md": "---\ntitle: [unclosed\n---\nB",
        ])))
        await #expect(throws: (any Error).self) { try await failing.build(into: &none) }
        #expect(none.order.isEmpty)
    }

    /// A sink that refuses a file, as an upload that fails.
    private struct RefusingOutput: SiteOutput {
        struct Refused: Error, Equatable { let path: String }
        var received: [String] = []

        mutating func write(_ data: Data, to path: String) async throws {
            guard path != "about/index.html" else { throw Refused(path: path) }
            received.append(path)
        }
    }

    @Test("an error of the sink stops the hand-over and is thrown as it is")
    func sinkErrorIsThrown() async throws {
        var output = RefusingOutput()
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(source: try MemorySource([
            "content/_index.md": "# Home", "content/about.md": "# About", "content/zebra.md": "# Zebra",
        ])))
        await #expect(throws: RefusingOutput.Refused(path: "about/index.html")) { try await builder.build(into: &output) }
        #expect(output.received.allSatisfy { $0 < "about/index.html" })
        #expect(!output.received.contains("zebra/index.html"))
    }

    @Test("templates, data files, i18n, shortcode templates and sitegen.yml are read from memory")
    func everyKindOfFileIsReadFromMemory() async throws {
        let build = try await Self.build([
            "sitegen.yml": "title: Words\nlanguage: fr\nmenus: {main: [{name: Docs, url: /docs/}]}\n",
            "content/_index.md": "Home {{< greet name=\"Ada\" >}}",
            "content/docs/intro.md": "---\ntitle: Intro\n---\nSee [home](../_index.md).",
            "templates/page.mustache": "<p>{{page.title}} by {{data.people.lead}}: {{t.readMore}}</p>",
            "templates/shortcodes/greet.mustache": "<b>Hello {{params.name}}</b>",
            "data/people.yml": "lead: Ada\n",
            "i18n/fr.yml": "readMore: Lire la suite\n",
        ])
        #expect(build.text(at: "docs/intro/index.html") == "<p>Intro by Ada: Lire la suite</p>")
        #expect(build.text(at: "index.html")?.contains("<b>Hello Ada</b>") == true)
        #expect(build.text(at: "index.html")?.contains("href=\"/docs/\"") == true)
        #expect(build.text(at: "index.html")?.contains("<html lang=\"fr\"") == true)
    }

    @Test("another generator's site in memory builds as from its folder: Hugo's configuration, shortcode and content folder")
    func hugoSiteFromMemory() async throws {
        let build = try await Self.build([
            "hugo.toml": "title = \"Hugo in memory\"\nbaseURL = \"https://example.org/\"\ncontentDir = \"pages\"\n",
            "pages/_index.md": "---\ntitle: Home\n---\n{{< note >}}Careful{{< /note >}}",
            "pages/post.md": "---\ntitle: Post\n---\nText.",
            "layouts/shortcodes/note.html": "<aside>{{ .Inner }}</aside>",
        ])
        #expect(build.text(at: "index.html")?.contains("<aside>Careful</aside>") == true)
        #expect(build.text(at: "index.html")?.contains("Hugo in memory") == true)
        #expect(build.text(at: "post/index.html")?.contains("Post") == true)
        #expect(build.summary.foreignConfiguration?.file == "hugo.toml")
    }

    @Test("an mdBook in memory includes its files, and an include that climbs out of the site reads nothing")
    func bookIncludesFromMemory() async throws {
        let build = try await Self.build([
            "book.toml": "[book]\ntitle = \"Memory book\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [Start](start.md)\n",
            "src/start.md": "# Start\n\n{{#include parts/part.txt}}\n\n{{#include ../../outside.txt}}\n",
            "src/parts/part.txt": "Included words.",
        ])
        #expect(build.text(at: "start.html")?.contains("Included words.") == true)
        #expect(build.summary.warnings.map(\.description).contains {
            $0.hasPrefix("src/start.md:5: `{{#include ../../outside.txt}}` reads ../../outside.txt, outside the site folder")
        })
    }

    /// A source whose every folder holds two more: a tree without end, as a buggy program may give.
    private struct EndlessSource: SiteSource {
        func entries(in folder: String) throws -> [SiteSourceEntry] {
            [SiteSourceEntry(name: "a", kind: .folder), SiteSourceEntry(name: "b", kind: .folder), SiteSourceEntry(name: "x.md", kind: .file)]
        }

        func contents(of file: String, maximumSize: Int) throws -> Data { Data("# X".utf8) }
    }

    @Test("a source without end is walked only as deep and as far as the limits allow")
    func endlessSourceStopsAtTheLimits() {
        var walker = FolderWalker(source: EndlessSource())
        walker.entryLimit = 3_000
        let listing = walker.list("a", shownAs: "a/")
        #expect(listing.errors.map(\.message) == ["the walk of the site's folders lists more than 3,000 files and folders "
                                                  + "(Limits: entries of a source); does the source list a folder inside itself?"])
        #expect(listing.files.count < 3_000)
        // One folder deep each: the depth limit, with a warning.
        struct Chain: SiteSource {
            func entries(in folder: String) throws -> [SiteSourceEntry] { [SiteSourceEntry(name: "a", kind: .folder)] }
            func contents(of file: String, maximumSize: Int) throws -> Data { Data() }
        }
        let deep = FolderWalker(source: Chain()).list("", shownAs: "")
        #expect(deep.files.isEmpty)
        #expect(deep.warnings.count == 1)
        #expect(deep.warnings.first?.message == "not published: folders nested more than \(Limits.folderDepth) deep are left out")
    }

    /// A source that lists a name twice, and names that are none.
    private struct CarelessSource: SiteSource {
        func entries(in folder: String) throws -> [SiteSourceEntry] {
            guard folder.isEmpty else { return [] }
            return [SiteSourceEntry(name: "a.md", kind: .file), SiteSourceEntry(name: "a.md", kind: .file),
                    SiteSourceEntry(name: "x/y.md", kind: .file), SiteSourceEntry(name: "", kind: .file),
                    SiteSourceEntry(name: "line\nbreak.md", kind: .file), SiteSourceEntry(name: ".hidden.md", kind: .file)]
        }

        func contents(of file: String, maximumSize: Int) throws -> Data { Data("# A".utf8) }
    }

    @Test("a source's names that are no file's are left out with a warning, and a name listed twice counts once")
    func carelessSourceNames() {
        let listing = FolderWalker(source: CarelessSource()).list("", shownAs: "")
        #expect(listing.files == ["a.md"])
        #expect(listing.warnings.map(\.description) == [
            "not published: the source lists an entry named \"\" in this folder, which is no name of a file",
            "line?break.md: not published: the name holds a control character (a line break, a tab…); rename it",
            "not published: the source lists an entry named \"x/y.md\" in this folder, which is no name of a file",
        ])
    }

    @Test("a file in memory larger than a limit is refused as on disk")
    func limitsHoldInMemory() async throws {
        let error = await #expect(throws: SiteError.self) {
            try await Self.build(["sitegen.yml": "title: " + String(repeating: "x", count: Limits.configurationBytes), "content/a.md": "# A"])
        }
        #expect(error?.file == "sitegen.yml")
        #expect(error?.message == "is 1.0 MB; files read whole may be at most 1 MB", "\(String(describing: error))")
    }

    @Test("Examples/embedding builds its site from memory: titles, links, the menu and the stylesheet")
    func embeddingExample() async throws {
        var collected = CollectedFiles()
        let summary = try await FieldNotes.build(into: &collected)
        #expect(summary.pages == 3)
        let home = try #require(collected.text(at: "index.html"))
        #expect(home.contains("<title>Field Notes</title>"))
        #expect(home.contains("<a href=\"/about/\">on the way back</a>"))
        // The menu: Trips, then About, in the header of every page.
        let ridge = try #require(collected.text(at: "trips/ridge/index.html"))
        for page in [home, ridge] {
            let trips = try #require(page.range(of: "href=\"/trips/\">Trips</a>"))
            let about = try #require(page.range(of: "href=\"/about/\">About</a>"))
            #expect(trips.lowerBound < about.lowerBound)
        }
        #expect(ridge.contains("<title>Along the ridge · Field Notes</title>"))
        #expect(ridge.contains("<a href=\"/trips/\">all trips</a>"))
        let trips = try #require(collected.text(at: "trips/index.html"))
        let coast = try #require(trips.range(of: "href=\"/trips/coast/\""))
        let ridgeLink = try #require(trips.range(of: "href=\"/trips/ridge/\""))
        #expect(coast.lowerBound < ridgeLink.lowerBound, "newest first")
        #expect(collected.text(at: "css/extra.css") == "body { accent-color: teal; }\n")
    }

    @Test("the example's program builds without touching the disk: run where it may write nothing, it writes nothing")
    func exampleProgramTouchesNoDisk() throws {
        guard Platform.canRunUnprivileged else { return }
        let folder = try TestSite()
        try Platform.setMode(0o555, of: folder.root)
        defer { try? Platform.setMode(0o755, of: folder.root) }
        let program = ProcessRunner.sitegen.deletingLastPathComponent().appendingPathComponent("embedding-example")
        let environment = ["HOME": folder.root.path, "TMPDIR": folder.root.path]
        let result = Platform.isRoot
            ? try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups", program.path],
                                    in: folder.root, environment: environment)
            : try ProcessRunner.run(program, [], in: folder.root, environment: environment)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("index.html (") })
        #expect(lines.contains { $0.hasPrefix("css/extra.css (") })
        #expect(lines.last == "3 pages, 2 files")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root.path).isEmpty)
    }
}
