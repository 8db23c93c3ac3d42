import Foundation

/// Splits work into one chunk a core, for task groups.
enum Parallel {
    /// Index ranges covering `count` items, one a core (more when there are many items, so
    /// that a slow chunk does not leave other cores idle).
    static func chunks(_ count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let pieces = min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let size = (count + pieces - 1) / pieces
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }
}
