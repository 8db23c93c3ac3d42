import Foundation
@testable import Sitegen
import Testing

/// `sitegen serve`'s first build answers the pages a browser asks for before it is done
/// (``EarlyPages``): each must be what the build then writes, byte for byte, or be named in the
/// build's `revised` for the browser to reload.
@Suite struct EarlyPagesTests {
    /// Asks `early` for each of `paths` before the first build of `live` starts, then builds;
    /// returns the answers and the build's result.
    private func answers(_ paths: [String], early: EarlyPages, live: LiveSiteBuilder) async throws
        -> (answers: [String: EarlyPages.Answer], result: LiveSiteBuilder.Result) {
        let asking = Task {
            await withTaskGroup(of: (String, EarlyPages.Answer).self) { group in
                for path in paths { group.addTask { (path, await early.answer(path)) } }
                var answers: [String: EarlyPages.Answer] = [:]
                for await (path, answer) in group { answers[path] = answer }
                return answers
            }
        }
        // Every request waits for the load before the build starts: each is answered early.
        try await waitForRequests(paths.count, early)
        let result = try await live.build()
        return (await asking.value, result)
    }

    /// Returns once `count` requests wait for the site to be loaded.
    private func waitForRequests(_ count: Int, _ early: EarlyPages) async throws {
        for _ in 0..<10_000 where early.waitingFirst < count { try await Task.sleep(nanoseconds: 1_000_000) }
        try #require(early.waitingFirst == count)
    }

