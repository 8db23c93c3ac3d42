import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The id of a process of this machine. Folders named after the process that made them are
/// left over when it was killed; whether it still runs tells them from folders in use.
package struct ProcessID: Sendable, Equatable {
    /// The id as the system gives it.
    package let value: Int32

    /// The id `value`.
    package init(_ value: Int32) {
        self.value = value
    }

    /// This process.
    package static var current: ProcessID { ProcessID(getpid()) }

    /// Whether no process with this id runs any more: `kill` with no signal finds none. A
    /// process of another user, which may not be signalled, still runs.
    package var hasEnded: Bool {
        kill(value, 0) != 0 && errno == ESRCH
    }
}
