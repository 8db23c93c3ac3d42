import Foundation
import Synchronization

/// Splits work into one chunk a core, for task groups.
enum Parallel {
    /// Index ranges covering `count` items, one a core (more when there are many items, so
    /// that a slow chunk does not leave other cores idle); at most ``largestChunk`` items each,
    /// so that more urgent work (a page a browser waits for) gets a core soon.
    static func chunks(_ count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let pieces = min(count, max(ProcessInfo.processInfo.activeProcessorCount * 4, (count + largestChunk - 1) / largestChunk))
        let size = (count + pieces - 1) / pieces
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// The most items a chunk holds: a few milliseconds of parsing or rendering pages.
    static let largestChunk = 256

    /// `body` called for every index of `0..<count` — on all cores when there are at least
    /// `minimum` (each core takes every n-th index), else in order on this thread. For work
    /// that is mostly system calls, such as taking a folder of ten thousand entries apart.
    static func forEach(_ count: Int, onAllCoresFrom minimum: Int, _ body: @Sendable (Int) -> Void) {
        let workers = count >= minimum ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: count, by: workers) { body(index) }
        }
    }

    /// `transform` applied to every index of `0..<count`, on all cores when there are at least
    /// `minimum` (as ``forEach(_:onAllCoresFrom:_:)``), results in index order.
    static func map<Result: Sendable>(_ count: Int, onAllCoresFrom minimum: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        let workers = count >= minimum ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        let parts = Mutex<[Int: [Result]]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let done = stride(from: worker, to: count, by: workers).map(transform)
            parts.withLock { $0[worker] = done }
        }
        let done = parts.withLock { $0 }
        return (0..<count).map { done[$0 % workers]![$0 / workers] }
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
        let pieces = chunks(indices.count)
        let done = try await tasks(pieces.count) { piece in
            let local = makeLocal()
            return try pieces[piece].map { offset in try transform(local, base + offset) }
        }
        return done.flatMap { $0 }
    }

    /// `job` for every index of `0..<count`, each in a task of a task group, results in index
    /// order. Only a few tasks are queued at a time (two a core), so that other work asking
    /// for a core meanwhile (the preview server's connections, a page a browser waits for)
    /// waits for a few tasks, not for all; and each waits for urgent work (``urgently(_:)``)
    /// before it starts.
    static func tasks<Result: Sendable>(_ count: Int, _ job: @escaping @Sendable (Int) async throws -> Result) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func addNext() {
                let index = next
                next += 1
                group.addTask {
                    await urgentWork.waitUnlessUrgent()
                    return (index, try await job(index))
                }
            }
            while next < min(count, max(1, ProcessInfo.processInfo.activeProcessorCount * 2)) { addNext() }
            var results = [Result?](repeating: nil, count: count)
            for try await (index, result) in group {
                results[index] = result
                if next < count { addNext() }
            }
            return results.map { $0! }
        }
    }

    /// Lets go of `value` on another thread: the memory of a big value is given back there,
    /// not on the caller's time.
    static func release<Value: Sendable>(_ value: Value) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }

    /// Runs `body` as work a person waits for (a page a browser asked for): while it runs,
    /// the chunks of ``map(_:_:)`` that other work has not started yet wait, so that this
    /// work's own chunks get the cores as soon as the chunks running end.
    static func urgently<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result {
        urgentWork.begin()
        defer { urgentWork.end() }
        return try await UrgentWork.$isUrgent.withValue(true) { try await body() }
    }

    private static let urgentWork = UrgentWork()
}

/// How much urgent work runs (``Parallel/urgently(_:)``), and the chunks of other work waiting for it to end.
private final class UrgentWork: Sendable {
    /// Whether the task runs urgent work (its child tasks inherit it).
    @TaskLocal static var isUrgent = false

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func begin() {
        state.withLock { $0.running += 1 }
    }

    func end() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns at once in urgent work or when none runs; else when the urgent work ends.
    func waitUnlessUrgent() async {
        guard !Self.isUrgent, state.withLock({ $0.running > 0 }) else { return }
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
