import FlyingSocks
import Foundation
import Sitegen
import Synchronization

/// The preview's HTTP server (the one file that uses FlyingSocks, the socket layer of the
/// FlyingFox package): listens, accepts connections, and gives each one's bytes to an
/// ``HTTPConnection`` that answers with ``PreviewResponder``.
///
/// FlyingFox's own HTTP server cannot be bounded from outside (its request decoder has no size
/// limits and is quadratic in a line's length, and it waits for a request without a timeout),
/// so only its non-blocking sockets and event loop are used here.
final class PreviewServer: Sendable {
    private let address: Address
    private let responder: PreviewResponder
    private let limits: HTTPLimits
    /// How many connections are open now.
    private let open = Atomic(0)

    private enum Address: Sendable {
        case ip4(sockaddr_in)
        case ip6(sockaddr_in6)
    }

    /// A server for `root` on `host:port` (port 0: any free port), under `basePath` (`""` or
    /// `/blog`), answering with `early` what the first build has not written yet; throws when
    /// `host` is not an IP address.
    init(root: URL, host: String, port: UInt16, reload: LiveReload, limits: HTTPLimits = HTTPLimits(), basePath: String = "",
         early: EarlyPages? = nil) throws {
        do {
            if host.contains(":") {
                address = .ip6(try .inet6(ip6: host, port: port))
            } else {
                address = .ip4(try .inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port))
            }
        } catch {
            throw SiteError("--host \(host) is not an IP address (such as 127.0.0.1, 0.0.0.0 or ::1)")
        }
        responder = PreviewResponder(root: root, reload: reload, basePath: basePath, early: early)
        self.limits = limits
    }

    /// The error of ``start()`` when another program listens on the port.
    struct PortInUse: Error, CustomStringConvertible {
        var description: String { "address already in use" }
    }

    /// Starts serving (until the process ends) and returns the port it listens on; throws
    /// when the address cannot be bound (``PortInUse`` when the port is taken).
    func start() async throws -> UInt16 {
        let pool: any AsyncSocketPool = SocketPool.make(maxEvents: 64)
        let listener: Socket
        do {
            listener = try Self.listen(on: address)
            try await pool.prepare()
        } catch let error as SocketError {
            if case .failed(_, let code, _) = error, code == EADDRINUSE { throw PortInUse() }
            if case .failed(_, _, let message) = error { throw SiteError(message.lowercased()) }
            throw error
        }
        let port: UInt16
        switch try listener.sockname() {
        case .ip4(_, let bound), .ip6(_, let bound): port = bound
        case .unix: port = 0
        }
        let server = try AsyncSocket(socket: listener, pool: pool)
        Task { await serve(server, pool: pool) }
        return port
    }

    private static func listen(on address: Address) throws -> Socket {
        let socket: Socket
        switch address {
        case .ip4: socket = try Socket(domain: AF_INET, type: .stream)
        case .ip6: socket = try Socket(domain: AF_INET6, type: .stream)
        }
        do {
            try socket.setValue(true, for: .localAddressReuse)
            switch address {
            case .ip4(let address): try socket.bind(to: address)
            case .ip6(let address): try socket.bind(to: address)
            }
        } catch {
            try? socket.close()
            throw error
        }
        try socket.listen(maxPendingConnection: 128)
        return socket
    }

    /// Runs the event loop, accepts connections (at most `limits.connections` at once) and
    /// pings the event streams now and then. Ends only with the process.
    private func serve(_ server: AsyncSocket, pool: any AsyncSocketPool) async {
        let responder = responder, limits = limits
        await withDiscardingTaskGroup { group in
            group.addTask {
                // Fails only when the event queue cannot work at all: nothing would be served.
                do { try await pool.run() } catch { TerminalOutput.error("the preview server stopped: \(error)") }
            }
            group.addTask {
                // A comment now and then ends the event streams of browsers that went away unseen.
                while (try? await Task.sleep(for: .seconds(10))) != nil {
                    responder.reload.ping()
                }
            }
            while !Task.isCancelled {
                if open.load(ordering: .relaxed) >= limits.connections {
                    // Full: the next clients wait in the listen queue until a connection ends.
                    try? await Task.sleep(for: .milliseconds(10))
                    continue
                }
                let client: AsyncSocket
                do {
                    client = try await server.accept()
                } catch {
                    // Out of file descriptors, or a connection reset before it was accepted.
                    try? await Task.sleep(for: .milliseconds(50))
                    continue
                }
                // Small writes (live-reload events) go out at once.
                try? client.socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
                open.add(1, ordering: .relaxed)
                group.addTask {
                    let connection = HTTPConnection(channel: SocketChannel(socket: client, pool: pool), limits: limits,
                                                    respond: responder.respond(to:))
                    await connection.run()
                    self.open.subtract(1, ordering: .relaxed)
                }
            }
        }
    }
}

/// A connection's socket as a ``ByteChannel``.
private struct SocketChannel: ByteChannel {
    let socket: AsyncSocket
    let pool: any AsyncSocketPool

    func read() async throws -> [UInt8]? {
        while true {
            try Task.checkCancellation()
            do {
                return try socket.socket.read(atMost: 32 * 1024)
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket.socket, untilReadyFor: .read)
            } catch SocketError.disconnected {
                return nil
            }
        }
    }

    func write(_ data: Data) async throws {
        try await socket.write(data)
    }

    func finishWriting() {
        _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
    }

    func close() {
        try? socket.close()
    }
}