    @Test func answersAreWhatTheBuildWrites() async throws {
        let site = try TestSite(example: "blog")
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, options: BuildOptions(baseURL: "http://127.0.0.1:8080/"),
                                   earlyPages: early)
        // One rendered at a time, 8 waiting their turn: 9 that are not the site's files.
        let pages = ["index.html", "posts/index.html", "posts/measuring-a-build/index.html", "tags/tools/index.html",
                     "posts/a-weekend-in-the-hills/index.html", "404.html"]
        let (answers, result) = try await answers(pages + ["posts", "assets/style.css", "favicon.svg", "posts/a-weekend-in-the-hills/ridge.png",
                                                           "atom.xml", "no/such/page/index.html"], early: early, live: live)
        for path in pages {
            guard case .made(let data) = answers[path] else {
                Issue.record("\(path) was not made early: \(String(describing: answers[path]))")
                continue
            }
            #expect(data == (try Data(contentsOf: site.output.appendingPathComponent(path))), "\(path) differs from the build's")
        }
        #expect(result.revised.isEmpty)
        #expect(answers["posts"] == .folder)
        guard case .made(let stylesheet) = answers["assets/style.css"] else { Issue.record("the theme's stylesheet was not answered"); return }
        #expect(stylesheet == (try Data(contentsOf: site.output.appendingPathComponent("assets/style.css"))))
        #expect(answers["favicon.svg"] == .copied(site.root.appendingPathComponent("static/favicon.svg")))
        #expect(answers["posts/a-weekend-in-the-hills/ridge.png"]
                == .copied(site.root.appendingPathComponent("content/posts/2026-03-14-a-weekend-in-the-hills/ridge.png")))
        // Feeds, and what the site does not have, wait for the build, then are looked for in the output folder.
        #expect(answers["atom.xml"] == .built)
        #expect(answers["no/such/page/index.html"] == .built)
        // Once the first build is over, nothing is answered early.
        #expect(await early.answer("index.html") == .built)
        #expect(await early.siteFile("favicon.svg") == nil)
    }

    @Test func aPageAskedForDuringTheBuildIsAnsweredToo() async throws {
        let site = try TestSite(example: "blog")
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, earlyPages: early)
        async let built = live.build()
        let answer = await early.answer("posts/index.html")
        _ = try await built
        // Made early, or (when the build was quicker) looked for in the output folder.
        if case .made(let data) = answer {
            #expect(data == (try Data(contentsOf: site.output.appendingPathComponent("posts/index.html"))))
        } else {
            #expect(answer == .built)
        }
    }

    /// A list ordered by titles that only the pages' first headings give: the early answer,
    /// made with the pages its template read parsed, may still order others by their file
    /// names. What it got wrong, the build names for the browser to reload.
    @Test func anAnswerTheBuildMakesOtherwiseIsRevised() async throws {
        let site = try TestSite()
        try site.write("title: Titles\npaginate: 1\n", to: "sitegen.yml")
        try site.write("---\ntitle: Notes\nsort: title\n---\n", to: "content/notes/_index.md")
        // File names in one order, first headings in the other: a list by title is the reverse of the files'.
        for (file, heading) in [("a", "Z"), ("b", "Y"), ("c", "X"), ("d", "W"), ("e", "V")] {
            try site.write("# \(heading)\n\nText of \(file).\n", to: "content/notes/\(file).md")
        }
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, earlyPages: early)
        let (answers, result) = try await answers(["notes/index.html"], early: early, live: live)
        let built = try Data(contentsOf: site.output.appendingPathComponent("notes/index.html"))
        guard case .made(let data) = answers["notes/index.html"] else { Issue.record("not made early"); return }
        #expect(String(decoding: built, as: UTF8.self).contains(">V<"))
        #expect(result.revised == (data == built ? [] : ["notes/index.html"]))
        #expect(data != built)
    }

    @Test func aFailedBuildAnswersEveryRequest() async throws {
        let site = try TestSite()
        try site.write("title: [unclosed\n", to: "sitegen.yml")
        try site.write("# Home\n", to: "content/_index.md")
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, earlyPages: early)
        let asking = Task { await early.answer("index.html") }
        try await waitForRequests(1, early)
        await #expect(throws: (any Error).self) { try await live.build() }
        #expect(await asking.value == .built)
    }

    @Test func manyRequestsAtOnceAreAnsweredOneAtATime() async throws {
        let site = try TestSite(example: "blog")
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, earlyPages: early)
        let pages = ["index.html", "posts/index.html", "posts/measuring-a-build/index.html", "tags/tools/index.html",
                     "tags/performance/index.html", "docs/index.html", "docs/install/index.html", "about/index.html"]
        // Each asked for twice at once, and two folders without their slash: 18 requests.
        let asked = pages + pages + ["posts", "docs/install"]
        let asking = Task {
            await withTaskGroup(of: EarlyPages.Answer.self) { group in
                for path in asked { group.addTask { await early.answer(path) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await waitForRequests(asked.count, early)
        let result = try await live.build()
        let answers = await asking.value
        // One rendered at a time and 8 waiting their turn: at least 9 made early, the others looked for once the build is done.
        let madeEarly = answers.filter { $0 != .built }
        #expect(madeEarly.count >= 9)
        let built = Set(try pages.map { try Data(contentsOf: site.output.appendingPathComponent($0)) })
        for answer in madeEarly {
            if case .made(let data) = answer { #expect(built.contains(data)) } else { #expect(answer == .folder) }
        }
        #expect(result.revised.isEmpty)
    }

    /// A file the site publishes as it is, made a link to a file outside the site after the
    /// site was read: never answered early.
    @Test func aFileLinkedOutsideAfterTheLoadIsNotAnswered() async throws {
        let site = try TestSite(example: "blog")
        let outside = try TestSite()
        try outside.write("secret\n", to: "secret.png")
        let favicon = site.root.appendingPathComponent("static/favicon.svg")
        let secret = outside.root.appendingPathComponent("secret.png")
        var configured = Site()
        // Between the load and the render stage.
        configured.steps = [.loadContent(), .step(named: "swap") { _ in
            try FileManager.default.removeItem(at: favicon)
            try FileManager.default.createSymbolicLink(at: favicon, withDestinationURL: secret)
        }] + Site().steps.filter { $0.name != "loadContent" }
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: configured, root: site.root, earlyPages: early)
        async let file = early.siteFile("favicon.svg")
        async let answer = early.answer("favicon.svg")
        try await waitForRequests(1, early)
        _ = try? await live.build()
        #expect(await file == nil)
        #expect(await answer == .built)
    }

    /// A theme's navigation shows every page by its title, which a page without `title` takes
    /// from its first heading: those pages are parsed for an early answer that shows it.
    @Test func theNavigationShowsTitlesFromHeadings() async throws {
        let site = try TestSite(example: "docs")
        for (file, heading) in [("a", "Zeta"), ("b", "Yankee"), ("c", "X-ray")] {
            try site.write("# \(heading)\n\nText of \(file).\n", to: "content/guides/\(file).md")
        }
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, earlyPages: early)
        let (answers, result) = try await answers(["index.html", "guides/a/index.html"], early: early, live: live)
        for path in ["index.html", "guides/a/index.html"] {
            guard case .made(let data) = answers[path] else { Issue.record("\(path) was not made early"); continue }
            #expect(String(decoding: data, as: UTF8.self).contains("Yankee"))
            #expect(data == (try Data(contentsOf: site.output.appendingPathComponent(path))))
        }
        #expect(result.revised.isEmpty)
    }

    @Test func aBuildFromNothingAfterAFailedOneAnswersEarlyAgain() async throws {
        let site = try TestSite(example: "blog")
        let configuration = try String(contentsOf: site.root.appendingPathComponent("sitegen.yml"), encoding: .utf8)
        try site.write("title: [unclosed\n", to: "sitegen.yml")
        let early = EarlyPages(buildWait: .max / 2)
        let live = LiveSiteBuilder(site: Site(), root: site.root, earlyPages: early)
        await #expect(throws: (any Error).self) { try await live.build() }
        try site.write(configuration, to: "sitegen.yml")
        // As `serve` does: the next build starts from nothing, and what is asked meanwhile waits for it.
        early.begin()
        let (answers, _) = try await answers(["index.html"], early: early, live: live)
        guard case .made(let data) = answers["index.html"] else { Issue.record("not made early"); return }
        #expect(data == (try Data(contentsOf: site.output.appendingPathComponent("index.html"))))
    }
}
