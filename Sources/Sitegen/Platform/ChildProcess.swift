import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A helper program run in a process group of its own, waited for by its id: unlike
/// Foundation's `Process`, whose wait can last as long as any grandchild keeps a descriptor
/// open, the wait ends when the program ends, and stopping it stops what it started.
package struct ChildProcess: Sendable {
    /// How the program ended.
    package enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran past the time allowed and was stopped.
        case timedOut
    }

    /// Its process id, which is also its group's.
    package let id: Int32

    /// Starts `arguments[0]` (a path) with the other arguments and this process's environment;
    /// its standard input and output are `/dev/null`, its standard error the file at
    /// `errors` (made or emptied). `nil` (and `errno` set) when it cannot start.
    package static func start(_ arguments: [String], errors: String) -> ChildProcess? {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // No other descriptor of ours goes with it (a pipe our own caller reads, above all):
        // what it leaves running could hold it open.
        #if os(Linux)
        if let symbol = closeFromSymbol {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var id: pid_t = 0
        let result = posix_spawn(&id, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else {
            errno = result
            return nil
        }
        return ChildProcess(id: id)
    }

    #if os(Linux)
    /// Looked up once: glibc (2.34 and later) declares it only under `_GNU_SOURCE`, which
    /// Swift's module leaves out.
    nonisolated(unsafe) private static let closeFromSymbol: UnsafeMutableRawPointer? =
        dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
    #endif

    /// Waits for the program to end, at most `seconds` (then its group is killed).
    package func wait(seconds: Double) -> Ending {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var status: Int32 = 0
        while true {
            let ended = waitpid(id, &status, WNOHANG)
            if ended == id { return Self.ending(status) }
            if ended < 0 && errno != EINTR { return .exited(-1) }
            if DispatchTime.now().uptimeNanoseconds >= deadline {
                stop()
                while waitpid(id, &status, 0) < 0 && errno == EINTR {}
                return .timedOut
            }
            usleep(10_000)
        }
    }

    /// Kills the program and every process of its group.
    package func stop() {
        _ = kill(-id, SIGKILL)
    }

    private static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
