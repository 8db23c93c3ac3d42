import Foundation

/// One client connection's bytes, as ``HTTPConnection`` needs them: the socket library stays
/// behind this protocol (``PreviewServer`` implements it), and tests can pass bytes in memory.
protocol ByteChannel: Sendable {
    /// The next bytes the client sent, or `nil` once it closed its side. Throws when the
    /// connection fails or the task is cancelled (which ends a wait at once).
    func read() async throws -> [UInt8]?
    /// Writes all of `data`, in as few system calls as the socket takes. Throws when the
    /// connection fails, or when the task is cancelled while the client does not read.
    func write(_ data: Data) async throws
    /// Tells the client that nothing more will be sent (the client still may send).
    func finishWriting()
    /// Closes the connection.
    func close()
}
