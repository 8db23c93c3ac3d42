import Foundation
import Synchronization
import Testing
import Sitegen

/// Events received from a build, collected from whichever task sent them.
private final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func add(_ event: BuildEvent) {
        let name = switch event {
        case .started: "started"
        case .stepFinished(let step, _): "step " + step
        case .pageRendered(let url, _, _): "page " + url
        case .finished(let summary): "finished \(summary.pages)"
        case .failed: "failed"
        }
        events.withLock { $0.append(name) }
    }
    var all: [String] { events.withLock { $0 } }
}

@Suite("Observing builds")
struct ObservationTests {
    @Test("an observer receives every event of a build, in order")
    func events() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try site.write("# B\n", to: "content/b.md")
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: site.root))
        let log = EventLog()
        let token = builder.observe(log.add)
        try await builder.build()
        token.cancel()
        let events = log.all
        #expect(events.first == "started")
        #expect(Set(events.filter { $0.hasPrefix("page ") }) == ["page /a/", "page /b/"])
        #expect(events.filter { $0.hasPrefix("step ") } == ["step loadContent", "step renderPages", "step generateFeeds", "step generateSitemap", "step copyStaticFiles", "step indexSearch"])
        #expect(events.last == "finished 2")
    }

    @Test("a cancelled token receives nothing more; a failed build is reported")
    func cancelAndFailure() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: [\n---\n", to: "content/a.md")
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: site.root))
        let cancelled = EventLog(), kept = EventLog()
        builder.observe(cancelled.add).cancel()
        let token = builder.observe(kept.add)
        await #expect(throws: SiteErrors.self) { try await builder.build() }
        #expect(cancelled.all.isEmpty)
        #expect(kept.all == ["started", "failed"])
        token.cancel()
    }

    @Test("steps run in the order given; a step out of place is an error naming it")
    func steps() async throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        let onlyLoad = SiteBuilder(site: Site(steps: [.loadContent(), .copyStaticFiles()]), layout: SiteLayout(root: site.root))
        let summary = try await onlyLoad.build()
        #expect(summary.pages == 0)
        #expect(site.exists("assets/style.css"))
        #expect(!site.exists("a/index.html"))
        let wrong = SiteBuilder(site: Site(steps: [.renderPages()]), layout: SiteLayout(root: site.root))
        let error = await #expect(throws: SiteError.self) { try await wrong.build() }
        #expect(error?.message.contains("renderPages") == true)
    }

    @Test("a site's own modifiers run on its pages, after links are rewritten")
    func siteModifiers() async throws {
        let site = try TestSite()
        try site.write("[b](b.md)\n", to: "content/a.md")
        try site.write("B\n", to: "content/b.md")
        var configured = Site()
        configured.addModifier(Modifier(target: .links) { html, _ in html.replacingOccurrences(of: "<a ", with: "<a class=\"x\" ") })
        try await site.build(site: configured)
        #expect(try site.page("a/index.html").contains("<a class=\"x\" href=\"/b/\">b</a>"))
    }
}
