import Foundation
@testable import SitegenCLI
import Sitegen
import Synchronization
import Testing

/// The preview's HTTP server against clients that misbehave, end to end: a real `sitegen serve`
/// on loopback, requests written byte for byte.
@Suite struct PreviewServerTests {
    @Test func aRequestLineOver8KBGets414AndOneUnderItIsServed() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let long = try server.request("/" + String(repeating: "a", count: 9 * 1024))
        #expect(long.status == 414)
        #expect(long.headers["connection"] == "close")
        // Just under the limit: an ordinary missing page.
        let under = try server.request("/" + String(repeating: "a", count: 8 * 1024 - 20))
        #expect(under.status == 404)
        #expect(under.body.contains("Page not found"))
    }

    @Test func aPathWithoutExtensionIsItsHTMLFileWhenNothingElseHasItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        for name in ["about.html", "docs.html", "docs/index.html", "notes.txt"] {
            try Data(name.utf8).write(to: folder.appendingPathComponent(name))
        }
        let files = PreviewFiles(root: folder)
        let real = FileSystem.resolved(folder.path) ?? folder.path
        #expect(files.resolve("/about") == .file(URL(fileURLWithPath: real + "/about.html")))
        // A folder of the name wins, as on GitHub Pages.
        #expect(files.resolve("/docs") == .redirect("/docs/"))
        #expect(files.resolve("/about/") == .missing)
        #expect(files.resolve("/notes") == .missing)
        #expect(files.resolve("/../about") == .missing)
    }

    @Test func aMissingPageUnderALanguagesFolderGetsThatLanguages404Page() throws {
        let site = try TestSite(example: "multilingual")
        let server = try PreviewProcess(root: site.root)
        let french = try server.request("/fr/nowhere/")
        #expect(french.status == 404)
        #expect(french.body.contains("<h1>Page introuvable</h1>"))
        let other = try server.request("/nowhere/at/all")
        #expect(other.status == 404)
        #expect(other.body.contains("<h1>Page not found</h1>"))
        #expect(try server.request("/fr/").body.contains("<html lang=\"fr\">"))
    }

    @Test func headerLinesOver64KBGet431AndFewerAreServed() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let kilobyteLine = "X-Padding: " + String(repeating: "b", count: 1024 - 13) + "\r\n"
        let tooMany = try server.request("/", headers: String(repeating: kilobyteLine, count: 70))
        #expect(tooMany.status == 431)
        let fewer = try server.request("/", headers: String(repeating: kilobyteLine, count: 60))
        #expect(fewer.status == 200)
        #expect(fewer.body.contains("<title>Field Notes</title>"))
    }

    @Test func answersOthersWhileTwoClientsKeepSendingHugeURLsAndHeaders() async throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let tally = AbuseTally()
        let longURL = "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let line = "X-Padding: " + String(repeating: "b", count: 1000) + "\r\n"
        let hugeHeaders = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: line, count: 1000) + "\r\n"
        let abusers = (0..<2).map { _ in
            Task.detached {
                // Bounded: at most 400 requests each, and only while the ordinary requests run.
                for index in 0..<400 where !tally.stop.load(ordering: .relaxed) {
                    guard let connection = try? server.connection(timeout: 20) else { continue }
                    try? connection.send(index % 2 == 0 ? longURL : hugeHeaders)
                    let status = (try? connection.response().status) ?? 0
                    tally.answers.withLock { $0[status, default: 0] += 1 }
                }
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        for path in ["/", "/posts/", "/about/", "/assets/style.css", "/posts/measuring-a-build/"] {
            for _ in 0..<4 {
                // Each answered within a generous bound (a stalled server throws here).
                #expect(try server.request(path, timeout: 5).status == 200)
            }
        }
        tally.stop.store(true, ordering: .relaxed)
        for abuser in abusers { await abuser.value }
        let counts = tally.answers.withLock { $0 }
        #expect(counts[414, default: 0] > 0 && counts[431, default: 0] > 0, "\(counts)")
        #expect(counts.keys.allSatisfy { $0 == 414 || $0 == 431 }, "every huge request is refused with its status: \(counts)")
    }

    @Test func aClientSendingItsRequestSlowlyIsCutOffWhileOthersAreServed() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root, arguments: ["--connection-timeout", "1"])
        let slow = try server.connection()
        try slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        var closed = false
        // A byte every 0.2 s keeps every single wait short, but the whole head must come within 1 s.
        for _ in 0..<75 where !closed {
            if (try? slow.send("a")) == nil { closed = true; break }
            closed = try slow.waitForBytes(upTo: 0.2) && slow.isClosed(within: 1)
        }
        #expect(closed, "the connection is closed although bytes keep coming")
        #expect(slow.arrived.hasPrefix("HTTP/1.1 408 "))
        #expect(try server.request("/about/", timeout: 5).status == 200)
    }

    @Test func anIdleConnectionIsClosed() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root, arguments: ["--connection-timeout", "1"])
        let silent = try server.connection()
        #expect(try silent.isClosed(within: 15), "a connection that never sends is closed")
        #expect(silent.arrived.isEmpty, "nothing was asked, nothing is answered")

        let done = try server.connection()
        try done.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try done.response().status == 200)
        #expect(try done.isClosed(within: 15), "a kept-alive connection that asks nothing more is closed")
    }

    @Test func answersTwoRequestsOnOneConnectionOneAfterTheOtherAndPipelined() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let connection = try server.connection(timeout: 5)
        try connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let home = try connection.response()
        #expect(home.status == 200)
        #expect(home.headers["connection"] == nil, "kept alive")
        #expect(home.body.contains("<title>Field Notes</title>"))
        try connection.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let about = try connection.response()
        #expect(about.status == 200)
        #expect(about.body.contains("<title>About · Field Notes</title>"))

        // Two requests in one write: two responses, in order.
        try connection.send("GET /assets/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /posts HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let css = try connection.response()
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        let redirect = try connection.response()
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == "/posts/")

        // HTTP/1.0 stays open only when asked.
        try connection.send("GET /about/ HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try connection.response().headers["connection"] == "keep-alive")
        try connection.send("GET /about/ HTTP/1.0\r\n\r\n")
        #expect(try connection.response().headers["connection"] == "close")
        #expect(try connection.isClosed(within: 5))
    }

    @Test func manyLiveReloadStreamsNeverStarveRequestsForPages() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        // More streams than the server takes connections (so that, without the cap, the last
        // ones and the page request would wait): each beyond the cap ends the oldest.
        let count = max(HTTPLimits().connections, LiveReload.maximumListeners) + 20
        let streams = try (0..<count).map { _ in try server.listen() }
        #expect(try server.request("/", timeout: 5).status == 200)
        #expect(streams[0].isClosed(within: 5), "the oldest stream ends to make room")
        #expect(!streams[count - 1].isClosed(within: 0.5), "the newest stays open")
    }

    @Test func headGetsTheContentLengthOfGetWithoutTheBody() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        let connection = try server.connection(timeout: 5)
        for path in ["/", "/assets/style.css", "/no/such/page/", "/posts"] {
            try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let get = try connection.response()
            try connection.send("HEAD \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let head = try connection.response(bodyless: true)
            #expect(head.status == get.status)
            #expect(head.headers["content-length"] == String(get.body.utf8.count), "\(path)")
            #expect(head.headers["content-type"] == get.headers["content-type"])
        }
        #expect(try !connection.waitForBytes(upTo: 0.3), "no body follows the last HEAD")
        // An HTML page's length counts the live-reload script.
        try connection.send("HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let length = try Int(#require(connection.response(bodyless: true).headers["content-length"]))
        #expect(length == LiveReload.inject(into: try Data(contentsOf: server.previewFolder.appendingPathComponent("index.html"))).count)
    }

    @Test func methodsOtherThanGetAndHeadGet405WithAllowAndUnknownOnes501() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root)
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let response = try server.request("/", method: method)
            #expect(response.status == 405, "\(method)")
            #expect(response.headers["allow"] == "GET, HEAD")
        }
        #expect(try server.request("/", method: "BREW").status == 501)
        #expect(try server.request("/", method: "get").status == 501, "methods are case-sensitive")

        // A request with a body is answered, then the connection closes (the body is never read).
        let connection = try server.connection(timeout: 5)
        try connection.send("POST /search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
        let refused = try connection.response()
        #expect(refused.status == 405)
        #expect(refused.headers["connection"] == "close")
        #expect(try connection.isClosed(within: 5))
    }

    @Test func aBrowserThatGoesAwayStopsListeningAtOnce() async throws {
        let site = try TestSite(example: "blog")
        // The template is there from the start, so that the edit below is one change.
        let footer = TestSite.packageRoot.appendingPathComponent("Themes/default/footer.mustache")
        try site.write(String(contentsOf: footer, encoding: .utf8), to: "templates/footer.mustache")
        let server = try PreviewProcess(root: site.root)
        let home = try server.listen(page: "/")
        // A browser on /about/ connects, then leaves the page: its connection closes.
        _ = try server.listen(page: "/about/")
        try await Task.sleep(for: .milliseconds(500))
        // Written in place: one change, no temporary file beside it.
        try "<footer class=\"site-footer\">Only the home page is open</footer>\n"
            .write(to: site.root.appendingPathComponent("templates/footer.mustache"), atomically: false, encoding: .utf8)
        _ = try home.waitFor("event: reload")
        try server.waitForLog("open in a browser first", timeout: 20)
        #expect(server.log.contains("Rendered 1 page open in a browser first"), "\(server.log)")
    }

    @Test func aHostOtherThanLoopbackPrintsAWarning() throws {
        let site = try TestSite(example: "blog")
        let local = try PreviewProcess(root: site.root)
        #expect(!local.log.contains("other machines"))
        // Any address: the warning is what matters; the request goes over loopback.
        let open = try PreviewProcess(root: site.root, arguments: ["--host", "0.0.0.0"])
        #expect(open.log.contains("sitegen: warning: serving on 0.0.0.0: other machines on the network can read the site"))
        #expect(try open.request("/about/").status == 200)
    }
}

/// What the abusive clients of a test got back, and when they should stop.
private final class AbuseTally: Sendable {
    let stop = Atomic(false)
    /// Responses by status (0: none).
    let answers = Mutex([Int: Int]())
}
