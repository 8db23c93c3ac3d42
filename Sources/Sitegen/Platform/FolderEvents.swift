import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Events of watched folders from the kernel: inotify, one watch per folder (not per tree),
/// so that a quiet tree costs nothing. Linux only: elsewhere ``isAvailable`` is false and
/// ``start()`` fails. The descriptor closes when the value goes.
package final class FolderEvents: Sendable {
    /// One change in a watched folder.
    package struct Event: Sendable {
        /// The watch of the folder it happened in, as ``watch(_:)`` gave it.
        package let watch: Int32
        /// The name of the entry in that folder; empty when it is about the folder itself.
        package let name: String
        /// Whether the entry is a folder.
        package let isFolder: Bool
        /// Whether the entry was created or moved into the folder.
        package let isArrival: Bool
        /// Whether events were lost (the kernel's queue was full); no other field counts then.
        package let isOverflow: Bool
        /// Whether the watch ended (its folder was deleted or is no longer watched).
        package let isWatchEnd: Bool
    }

    /// What came of asking to watch a folder.
    package enum Watch: Sendable {
        /// The folder is watched; its events carry this id.
        case watching(Int32)
        /// The kernel has no room for more watches (`fs.inotify.max_user_watches`); in its words.
        case refused(String)
        /// The folder cannot be watched (it is gone, or not a folder).
        case failed
    }

    /// What waiting for events ended with.
    package enum Readiness: Sendable {
        /// Events are there to ``read()``.
        case ready
        /// The stop signal was sent.
        case stopped
        /// The time given passed first.
        case timedOut
        /// A signal interrupted the wait; wait again.
        case interrupted
        /// Waiting failed; no events will come.
        case failed
    }

    /// What reading events gave.
    package enum Reading: Sendable {
        /// The events, in the order they happened.
        case events([Event])
        /// A signal interrupted the read; wait again.
        case interrupted
        /// Reading failed; no events will come.
        case failed
    }

    /// Whether this system has folder events (Linux).
    package static var isAvailable: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Starts a set of watches, none yet; fails when the kernel will not, or has no inotify.
    package static func start() -> Result<FolderEvents, SystemCallError> {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        return descriptor >= 0 ? .success(FolderEvents(descriptor: descriptor)) : .failure(.last)
        #else
        return .failure(SystemCallError(code: ENOSYS))
        #endif
    }

    #if os(Linux)
    /// What a watch reports: files written and closed, entries created, deleted, moved in or
    /// out, attributes changed, and the folder's own deletion.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                     | IN_DELETE_SELF)
    #endif

    /// Watches the folder at `path` (not the folders in it).
    package func watch(_ path: String) -> Watch {
        #if os(Linux)
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        if watch >= 0 { return .watching(watch) }
        return errno == ENOSPC || errno == ENOMEM ? .refused(String(cString: strerror(errno))) : .failed
        #else
        return .failed
        #endif
    }

    /// Waits for events or for `stop`, at most `milliseconds` (`nil`: as long as it takes). The
    /// stop signal wins when both are there.
    package func waitForEvents(orStop stop: StopSignal, milliseconds: Int32?) -> Readiness {
        var waiters = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&waiters, 2, milliseconds ?? -1)
        if ready > 0 { return waiters[1].revents != 0 ? .stopped : .ready }
        if ready == 0 { return .timedOut }
        return errno == EINTR ? .interrupted : .failed
    }

    /// Reads the events that are there (waiting for one when there is none).
    package func read() -> Reading {
        #if os(Linux)
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: MemoryLayout<inotify_event>.alignment) { buffer in
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return errno == EINTR ? .interrupted : .failed }
            let bytes = UnsafeRawBufferPointer(buffer)
            var events: [Event] = []
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameLength = Int(event.len)
                let name = String(decoding: bytes[nameStart..<(nameStart + nameLength)].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + nameLength
                events.append(Event(watch: event.wd, name: name, isFolder: event.mask & UInt32(IN_ISDIR) != 0,
                                    isArrival: event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                                    isOverflow: event.mask & UInt32(IN_Q_OVERFLOW) != 0,
                                    isWatchEnd: event.mask & UInt32(IN_IGNORED) != 0))
            }
            return .events(events)
        }
        #else
        return .failed
        #endif
    }
}
