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

    /// `body` called for every index of `0..<count` — on all cores when there are at least
    /// `minimum` (each core takes every n-th index), else in order on this thread. For work
    /// that is mostly system calls, such as taking a folder of ten thousand entries apart.
    static func forEach(_ count: Int, onAllCoresFrom minimum: Int, _ body: @Sendable (Int) -> Void) {
        let workers = count >= minimum ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: count, by: workers) { body(index) }
        }
    }

    /// `transform` applied to every index on all cores, results in index order.
    static func map<Result: Sendable>(_ indices: Range<Int>,
                                      _ transform: @escaping @Sendable (Int) throws -> Result) async throws -> [Result] {
        try await map(indices, perTask: {}) { _, index in try transform(index) }
    }

    /// The same, with a value made once a task (such as template dictionaries, which cannot
    /// cross tasks) and handed to every call in that task.
    static func map<Local, Result: Sendable>(_ indices: Range<Int>, perTask makeLocal: @escaping @Sendable () -> Local,
                                             _ transform: @escaping @Sendable (Local, Int) throws -> Result) async throws -> [Result] {
        let base = indices.lowerBound
        return try await withThrowingTaskGroup(of: [(Int, Result)].self) { group in
            for chunk in chunks(indices.count) {
                group.addTask {
                    let local = makeLocal()
                    return try chunk.map { offset in (offset, try transform(local, base + offset)) }
                }
            }
            var results = [Result?](repeating: nil, count: indices.count)
            for try await chunk in group { for (offset, result) in chunk { results[offset] = result } }
            return results.compactMap { $0 }
        }
    }
}
