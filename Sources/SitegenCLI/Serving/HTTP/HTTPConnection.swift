import Foundation
import Synchronization

/// Serves the requests of one client connection in order (keep-alive and pipelined requests
/// included), within ``HTTPLimits``:
///
/// - a request line or header lines over the limits get 414 or 431 as soon as the bytes so far
///   are too many, and the connection closes;
/// - a request head must arrive whole within ``HTTPLimits/headTimeout`` of the connection's
///   opening or its last response: an idle connection, or one trickling a byte now and then, is
///   closed then (408 when part of a request came);
/// - each response goes out in one write, head and body together, so that no write waits for
///   the acknowledgement of another (Nagle's algorithm against delayed ACKs); a file goes out a
///   chunk at a time (``HTTPLimits/responseChunk``, the first with the head), each chunk within
///   the write timeout, so that memory does not grow with the file or the number of downloads;
/// - `HEAD` gets the head `GET` would get, `Content-Length` included, without the body;
/// - request bodies are never read: a request that declares one is answered, then the
///   connection closes.
final class HTTPConnection<Channel: ByteChannel>: Sendable {
    private let channel: Channel
    private let limits: HTTPLimits
    private let respond: @Sendable (HTTPRequestHead) async -> HTTPResponse
    /// When the step under way (receiving a head, writing a response) must be done; `nil` while
    /// an event stream waits for events.
    private let deadline = Mutex<ContinuousClock.Instant?>(nil)
    /// Whether the deadline passed (and ended the connection).
    private let expired = Atomic(false)

    init(channel: Channel, limits: HTTPLimits, respond: @escaping @Sendable (HTTPRequestHead) async -> HTTPResponse) {
        self.channel = channel
        self.limits = limits
        self.respond = respond
    }

