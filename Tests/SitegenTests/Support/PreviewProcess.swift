import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `sitegen serve` running as a child process on a free loopback port, and a plain-socket
/// HTTP client for it: requests go out byte for byte as written (so `..` is not cleaned away
/// by a client library), and the live-reload event stream can be read as it arrives.
final class PreviewProcess: Sendable {
    let port: UInt16
    private let process: Process
    private let printed: PrintedText

    /// Starts `sitegen serve` for `root` with `arguments` (and `environment` added to this
    /// process's) and waits until it serves.
    init(root: URL, arguments: [String] = [], environment: [String: String] = [:], startTimeout: TimeInterval = 60) throws {
        let process = Process()
        process.executableURL = ProcessRunner.sitegen
        process.arguments = ["serve", root.path, "--port", "0"] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let printed = PrintedText()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            printed.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        self.process = process
        self.printed = printed
        let deadline = Date().addingTimeInterval(startTimeout)
        var port: UInt16?
        while port == nil && Date() < deadline && process.isRunning {
            let text = printed.text.withLock { $0 }
            // "Serving at http://127.0.0.1:8080/" (or localhost, or [::1]): the digits before the path.
            if let range = text.range(of: "Serving at http://"), let slash = text[range.upperBound...].firstIndex(of: "/"),
               let colon = text[range.upperBound..<slash].lastIndex(of: ":") {
                port = UInt16(text[text.index(after: colon)..<slash])
            } else {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        guard let port else {
            process.terminate()
            throw PreviewError(message: "sitegen serve did not start: " + printed.text.withLock { $0 })
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The private folder the preview renders into, as the server printed it.
    var previewFolder: URL {
        let text = log
        guard let range = text.range(of: "Preview files: ") else { return URL(fileURLWithPath: "/nonexistent") }
        return URL(fileURLWithPath: String(text[range.upperBound...].prefix { $0 != " " && $0 != "\n" }))
    }

    /// Everything the server printed so far.
    var log: String { printed.text.withLock { $0 } }

    /// Waits until the server has printed `text`.
    func waitForLog(_ text: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !log.contains(text) {
            guard Date() < deadline else { throw PreviewError(message: "no \(text) within \(timeout) s; printed: \(log)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// A response: status, headers (lowercased names) and body.
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: String

        /// The status and header fields of a response head.
        static func head(_ text: Substring) -> (status: Int, headers: [String: String]) {
            let lines = text.split(separator: "\r\n")
            let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return (status, headers)
        }
    }

    /// Sends `GET target` (or another method, with more header lines) as written and reads the
    /// whole response, until the server closes the connection; throws when nothing comes for
    /// `timeout` seconds.
    func request(_ target: String, method: String = "GET", headers: String = "", timeout: TimeInterval = 20) throws -> Response {
        let connection = try Connection(port: port, timeout: timeout)
        try connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(headers)\r\n")
        let data = try connection.readToEnd()
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw PreviewError(message: "no response to \(target): \(text)") }
        let head = Response.head(text[..<split.lowerBound])
        return Response(status: head.status, headers: head.headers, body: String(text[split.upperBound...]))
    }

    /// A new connection to the server, for requests written by hand.
    func connection(timeout: TimeInterval = 20) throws -> Connection {
        try Connection(port: port, timeout: timeout)
    }

    /// A plain connection to the server: bytes out as written, responses read one at a time.
    final class Connection {
        private let socket: Int32
        private var received = Data()

        /// Connects; each read waits at most `timeout` seconds.
        init(port: UInt16, timeout: TimeInterval) throws {
            socket = try PreviewProcess.connect(port: port, timeout: timeout)
        }

        deinit { close(socket) }

        /// Sends `text` as it is.
        func send(_ text: String) throws {
            try send(Data(text.utf8))
        }

        func send(_ data: Data) throws {
            var sent = 0
            while sent < data.count {
                let count = data[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
                guard count > 0 else { throw PreviewError(message: "cannot send: the server closed the connection") }
                sent += count
            }
        }

        /// Reads one response that has a `Content-Length` (with a body unless `bodyless`, as for HEAD).
        func response(bodyless: Bool = false) throws -> Response {
            while received.firstRange(of: Data("\r\n\r\n".utf8)) == nil {
                guard try receive() else { throw PreviewError(message: "the connection closed before a response") }
            }
            let split = received.firstRange(of: Data("\r\n\r\n".utf8))!
            let head = Response.head(Substring(String(decoding: received[..<split.lowerBound], as: UTF8.self)))
            received = Data(received[split.upperBound...])
            let length = bodyless ? 0 : Int(head.headers["content-length"] ?? "") ?? 0
            while received.count < length {
                guard try receive() else { throw PreviewError(message: "the connection closed inside a body") }
            }
            let body = String(decoding: received.prefix(length), as: UTF8.self)
            received = Data(received.dropFirst(length))
            return Response(status: head.status, headers: head.headers, body: body)
        }

        /// Everything until the server closes the connection.
        func readToEnd() throws -> Data {
            while try receive() {}
            defer { received = Data() }
            return received
        }

        /// Whether the server closes the connection within `seconds` (bytes it sends meanwhile,
        /// such as a 408 response, are kept in ``arrived``).
        func isClosed(within seconds: TimeInterval) throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while deadline.timeIntervalSinceNow > 0 {
                guard try waitForBytes(upTo: deadline.timeIntervalSinceNow) else { continue }
                if !(try receive()) { return true }
            }
            return false
        }

        /// Whether bytes (or the end) arrive within `seconds`.
        func waitForBytes(upTo seconds: TimeInterval) throws -> Bool {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            return poll(&poller, 1, Int32(max(0, seconds) * 1000)) > 0
        }

        /// What arrived and was not read as a response.
        var arrived: String { String(decoding: received, as: UTF8.self) }

        /// Reads what is there (waiting up to the timeout); `false` at the end of the stream.
        private func receive() throws -> Bool {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(socket, &buffer, buffer.count)
            if count == 0 { return false }
            if count < 0 {
                if errno == ECONNRESET { return false }
                throw PreviewError(message: "no answer in time (errno \(errno)); got: \(arrived)")
            }
            received.append(contentsOf: buffer[0..<count])
            return true
        }
    }

    /// A connection to the live-reload events, as from a browser showing `page` (a URL path).
    func listen(page: String? = nil) throws -> EventStream {
        let socket = try Self.connect(port: port, timeout: 60)
        let query = page.map { "?page=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? ""
        try send("GET /_sitegen/events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", to: socket)
        let stream = EventStream(socket: socket)
        _ = try stream.waitFor(": connected")
        return stream
    }

    /// The text arriving on an event stream.
    final class EventStream {
        private let socket: Int32
        private var received = ""

        init(socket: Int32) { self.socket = socket }
        deinit { close(socket) }

        /// What arrives within `seconds` (and was not consumed by a wait).
        func arrivals(within seconds: TimeInterval) throws -> String {
            _ = receive(for: seconds)
            defer { received = "" }
            return received
        }

        /// Whether the server ends the stream within `seconds` (what arrives meanwhile is kept).
        func isClosed(within seconds: TimeInterval) -> Bool {
            receive(for: seconds)
        }

        /// Reads what arrives for `seconds`, or until the server ends the stream; true when it ended.
        private func receive(for seconds: TimeInterval) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while deadline.timeIntervalSinceNow > 0 {
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(deadline.timeIntervalSinceNow * 1000)) > 0 else { continue }
                let count = read(socket, &buffer, buffer.count)
                guard count > 0 else { return true }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return false
        }

        /// Waits until `text` arrives (after what earlier waits consumed); returns what came up to and with it.
        func waitFor(_ text: String, timeout: TimeInterval = 20) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while received.range(of: text) == nil {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { throw PreviewError(message: "no \(text) within \(timeout) s; got: \(received)") }
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
                let count = read(socket, &buffer, buffer.count)
                guard count > 0 else { throw PreviewError(message: "the event stream closed; got: \(received)") }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            let range = received.range(of: text)!
            let consumed = String(received[..<range.upperBound])
            received = String(received[range.upperBound...])
            return consumed
        }
    }

    /// A connected socket whose reads and writes wait at most `timeout` seconds.
    fileprivate static func connect(port: UInt16, timeout: TimeInterval) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw PreviewError(message: "cannot connect to port \(port)")
        }
        return socket
    }

    private func send(_ text: String, to socket: Int32) throws {
        let bytes = Array(text.utf8)
        guard write(socket, bytes, bytes.count) == bytes.count else { throw PreviewError(message: "cannot send the request") }
    }
}

/// What a child process printed, gathered as it comes.
final class PrintedText: Sendable {
    let text = Mutex("")
}

struct PreviewError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
