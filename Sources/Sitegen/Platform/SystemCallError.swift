import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call's `errno`, kept as an error so that the code that called it can say
/// why in its own message.
package struct SystemCallError: Error, Sendable {
    /// The `errno` value.
    package let code: Int32

    /// The error of the system call that failed last on this thread.
    static var last: SystemCallError { SystemCallError(code: errno) }

    /// The system's words for it: `No such file or directory`, `Permission denied`.
    package var message: String { String(cString: strerror(code)) }

    /// Whether the entry the call was about does not exist (`ENOENT`).
    var isMissing: Bool { code == ENOENT }
}
