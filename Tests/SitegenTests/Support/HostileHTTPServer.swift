import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP server on a free loopback port that answers as a test tells it to, for servers
/// no real site would be: one that sends an endless body, one that trickles its answer. Each connection is served on its own thread; every
/// loop it runs is bounded, and it stops when the value goes away.
final class HostileHTTPServer: Sendable {
    /// What a request asked for.
    struct Request: Sendable {
        let method: String
        let path: String
    }

    /// A client connection, to write an answer to.
    final class Client: Sendable {
        fileprivate let socket: Int32
        fileprivate let server: HostileHTTPServer

        fileprivate init(socket: Int32, server: HostileHTTPServer) {
            self.socket = socket
            self.server = server
        }

        /// Writes `data`; `false` once the client is gone (or the server stops).
        @discardableResult
        func write(_ data: Data) -> Bool {
            guard !server.stopped.load(ordering: .relaxed) else { return false }
            let sent = data.withUnsafeBytes { bytes -> Bool in
                var offset = 0
                while offset < bytes.count {
                    let count = send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
            if sent { server.bodyBytes.add(data.count, ordering: .relaxed) }
            return sent
        }

        @discardableResult
        func write(_ text: String) -> Bool { write(Data(text.utf8)) }
    }

    let port: UInt16
    private let listener: Int32
    private let stopped = Atomic(false)
    /// Bytes sent to clients in all (heads included).
    private let bodyBytes = Atomic(0)
    private let requests = Mutex<[Request]>([])

    /// Starts a server on 127.0.0.1 that calls `answer` for each request (on the connection's
    /// thread), then closes the connection.
    init(answer: @escaping @Sendable (Request, Client) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1"])
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                // A small send buffer: what the server "managed to send" stays close to what
                // the client read.
                var size: Int32 = 64 * 1024
                setsockopt(client, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                Thread { [self] in
                    defer { close(client) }
                    guard let request = Self.readRequest(from: client) else { return }
                    requests.withLock { $0.append(request) }
                    answer(request, Client(socket: client, server: self))
                }.start()
            }
        }.start()
    }

    deinit {
        stopped.store(true, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The address of `path` on this server.
    func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every byte the server managed to send.
    var bytesSent: Int { bodyBytes.load(ordering: .relaxed) }
    /// The requests received, in order.
    var received: [Request] { requests.withLock { $0 } }

    /// Reads a request head (at most 64 KB) and returns its method and path.
    private static func readRequest(from socket: Int32) -> Request? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 64 * 1024 {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head += buffer[0..<count]
            if let end = String(decoding: head, as: UTF8.self).range(of: "\r\n\r\n") {
                let line = String(decoding: head, as: UTF8.self)[..<end.lowerBound].prefix { $0 != "\r" }
                let parts = line.split(separator: " ")
                guard parts.count >= 2 else { return nil }
                return Request(method: String(parts[0]), path: String(parts[1]))
            }
        }
        return nil
    }
}
