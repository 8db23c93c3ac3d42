import Foundation
@testable import SitegenCLI
import SitegenLimits
import Synchronization
import Testing

/// ``HTTPConnection`` with ``PreviewResponder`` and a client in memory: what goes out, write by
/// write.
@Suite struct HTTPConnectionTests {
    private static func pattern(_ count: Int) -> Data { TestSite.printableBytes(count) }

    @Test func aLargeFileGoesOutAChunkAtATimeAndArrivesWhole() async throws {
        let site = try TestSite()
        let file = Self.pattern(20_000_000)
        try site.write(file, to: "public/big.bin")
        let client = MemoryClient(sending: "GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await client.serve(root: site.root.appendingPathComponent("public"))
        let (head, body) = try client.response()
        #expect(head.contains("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 20000000\r\n"))
        #expect(head.contains("Content-Type: application/octet-stream\r\n"))
        #expect(body == file)
        // No write holds more than one chunk (the first one also holds the head).
        let chunk = HTTPLimits().responseChunk
        #expect(client.writes.map(\.count).max() ?? 0 <= chunk + head.utf8.count)
        #expect(client.writes.count >= file.count / chunk)
    }

    @Test func headOfALargeFileGetsItsLengthAndNoBytesOfIt() async throws {
        let site = try TestSite()
        try site.write(Self.pattern(3_000_000), to: "public/big.bin")
        let client = MemoryClient(sending: "HEAD /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await client.serve(root: site.root.appendingPathComponent("public"))
        let (head, body) = try client.response()
        #expect(head.contains("Content-Length: 3000000\r\n"))
        #expect(body.isEmpty)
    }

    @Test func anHTMLFileOverTheLiveReloadLimitIsSentAsItIsAChunkAtATime() async throws {
        let site = try TestSite()
        let page = Data("<!doctype html><body>".utf8) + Self.pattern(Limits.liveReloadPageBytes) + Data("</body>".utf8)
        try site.write(page, to: "public/huge.html")
        try site.write(Data("<!doctype html><body><p>small</p></body>".utf8), to: "public/small.html")
        let huge = MemoryClient(sending: "GET /huge.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await huge.serve(root: site.root.appendingPathComponent("public"))
        let (head, body) = try huge.response()
        #expect(body == page, "no script inserted")
        #expect(huge.writes.map(\.count).max() ?? 0 <= HTTPLimits().responseChunk + head.utf8.count)
        let small = MemoryClient(sending: "GET /small.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await small.serve(root: site.root.appendingPathComponent("public"))
        #expect(String(decoding: try small.response().body, as: UTF8.self).contains("EventSource"))
    }
}

/// A client in memory: sends its request, then closes its side; keeps every write it gets.
private final class MemoryClient: ByteChannel {
    private let request: [UInt8]
    private let state = Mutex<(sent: Bool, writes: [Data])>((false, []))

    init(sending request: String) {
        self.request = Array(request.utf8)
    }

    /// Serves the request with a preview of `root` until the connection ends.
    func serve(root: URL) async {
        let responder = PreviewResponder(root: root, reload: LiveReload())
        await HTTPConnection(channel: self, limits: HTTPLimits(), respond: responder.respond(to:)).run()
    }

    var writes: [Data] { state.withLock { $0.writes } }

    /// The response's head (up to the empty line) and body.
    func response() throws -> (head: String, body: Data) {
        let all = writes.reduce(into: Data()) { $0.append($1) }
        let split = try #require(all.firstRange(of: Data("\r\n\r\n".utf8)))
        return (String(decoding: all[..<split.upperBound], as: UTF8.self), Data(all[split.upperBound...]))
    }

    func read() async throws -> [UInt8]? {
        state.withLock { state in
            defer { state.sent = true }
            return state.sent ? nil : request
        }
    }

    func write(_ data: Data) async throws {
        state.withLock { $0.writes.append(data) }
    }

    func finishWriting() {}
    func close() {}
}
