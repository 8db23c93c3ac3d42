import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal one thread sends to stop another that waits for it, alone or together with
/// ``FolderEvents``: a pipe, so that `poll` waits on both at once. Both ends close when the
/// value goes.
package final class StopSignal: Sendable {
    /// The end `poll` waits on.
    let readEnd: Int32
    private let writeEnd: Int32

    /// A signal not sent yet.
    package init() throws(SystemCallError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .last }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Sends the signal; send it once.
    package func send() {
        var byte: UInt8 = 1
        #if canImport(Glibc)
        _ = Glibc.write(writeEnd, &byte, 1)
        #else
        _ = Darwin.write(writeEnd, &byte, 1)
        #endif
    }

    /// Waits up to `seconds` for the signal; whether it came.
    package func wait(seconds: Double) -> Bool {
        var waiter = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&waiter, 1, Int32(seconds * 1000)) > 0
    }
}
