import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the tests need to make files no test should meet in a site (FIFOs,
/// sockets, names that are not UTF-8, unreadable folders), kept in one place.
enum Platform {
    /// Makes a FIFO (named pipe) at `url`.
    static func makeFIFO(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkfifo(url.path, 0o644) == 0 else { throw failure("mkfifo \(url.path)") }
    }

    /// Runs `body` while a thread writes a line into each of `fifos` as soon as anything opens
    /// it for reading. A build that wrongly reads a FIFO then reads that line and goes on (and
    /// the test can say so) instead of waiting for a writer forever.
    static func feeding<T>(_ fifos: [URL], _ body: () async throws -> T) async rethrows -> T {
        let stop = Mutex(false)
        let stopped = DispatchSemaphore(value: 0)
        let paths = fifos.map(\.path)
        Thread {
            var fed = Set<String>()
            while !stop.withLock({ $0 }) {
                for path in paths where !fed.contains(path) {
                    // Without a reader, a non-blocking open for writing fails at once.
                    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
                    guard descriptor >= 0 else { continue }
                    _ = "fed through the FIFO\n".withCString { write(descriptor, $0, strlen($0)) }
                    close(descriptor)
                    fed.insert(path)
                }
                usleep(20_000)
            }
            stopped.signal()
        }.start()
        defer {
            stop.withLock { $0 = true }
            stopped.wait()
        }
        return try await body()
    }

    /// Makes a Unix domain socket file at `url` (the socket itself is closed at once; its file stays).
    static func makeSocket(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket") }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(url.path.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw failure("socket path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
            buffer[path.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw failure("bind \(url.path)") }
    }

    /// Writes `text` to a file in `folder` whose name is the raw bytes `name` (which need not be UTF-8).
    static func createFile(named name: [UInt8], containing text: String, in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        guard descriptor >= 0 else { throw failure("open") }
        defer { close(descriptor) }
        var text = text
        _ = text.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Removes the file in `folder` whose name is the raw bytes `name` (which need not be UTF-8).
    static func removeFile(named name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let removed = path.withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
        guard removed == 0 else { throw failure("unlink") }
    }

    /// Sets the permission bits of the file or folder at `url`.
    static func setMode(_ mode: Int, of url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    /// Whether the tests run as root, for whom permission bits do not stop reading.
    static var isRoot: Bool { geteuid() == 0 }

    private static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")

    /// Whether ``runUnprivileged(_:)`` can run `sitegen` as a user that permission bits stop:
    /// the tests' own user when it is not root, else `nobody` through `setpriv`.
    static var canRunUnprivileged: Bool {
        !isRoot || FileManager.default.isExecutableFile(atPath: setpriv.path)
    }

    /// Runs the `sitegen` executable with `arguments` as a user that permission bits stop.
    /// As root, that is `nobody`: the folders it writes to must be writable by all.
    static func runUnprivileged(_ arguments: [String]) throws -> ProcessRunner.Result {
        guard isRoot else { return try ProcessRunner.run(ProcessRunner.sitegen, arguments) }
        return try ProcessRunner.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", ProcessRunner.sitegen.path] + arguments)
    }

    /// Makes every folder under `url` (and `url`) readable, writable and searchable by all,
    /// and every file readable by all, so that ``runUnprivileged(_:)`` can build a site there.
    static func openToAll(_ url: URL) throws {
        try setMode(0o777, of: url)
        let items = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for item in items {
            try setMode(item.hasDirectoryPath ? 0o777 : 0o666, of: item)
        }
    }

    private static func failure(_ call: String) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(call): \(String(cString: strerror(errno)))"])
    }
}
