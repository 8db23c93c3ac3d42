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

    /// Starts `sitegen serve` for `root` with `arguments` and waits until it serves.
    init(root: URL, arguments: [String] = [], startTimeout: TimeInterval = 60) throws {
        let process = Process()
        process.executableURL = ProcessRunner.sitegen
        process.arguments = ["serve", root.path, "--port", "0"] + arguments
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
            if let range = text.range(of: "Serving at http://127.0.0.1:") {
                port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
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
    }

    /// Sends `GET target` (or another method) as written and reads the whole response.
    func request(_ target: String, method: String = "GET") throws -> Response {
        let socket = try connect()
        defer { close(socket) }
        try send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", to: socket)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw PreviewError(message: "no response to \(target): \(text)") }
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// A connection to the live-reload events, as from a browser showing `page` (a URL path).
    func listen(page: String? = nil) throws -> EventStream {
        let socket = try connect()
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
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while deadline.timeIntervalSinceNow > 0 {
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(deadline.timeIntervalSinceNow * 1000)) > 0 else { continue }
                let count = read(socket, &buffer, buffer.count)
                guard count > 0 else { break }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            defer { received = "" }
            return received
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

    private func connect() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
