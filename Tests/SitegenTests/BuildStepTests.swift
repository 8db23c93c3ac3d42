import Foundation
import Synchronization
import Testing
@testable import Sitegen

/// An object that observes builds while it exists.
private final class Watcher: Sendable {
    let events = Mutex(0)
}

@Suite("Build steps, observers and in-memory builds")
struct BuildStepTests {
    private func site() throws -> TestSite {
        let site = try TestSite()
        try site.write("---\ntitle: Alpha\n---\n# Alpha\n\nFirst [b](b.md).\n\n## More\n", to: "content/a.md")
        try site.write("# Beta\n\nSecond.\n", to: "content/b.md")
        return site
    }

    @Test("a custom step reads the rendered pages and writes a file; plugin and modifier steps change rendering")
    func customSteps() async throws {
        let folder = try site()
        var site = Site()
        site.steps = [
            .loadContent(),
            .installPlugin(.headingAnchors),
            .addModifier(Modifier(target: .paragraphs) { html, _ in html.replacingOccurrences(of: "<p>", with: "<p class=\"x\">") }),
            .renderPages(),
            .group("extras", [
                .step(named: "searchIndex") { context in
                    let titles = try context.renderedSite().pages.map(\.title).sorted()
                    try context.write(titles.joined(separator: ","), to: "search.txt")
                },
                .if({ $0.includeDrafts }, .step(named: "draftsOnly") { context in try context.write("yes", to: "drafts.txt") }),
            ]),
            .copyStaticFiles(),
        ]
        try await folder.build(site: site)
        #expect(try folder.page("search.txt") == "Alpha,Beta")
        #expect(!folder.exists("drafts.txt"))
        let page = try folder.page("a/index.html")
        #expect(page.contains("<p class=\"x\">First <a href=\"/b/\">b</a>.</p>"))
        #expect(page.contains("class=\"anchor\""))
        try await folder.build(BuildOptions(includeDrafts: true), site: site)
        #expect(folder.exists("drafts.txt"))
    }

    @Test("a failing custom step fails the build with its name; an optional one only warns")
    func failingSteps() async throws {
        let folder = try site()
        struct Broken: Error, CustomStringConvertible { var description: String { "index server unreachable" } }
        var site = Site()
        site.steps = BuildStep.defaultSteps + [.step(named: "uploadIndex") { _ in throw Broken() }]
        let error = await #expect(throws: SiteError.self) { try await folder.build(site: site) }
        #expect(error?.message == "build step 'uploadIndex' failed: index server unreachable")
        #expect(!folder.exists("index.html"), "nothing is swapped in")

        site.steps = BuildStep.defaultSteps + [.optional(.step(named: "uploadIndex") { _ in throw Broken() })]
        let summary = try await folder.build(site: site)
        #expect(summary.warnings.map(\.message) == ["optional step 'uploadIndex' failed: build step 'uploadIndex' failed: index server unreachable"])
        #expect(folder.exists("index.html"))
    }

    @Test("an in-memory build returns every page and file and writes nothing to disk")
    func inMemory() async throws {
        let folder = try site()
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: folder.root))
        let build = try await builder.buildInMemory()
        #expect(build.summary.pages == 2)
        #expect(build.pages.map(\.title).sorted() == ["Alpha", "Beta"])
        #expect(build.text(at: "a/index.html")?.contains("<h1 id=\"alpha\">Alpha</h1>") == true)
        #expect(build.files.keys.sorted() == ["404.html", "a/index.html", "assets/style.css", "b/index.html", "index.html"])
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.root.path)
        #expect(entries == ["content"], "no output folder and no staging folder")
    }

    @Test("the typed observers receive their events; an observer-bound observation ends with its object")
    func observers() async throws {
        let folder = try site()
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: folder.root))
        let pages = Mutex<[String]>([]), steps = Mutex<[String]>([]), started = Mutex(0), finished = Mutex(0)
        let tokens = [
            builder.observeBuildStarted { started.withLock { $0 += 1 } },
            builder.observePageRendered { url in pages.withLock { $0.append(url) } },
            builder.observeStepFinished { name, _ in steps.withLock { $0.append(name) } },
            builder.observeBuildFinished { _ in finished.withLock { $0 += 1 } },
        ]
        var watcher: Watcher? = Watcher()
        builder.addObserver(watcher!) { watcher, _ in watcher.events.withLock { $0 += 1 } }
        try await builder.build()
        #expect(started.withLock { $0 } == 1)
        #expect(pages.withLock { $0.sorted() } == ["/a/", "/b/"])
        #expect(steps.withLock { $0 } == ["loadContent", "renderPages", "generateFeeds", "generateSitemap", "copyStaticFiles", "indexSearch"])
        #expect(finished.withLock { $0 } == 1)
        #expect(try #require(watcher).events.withLock { $0 } > 0)
        #expect(builder.observers.count == 5)
        watcher = nil
        try await builder.build()
        #expect(builder.observers.count == 4, "the bound observation removed itself")
        tokens.forEach { $0.cancel() }
        #expect(builder.observers.count == 0)
    }
}