    /// Serves requests until the client closes, a limit is hit, or the deadline passes; then
    /// closes the connection.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.serve() }
            group.addTask { await self.watchDeadline() }
            await group.next()
            // Cancelling ends any wait for the socket in `serve`.
            group.cancelAll()
        }
        channel.close()
    }

    private func serve() async {
        var parser = RequestHeadParser(limits: limits)
        while true {
            setDeadline(after: limits.headTimeout)
            let head: HTTPRequestHead
            do {
                guard let received = try await receiveHead(into: &parser) else { return }
                head = received
            } catch let failure as RequestHeadParser.Failure {
                await refuse(Self.response(to: failure))
                return
            } catch {
                // The deadline passed (or the connection failed): a client that sent part of a
                // request learns why, if its socket takes a few more bytes without waiting.
                if expired.load(ordering: .relaxed) && parser.hasPartialRequest {
                    let response = HTTPResponse.text(408, "The request did not arrive in time.")
                    try? await channel.write(Self.message(response, keepAlive: false, minorVersion: 1, withBody: true))
                }
                return
            }

            let response = await respond(head)
            setDeadline(after: limits.writeTimeout)
            let withBody = head.method != "HEAD"
            switch response.body {
            case .bytes:
                let keepAlive = head.keepsAlive && !head.declaresBody
                do {
                    try await channel.write(Self.message(response, keepAlive: keepAlive, minorVersion: head.minorVersion,
                                                         withBody: withBody))
                } catch {
                    return
                }
                if head.declaresBody {
                    await linger()
                    return
                }
                if !keepAlive { return }
            case .file(let file):
                defer { file.close() }
                let keepAlive = head.keepsAlive && !head.declaresBody
                guard await send(file, head: response.head(keepAlive: keepAlive, minorVersion: head.minorVersion),
                                 withBody: withBody) else { return }
                if head.declaresBody {
                    await linger()
                    return
                }
                if !keepAlive { return }
            case .events(let events):
                // The stream's end is the connection's end: no length, no keep-alive.
                guard (try? await channel.write(response.head(keepAlive: false, minorVersion: head.minorVersion))) != nil,
                      withBody else { return }
                await stream(events)
                return
            }
        }
    }

    /// Sends `head`, then `file` (unless `withBody` is false) a chunk at a time, the first chunk
    /// in the head's write; each chunk must be written within ``HTTPLimits/writeTimeout``.
    /// `false` when the connection must end: it failed, or the file ended before its length.
    private func send(_ file: FileBody, head: Data, withBody: Bool) async -> Bool {
        var message = head
        var remaining = withBody ? file.length : 0
        repeat {
            if remaining > 0 {
                guard let chunk = try? file.read(upTo: min(remaining, limits.responseChunk)), !chunk.isEmpty else {
                    // The file shrank since it was opened: the promised length cannot be kept.
                    return false
                }
                remaining -= chunk.count
                if message.isEmpty { message = chunk } else { message.append(chunk) }
            }
            setDeadline(after: limits.writeTimeout)
            guard (try? await channel.write(message)) != nil else { return false }
            message = Data()
        } while remaining > 0
        return true
    }

    /// Reads until `parser` has a whole head; `nil` when the client closed before one came.
    private func receiveHead(into parser: inout RequestHeadParser) async throws -> HTTPRequestHead? {
        while true {
            if let head = try parser.nextHead() { return head }
            guard let bytes = try await channel.read() else { return nil }
            parser.append(bytes)
        }
    }

    /// Sends an error response, then closes.
    private func refuse(_ response: HTTPResponse) async {
        setDeadline(after: limits.writeTimeout)
        guard (try? await channel.write(Self.message(response, keepAlive: false, minorVersion: 1, withBody: true))) != nil else {
            return
        }
        await linger()
    }

    /// Reads and drops what the client still sends (up to the limits) after the last response,
    /// so that closing with unread bytes does not reset the connection before the client has read
    /// the response.
    private func linger() async {
        channel.finishWriting()
        setDeadline(after: limits.lingerTime)
        var dropped = 0
        while dropped < limits.lingerBytes, let bytes = try? await channel.read() {
            dropped += bytes.count
        }
    }

    /// Sends each event as it comes, until the events end or the client closes its side.
    private func stream(_ events: AsyncStream<String>) async {
        clearDeadline()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events {
                    self.setDeadline(after: self.limits.writeTimeout)
                    guard (try? await self.channel.write(Data(event.utf8))) != nil else { return }
                    self.clearDeadline()
                }
            }
            group.addTask {
                // A browser sends nothing more on an event stream: a read ends when it goes away,
                // which ends its listening at once.
                var received = 0
                while received < self.limits.headers, let bytes = try? await self.channel.read() {
                    received += bytes.count
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once the deadline has passed. Sleeps at most a second at a time, as the deadline
    /// may move earlier while it sleeps; cancellation ends it.
    private func watchDeadline() async {
        while true {
            let now = ContinuousClock.now
            let due = deadline.withLock { $0 }
            if let due, due <= now {
                expired.store(true, ordering: .relaxed)
                return
            }
            let oneSecond = now + .seconds(1)
            do {
                try await Task.sleep(until: min(due ?? oneSecond, oneSecond), clock: .continuous)
            } catch {
                return
            }
        }
    }

    private func setDeadline(after duration: Duration) {
        deadline.withLock { $0 = .now + duration }
    }

    private func clearDeadline() {
        deadline.withLock { $0 = nil }
    }

    /// The head, and the body unless the request was `HEAD`, in one piece.
    private static func message(_ response: HTTPResponse, keepAlive: Bool, minorVersion: Int, withBody: Bool) -> Data {
        var message = response.head(keepAlive: keepAlive, minorVersion: minorVersion)
        if withBody, case .bytes(let body) = response.body { message.append(body) }
        return message
    }

    private static func response(to failure: RequestHeadParser.Failure) -> HTTPResponse {
        switch failure {
        case .requestLineTooLong: .text(414, "The request line is longer than the server accepts.")
        case .headersTooLarge: .text(431, "The request's header lines are longer than the server accepts.")
        case .malformed(let reason): .text(400, "Bad request: \(reason).")
        case .unsupportedVersion: .text(505, "Only HTTP/1.0 and HTTP/1.1 are supported.")
        }
    }
}
