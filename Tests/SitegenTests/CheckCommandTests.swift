import Foundation
import Synchronization
import Testing
import Sitegen
import SitegenLimits

@Suite("sitegen check")
struct CheckCommandTests {
    @Test("finds every planted broken link, anchor and image, with file and line")
    func plantedProblems() throws {
        let site = try TestSite()
        try site.write("# A\n\n## Real\n\n[ok](b.md#there) [self](#real)\n\n[gone](/nowhere/)\n[anchor](b.md#nope)\n", to: "content/a.md")
        try site.write("# B\n\n## There\n\n![pic](missing.png) [page](c.md) [local](#not-here)\n", to: "content/b.md")
        let result = try Sitegen.run(["check", site.root.path])
        #expect(result.status == 1)
        #expect(result.output == """
            content/a.md:7: broken link: /nowhere/
            content/a.md:8: missing anchor #nope in content/b.md
            content/b.md:5: link to a missing page: c.md
            content/b.md:5: missing anchor #not-here in content/b.md
            content/b.md:5: missing image or file: missing.png

            """)
        #expect(result.error.contains("5 problems found."))
        #expect(!site.exists("index.html"), "nothing is written")
    }

    @Test("--external checks links to other sites over HTTP (a sitegen serve on loopback stands in for them)")
    func externalLinks() throws {
        let other = try TestSite(example: "blog")
        let server = try PreviewProcess(root: other.root)
        let address = "http://127.0.0.1:\(server.port)"
        let site = try TestSite()
        try site.write("# A\n\n[fine](\(address)/about/) [fine with anchor](\(address)/about/#top)\n\n[gone](\(address)/no/such/page/)\n",
                       to: "content/a.md")
        try site.write("# B\n\n![dead](http://127.0.0.1:1/picture.png)\n", to: "content/b.md")
        let internalOnly = try Sitegen.run(["check", site.root.path])
        #expect(internalOnly.status == 0, "external links are checked only when asked")
        let result = try Sitegen.run(["check", site.root.path, "--external", "--timeout", "5", "--concurrency", "2"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.output)")
        #expect(lines.first == "content/a.md:5: broken external link (HTTP 404): \(address)/no/such/page/")
        #expect(lines.last?.hasPrefix("content/b.md:3: external link does not answer") == true)
        #expect(result.error.contains("2 problems found."))
    }

    /// A server that refuses HEAD and answers GET with an endless body: 404 for paths that start
    /// with `/gone`, 200 for the others.
    private static func endlessBodyServer() throws -> HostileHTTPServer {
        try HostileHTTPServer { request, client in
            guard request.method == "GET" else {
                client.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            }
            let status = request.path.hasPrefix("/gone") ? "404 Not Found" : "200 OK"
            guard client.write("HTTP/1.1 \(status)\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n") else { return }
            // Endless as far as the checker can tell: 4 GB at most, until it stops reading.
            let chunk = Data(String(repeating: "<p>endless</p>\n", count: 4096).utf8)
            for _ in 0..<(4 << 30) / chunk.count where client.write(chunk) {}
        }
    }

    /// What a server may send to one link whose body is never read: what the sockets' buffers
    /// hold and curl's own 16 KB, a few megabytes on loopback, far from an endless body's 4 GB.
    private static let bytesPerUnreadBody = 16 << 20

    @Test("--external never reads an endless body: a server that refuses HEAD and then sends one is asked for its status only")
    func externalEndlessBody() throws {
        let server = try Self.endlessBodyServer()
        let site = try TestSite()
        try site.write("# A\n\n[endless](\(server.address("/endless"))) [gone](\(server.address("/gone")))\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--external"])
        #expect(result.output == "content/a.md:3: broken external link (HTTP 404): \(server.address("/gone"))\n")
        #expect(server.received.map(\.method).sorted() == ["GET", "GET", "HEAD", "HEAD"])
        #expect(server.bytesSent < 2 * Self.bytesPerUnreadBody, "the server sent \(server.bytesSent) bytes")
    }

    @Test("--external reads none of sixteen endless bodies at once, and reports the links among them that are broken")
    func externalSixteenEndlessBodies() throws {
        let server = try Self.endlessBodyServer()
        let paths = (0..<16).map { $0.isMultiple(of: 4) ? "/gone\($0)" : "/endless\($0)" }
        let site = try TestSite()
        try site.write("# A\n\n" + paths.map { "[\($0)](\(server.address($0)))\n" }.joined(separator: "\n"), to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--external", "--concurrency", "16"])
        #expect(result.status == 1)
        #expect(result.output == paths.enumerated().filter { $0.element.hasPrefix("/gone") }.map { index, path in
            "content/a.md:\(3 + 2 * index): broken external link (HTTP 404): \(server.address(path))\n"
        }.joined())
        #expect(server.received.count == 32, "a HEAD and a GET for each link")
        #expect(server.bytesSent < 16 * Self.bytesPerUnreadBody, "the server sent \(server.bytesSent) bytes")
    }

    @Test("--external gives up on a head that never ends, having read little of it")
    func externalEndlessHead() throws {
        let server = try HostileHTTPServer { _, client in
            guard client.write("HTTP/1.1 200 OK\r\n") else { return }
            let lines = Data(String(repeating: "X-Padding: " + String(repeating: "a", count: 1000) + "\r\n", count: 64).utf8)
            for _ in 0..<(4 << 30) / lines.count where client.write(lines) {}
        }
        let site = try TestSite()
        try site.write("# A\n\n[endless head](\(server.address("/")))\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--external"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("content/a.md:3: external link does not answer ("), "\(result.output)")
        #expect(server.bytesSent < Self.bytesPerUnreadBody, "the server sent \(server.bytesSent) bytes")
    }

    @Test("--external follows a redirect without reading its endless body, gives up at the deadline on one it must drain, and checks other hosts' links meanwhile")
    func externalEndlessRedirect() throws {
        /// Redirects to `/elsewhere`, which is gone, with an endless body ending the head `end`.
        func redirecting(end: String) throws -> HostileHTTPServer {
            try HostileHTTPServer { request, client in
                guard request.method == "GET" else {
                    client.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    return
                }
                if request.path == "/elsewhere" {
                    client.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    return
                }
                guard client.write("HTTP/1.1 301 Moved Permanently\r\nLocation: /elsewhere\r\n\(end)\r\n\r\n") else { return }
                let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024)
                for _ in 0..<(64 << 30) / chunk.count where client.write(chunk) {}
            }
        }
        // A connection that closes after the body is dropped and the redirect followed at once.
        let closing = try redirecting(end: "Connection: close")
        // One that is to stay open is read to the end of its body (a terabyte) and dropped as it
        // comes: the deadline ends it.
        let draining = try redirecting(end: "Content-Length: \(1 << 40)")
        let fine = try HostileHTTPServer { _, client in
            client.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        let site = try TestSite()
        try site.write("# A\n\n[moved](\(closing.address("/moved")))\n\n[drained](\(draining.address("/moved")))\n\n"
                       + "[gone](\(fine.address("/gone")))\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--external", "--timeout", "1"])
        #expect(result.output == """
            content/a.md:3: broken external link (HTTP 404): \(closing.address("/moved"))
            content/a.md:5: external link timed out after 1 s: \(draining.address("/moved"))
            content/a.md:7: broken external link (HTTP 404): \(fine.address("/gone"))

            """)
        #expect(closing.bytesSent < Self.bytesPerUnreadBody, "the server sent \(closing.bytesSent) bytes")
    }

    @Test("--external gives up on a server that trickles its answer at the deadline, and says so")
    func externalTrickle() throws {
        let server = try HostileHTTPServer { _, client in
            // A byte every half second, for a minute at most.
            for byte in "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8
            where client.write(Data([byte])) {
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        let silent = try HostileHTTPServer { _, client in
            // Reads the request, then says nothing for a minute at most.
            for _ in 0..<60 where client.write(Data()) { Thread.sleep(forTimeInterval: 1) }
        }
        let site = try TestSite()
        try site.write("# A\n\n[slow](\(server.address("/slow")))\n\n[silent](\(silent.address("/")))\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--external", "--timeout", "1"])
        #expect(result.status == 1)
        #expect(result.output == """
            content/a.md:3: external link timed out after 1 s: \(server.address("/slow"))
            content/a.md:5: external link timed out after 1 s: \(silent.address("/"))

            """)
    }

    @Test("--external asks one host at most two requests at once, however many links lead there")
    func externalRequestsPerHost() throws {
        // Counted here rather than around the whole connection: a request ends for the checker
        // once its answer has come, which may be before the server's thread has wound down.
        let held = Mutex((now: 0, most: 0))
        let server = try HostileHTTPServer { _, client in
            held.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            // Held a moment, so that requests sent together overlap.
            Thread.sleep(forTimeInterval: 0.2)
            held.withLock { $0.now -= 1 }
            client.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        let site = try TestSite()
        let links = (1...10).map { "[\($0)](\(server.address("/page\($0)")))" }.joined(separator: " ")
        try site.write("# A\n\n\(links)\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--external", "--concurrency", "8"])
        #expect(result.status == 0, "\(result.output)")
        #expect(server.received.count == 10)
        #expect(held.withLock { $0.most } <= Limits.externalRequestsPerHost)
    }

    @Test("--format github prints workflow annotations; unreadable front matter is reported")
    func githubFormat() throws {
        let site = try TestSite()
        try site.write("---\ntitle: [oops\n---\n", to: "content/a.md")
        let result = try Sitegen.run(["check", site.root.path, "--format", "github"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("::error file=content/a.md,line="))
        #expect(result.output.contains("front matter"))
    }

    @Test("a site published under a path (baseURL: /blog/) has links that start with it, and no problems")
    func pathBaseURL() throws {
        let site = try TestSite(example: "blog")
        let configuration = try String(contentsOf: site.root.appendingPathComponent("sitegen.yml"), encoding: .utf8)
        try site.write(configuration.split(separator: "\n").filter { !$0.hasPrefix("baseURL:") }.joined(separator: "\n") + "\nbaseURL: /blog/\n",
                       to: "sitegen.yml")
        let result = try Sitegen.run(["check", site.root.path])
        #expect(result.output == "No problems found.\n")
        #expect(result.status == 0)
    }

    @Test("Examples/blog has no problems")
    func blogIsClean() throws {
        let result = try Sitegen.run(["check", TestSite.examples.appendingPathComponent("blog").path])
        #expect(result.status == 0)
        #expect(result.output == "No problems found.\n")
    }
}
