import Foundation
import Testing

/// `sitegen serve` end to end: a real server on loopback, real file changes, the browser's
/// event stream read as a browser would.
@Suite struct ServeTests {
    @Test func servesPagesWithTheLiveReloadScriptAndTheRightTypes() async throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)

        let home = try server.request("/")
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.body.contains("<title>Field Notes</title>"))
        #expect(home.body.contains("new EventSource(\"/_sitegen/events?page=\" + encodeURIComponent(location.pathname))"))
        // Links point at the preview, not at the published baseURL.
        #expect(home.body.contains("href=\"/posts/\""))

        let folder = try server.request("/posts")
        #expect(folder.status == 301)
        #expect(folder.headers["location"] == "/posts/")
        #expect(try server.request("/posts/").body.contains("Measuring a build"))

        let css = try server.request("/assets/style.css")
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(!css.body.contains("EventSource"))
        #expect(try server.request("/favicon.svg").headers["content-type"] == "image/svg+xml")
        #expect(try server.request("/atom.xml").body.contains("http://127.0.0.1:\(server.port)/posts/"))

        let missing = try server.request("/no/such/page/")
        #expect(missing.status == 404)
        #expect(missing.body.contains("Page not found"))
        #expect(try server.request("/", method: "POST").status == 405)
        #expect(try server.request("/", method: "HEAD").body.isEmpty)
    }

    @Test func neverServesAFileOutsideTheOutputFolder() async throws {
        let site = try TestSite(example: "blog")
        try site.write("secret", to: "secret.txt")
        let server = try PreviewProcess(root: site.root)
        // Links inside the output folder that lead out of it.
        try FileManager.default.createSymbolicLink(atPath: server.previewFolder.appendingPathComponent("escape").path,
                                                   withDestinationPath: site.root.path)
        try FileManager.default.createSymbolicLink(atPath: server.previewFolder.appendingPathComponent("secret-link.txt").path,
                                                   withDestinationPath: site.root.appendingPathComponent("secret.txt").path)
        for target in ["/../secret.txt", "/../../../../../etc/passwd", "/%2e%2e/secret.txt", "/posts/%2E%2E/%2E%2E/secret.txt",
                       "/..%2fsecret.txt", "/escape/secret.txt", "/secret-link.txt", "/escape/sitegen.yml"] {
            let response = try server.request(target)
            #expect(response.status == 404 || response.status == 403, "\(target) → \(response.status)")
            #expect(!response.body.contains("secret") || response.body.contains("Page not found"), "\(target) served the file")
            #expect(!response.body.contains("root:"), "\(target) served /etc/passwd")
        }
    }

    @Test func redirectsGoOnlyToAPathOnTheSameHostNeverToAnotherOne() throws {
        let site = try TestSite(example: "blog")
        try site.write("not another host", to: "static/evil.com/note.txt")
        let server = try PreviewProcess(root: site.root)
        // A browser reads a Location of `//evil.com/` as the host evil.com.
        for target in ["//evil.com", "///evil.com", "/evil.com"] {
            let response = try server.request(target)
            #expect(response.status == 301, "\(target)")
            #expect(response.headers["location"] == "/evil.com/", "\(target)")
        }
        for target in ["/\\evil.com", "/%5Cevil.com", "/\\/evil.com"] {
            let response = try server.request(target)
            #expect(response.headers["location"] == nil, "\(target) → \(response.headers)")
        }
        #expect(try server.request("//evil.com/note.txt").body == "not another host")
    }

    @Test func aLargeStaticFileDownloadsByteForByteAndHeadGivesItsLength() throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/index.md")
        // Printable, so that the body compares as text; made here, never committed.
        let file = String(decoding: TestSite.printableBytes(20_000_000), as: UTF8.self)
        try site.write(file, to: "static/big.txt")
        let server = try PreviewProcess(root: site.root)
        let head = try server.request("/big.txt", method: "HEAD")
        #expect(head.headers["content-length"] == "20000000")
        #expect(head.body.isEmpty)
        let connection = try server.connection(timeout: 20)
        for _ in 0..<2 {
            // Twice on one connection: the first response ends where its length says.
            try connection.send("GET /big.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let get = try connection.response()
            #expect(get.status == 200)
            #expect(get.body == file)
        }
    }

    @Test func rebuildsOnChangesAndTellsTheBrowser() async throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let events = try server.listen()

        // A page edit: reload, and the new text is served.
        let about = site.root.appendingPathComponent("content/about.md")
        try (String(contentsOf: about, encoding: .utf8) + "\nA live edit marker.\n").write(to: about, atomically: false, encoding: .utf8)
        _ = try events.waitFor("event: reload")
        #expect(try server.request("/about/").body.contains("A live edit marker."))

        // A new page appears in its section's list.
        try site.write("---\ntitle: Written while serving\ndate: 2026-06-01\n---\n\nHello.\n", to: "content/posts/2026-06-01-live.md")
        _ = try events.waitFor("event: reload")
        #expect(try server.request("/posts/").body.contains("Written while serving"))
        #expect(try server.request("/posts/live/").status == 200)

        // A stylesheet-only change swaps stylesheets without a reload.
        try site.write("body { color: teal }\n", to: "static/extra.css")
        _ = try events.waitFor("event: css")
        #expect(try server.request("/extra.css").body.contains("teal"))

        // A broken page: the error (file and line) goes to the browser; the last good build stays served.
        try site.write("---\ntitle: [unclosed\n---\n\nText.\n", to: "content/broken.md")
        let failure = try events.waitFor("event: build-error")
        let message = try events.waitFor("\n\n")
        #expect(failure.contains("build-error"))
        #expect(message.contains("content\\/broken.md:3") || message.contains("content/broken.md:3"))
        #expect(try server.request("/posts/live/").status == 200)
        // The terminal line may come a moment after the browser's event.
        try server.waitForLog("content/broken.md:3", timeout: 10)

        // Fixed: a reload takes the overlay away.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/broken.md"))
        _ = try events.waitFor("event: reload")

        // A template change re-renders every page.
        try site.write("<footer class=\"site-footer\">Served live</footer>\n", to: "templates/footer.mustache")
        _ = try events.waitFor("event: reload")
        #expect(try server.request("/").body.contains("Served live"))
        #expect(try server.request("/posts/measuring-a-build/").body.contains("Served live"))

        // Deleting a page removes it.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/2026-06-01-live.md"))
        _ = try events.waitFor("event: reload")
        #expect(try server.request("/posts/live/").status == 404)
    }

    @Test("with SITEGEN_WATCH=poll, serve says it polls and rebuilds on an edit")
    func pollingWatcher() async throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root, environment: ["SITEGEN_WATCH": "poll"])
        let events = try server.listen()
        let about = site.root.appendingPathComponent("content/about.md")
        try (String(contentsOf: about, encoding: .utf8) + "\nA polled edit.\n").write(to: about, atomically: false, encoding: .utf8)
        _ = try events.waitFor("event: reload")
        #expect(try server.request("/about/").body.contains("A polled edit."))
        #expect(server.log.contains("Watching for changes by looking at every file each 0.5 s (SITEGEN_WATCH=poll)"))
    }

    @Test func aTemplateChangeRendersThePagesOpenInABrowserFirst() async throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let about = try server.listen(page: "/about/")
        let home = try server.listen(page: "/")
        try site.write("<footer class=\"site-footer\">First things first</footer>\n", to: "templates/footer.mustache")
        // Both pages were open: both reload once they are rendered; the full build reloads nobody again.
        _ = try about.waitFor("event: reload")
        _ = try home.waitFor("event: reload")
        #expect(try server.request("/about/").body.contains("First things first"))
        try server.waitForLog("Rendered 2 pages open in a browser first", timeout: 20)
        try server.waitForLog("Rendered 21 of 21 outputs", timeout: 20)
        #expect(try server.request("/posts/measuring-a-build/").body.contains("First things first"))
        #expect(try !about.arrivals(within: 0.5).contains("event: reload"), "no second reload after the full build")
        #expect(try !home.arrivals(within: 0.1).contains("event: reload"))
        // An ordinary page edit reloads every browser.
        try site.write("# About\n\nChanged.\n", to: "content/about.md")
        _ = try about.waitFor("event: reload")
        _ = try home.waitFor("event: reload")
    }

    @Test func answersManyConcurrentRequests() async throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let paths = ["/", "/posts/", "/about/", "/assets/style.css", "/tags/", "/posts/measuring-a-build/"]
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<120 {
                group.addTask { try server.request(paths[index % paths.count]).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 120)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    @Test("a port taken by another preview moves to the next free one, as Hugo's server does")
    func aBusyPortMovesOn() async throws {
        let site = try TestSite(example: "blog")
        let first = try PreviewProcess(root: site.root)
        let second = try PreviewProcess(root: site.root, arguments: ["--port", String(first.port)])
        #expect(second.port > first.port)
        #expect(second.log.contains("Port \(first.port) is busy: using \(second.port)"))
    }
}
