import Foundation
@testable import SitegenCLI
import Testing

/// The preview server's request reader on bytes in memory: where heads end, what it refuses, and
/// that it refuses as soon as the bytes so far are too many.
@Suite struct RequestHeadParserTests {
    private static let request = "GET /posts/?page=2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\nConnection: keep-alive\r\n\r\n"

    private func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) throws(RequestHeadParser.Failure) -> HTTPRequestHead? {
        var parser = RequestHeadParser(limits: limits)
        parser.append(Array(text.utf8))
        return try parser.nextHead()
    }

    @Test func readsTheRequestLineAndHeaderFields() throws {
        let head = try #require(try parse(Self.request))
        #expect(head.method == "GET")
        #expect(head.target == "/posts/?page=2")
        #expect(head.path == "/posts/")
        #expect(head.minorVersion == 1)
        #expect(head.field("host") == "127.0.0.1:8080")
        #expect(head.field("accept") == "text/html")
        #expect(head.keepsAlive)
        #expect(!head.declaresBody)
    }

    @Test func aHeadArrivingByteByByteIsTheSameAsAtOnce() throws {
        var parser = RequestHeadParser(limits: HTTPLimits())
        var heads: [HTTPRequestHead] = []
        for byte in Self.request.utf8 {
            parser.append([byte])
            if let head = try parser.nextHead() { heads.append(head) }
        }
        #expect(heads == [try #require(try parse(Self.request))])
    }

    @Test func pipelinedHeadsComeOutOneByOneAndBareLineFeedsEndLines() throws {
        var parser = RequestHeadParser(limits: HTTPLimits())
        parser.append(Array(("\r\n" + Self.request + "HEAD /about/ HTTP/1.0\nHost: x\n\nGET /").utf8))
        #expect(try parser.nextHead()?.target == "/posts/?page=2")
        let second = try #require(try parser.nextHead())
        #expect(second.method == "HEAD")
        #expect(second.path == "/about/")
        #expect(!second.keepsAlive, "HTTP/1.0 closes unless asked")
        #expect(try parser.nextHead() == nil, "the third is not whole yet")
        #expect(parser.hasPartialRequest)
    }

    @Test func aRequestLineOverTheLimitIsRefusedBeforeItEnds() throws {
        var limits = HTTPLimits()
        limits.requestLine = 100
        let line = "GET /" + String(repeating: "a", count: 100 - 14) + " HTTP/1.1"
        #expect(line.utf8.count == 100)
        #expect(try parse(line + "\r\nHost: x\r\n\r\n", limits: limits) != nil)
        #expect(throws: RequestHeadParser.Failure.requestLineTooLong) {
            try parse("GET /a" + line.dropFirst(5) + "\r\nHost: x\r\n\r\n", limits: limits)
        }
        // No line end yet, but already more than a line may be.
        #expect(throws: RequestHeadParser.Failure.requestLineTooLong) {
            try parse("GET /" + String(repeating: "a", count: 200), limits: limits)
        }
    }

    @Test func headerLinesOverTheLimitAreRefusedBeforeTheyEnd() throws {
        var limits = HTTPLimits()
        limits.headers = 100
        let fields = "Host: x\r\n" + "X-Fill: " + String(repeating: "b", count: 100 - 9 - 10) + "\r\n"
        #expect(fields.utf8.count == 100)
        #expect(try parse("GET / HTTP/1.1\r\n" + fields + "\r\n", limits: limits) != nil)
        #expect(throws: RequestHeadParser.Failure.headersTooLarge) {
            try parse("GET / HTTP/1.1\r\n" + fields + "X: y\r\n\r\n", limits: limits)
        }
        #expect(throws: RequestHeadParser.Failure.headersTooLarge) {
            try parse("GET / HTTP/1.1\r\n" + fields + String(repeating: "c", count: 10), limits: limits)
        }
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nno colon\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n",
        "GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/one\r\nHost: x\r\n\r\n",
        "hello\r\n\r\n",
    ])
    func malformedHeadsAreRefused(_ text: String) {
        #expect {
            try parse(text)
        } throws: { error in
            if case RequestHeadParser.Failure.malformed = error { return true }
            return false
        }
    }

    @Test func otherHTTPVersionsAreUnsupported() {
        #expect(throws: RequestHeadParser.Failure.unsupportedVersion) { try parse("GET / HTTP/2.0\r\nHost: x\r\n\r\n") }
    }

    @Test func absoluteTargetsQueriesAndBodies() throws {
        let absolute = try #require(try parse("GET http://127.0.0.1:8080/posts/a%20b/?page=%2Fabout%2F&x HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(absolute.path == "/posts/a%20b/")
        #expect(absolute.queryValue("page") == "/about/")
        #expect(absolute.queryValue("x") == "")
        #expect(absolute.queryValue("y") == nil)
        #expect(try parse("GET http://example.org HTTP/1.1\r\nHost: x\r\n\r\n")?.path == "/")
        let post = try #require(try parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: Close\r\n\r\n"))
        #expect(post.declaresBody)
        #expect(!post.keepsAlive)
    }
}
