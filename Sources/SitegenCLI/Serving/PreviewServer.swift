import FlyingFox
import FlyingSocks
import Foundation
import Sitegen

/// The preview's HTTP server (the one file that uses FlyingFox): serves the files of the
/// output folder, with the live-reload script in every HTML page, and the live-reload events.
///
/// Only files inside the output folder are served: paths with `..` and symbolic links that
/// lead outside it get 404. A folder serves its `index.html` (`/posts` redirects to
/// `/posts/`); a missing file serves the site's `404.html` with status 404.
final class PreviewServer: Sendable {
    private let server: HTTPServer
    private let root: URL
    private let reload: LiveReload

    /// A server for `root` on `host:port` (port 0: any free port).
    init(root: URL, host: String, port: UInt16, reload: LiveReload) throws {
        self.root = root
        self.reload = reload
        let handler = FolderHandler(root: root, reload: reload)
        do {
            if host.contains(":") {
                server = HTTPServer(address: try .inet6(ip6: host, port: port), timeout: 30, logger: .disabled, handler: handler)
            } else {
                server = HTTPServer(address: try .inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port),
                                    timeout: 30, logger: .disabled, handler: handler)
            }
        } catch {
            throw SiteError("--host \(host) is not an IP address (such as 127.0.0.1, 0.0.0.0 or ::1)")
        }
    }

    /// Starts serving (until the process ends) and returns the port it listens on; throws
    /// when the address cannot be bound.
    func start() async throws -> UInt16 {
        let server = server
        let reload = reload
        let (failures, failed) = AsyncStream.makeStream(of: String.self)
        Task {
            do {
                try await serve(server, reload: reload)
            } catch {
                failed.yield("\(error)")
            }
            failed.finish()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.waitUntilListening(timeout: 10) }
            group.addTask {
                // Ends when the waiting is over (the stream ends on cancellation).
                for await failure in failures { throw SiteError(failure) }
            }
            try await group.next()
            group.cancelAll()
        }
        switch await server.listeningAddress {
        case .ip4(_, let port)?, .ip6(_, let port)?: return port
        default: return 0
        }
    }

    /// Runs the server, and pings the event streams now and then.
    private func serve(_ server: HTTPServer, reload: LiveReload) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            group.addTask {
                // A comment now and then ends the event streams of browsers that went away.
                while true {
                    try await Task.sleep(for: .seconds(10))
                    reload.ping()
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}

/// Answers each request from the output folder.
private struct FolderHandler: HTTPHandler {
    let root: URL
    let reload: LiveReload

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"]))
        }
        // The path as sent (FlyingFox's `path` drops a trailing slash); PreviewFiles decodes and checks it.
        let path = request.target.path()
        if path == LiveReload.path {
            return HTTPResponse(statusCode: .ok,
                                headers: HTTPHeaders([.contentType: "text/event-stream", HTTPHeader("Cache-Control"): "no-store"]),
                                body: HTTPBodySequence(from: EventBytes(events: reload.listen(page: request.query["page"])),
                                                       suggestedBufferSize: 1))
        }
        switch PreviewFiles(root: root).resolve(path) {
        case .file(let url):
            return respond(with: url, status: .ok, method: request.method)
        case .redirect(let location):
            return HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: location]))
        case .missing:
            let notFound = root.appendingPathComponent("404.html")
            if FileManager.default.fileExists(atPath: notFound.path) {
                return respond(with: notFound, status: .notFound, method: request.method)
            }
            return HTTPResponse(statusCode: .notFound, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]),
                                body: Data("Not found\n".utf8))
        }
    }

    private func respond(with file: URL, status: HTTPStatusCode, method: HTTPMethod) -> HTTPResponse {
        guard var data = try? Data(contentsOf: file) else {
            return HTTPResponse(statusCode: .notFound, body: Data("Not found\n".utf8))
        }
        let type = PreviewFiles.contentType(of: file.path)
        if type.hasPrefix("text/html") { data = LiveReload.inject(into: data) }
        let headers = HTTPHeaders([.contentType: type, HTTPHeader("Cache-Control"): "no-store"])
        return HTTPResponse(statusCode: status, headers: headers, body: method == .HEAD ? Data() : data)
    }
}

/// The live-reload events as bytes, for a chunked response that stays open.
private struct EventBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let events: AsyncStream<String>

    func makeAsyncIterator() -> Iterator { Iterator(events: events.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<String>.Iterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async throws -> UInt8? {
            if pending.isEmpty { pending = try await nextBuffer(suggested: 1)?[...] ?? [] }
            return pending.popFirst()
        }

        /// The next whole event, so that each is sent as soon as it happens.
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if !pending.isEmpty { defer { pending = [] }; return Array(pending) }
            guard let text = await events.next() else { return nil }
            return Array(text.utf8)
        }
    }
}
