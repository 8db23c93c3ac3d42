import Synchronization

/// Decides, output file by output file, whether a live build must render it, from the
/// dependency record of the build before.
///
/// Facts are named by keys (``Dependency``) and fingerprinted by what templates can see of
/// them; the code that renders an output names every fact it reads, and sets the fingerprint
/// of each fact before it plans an output that reads it. An output is rendered again when it
/// is new, or when a fact it read last time has a new fingerprint; then what it reads now is
/// recorded. An output whose facts are all unchanged reads the same facts as before (what an
/// output reads is itself decided by facts it reads, such as a section's order), so it is kept
/// without being looked at: a one-page edit costs a lookup per output, not a render.
///
/// A plan that is not recording renders everything and records nothing. Rendering reaches it
/// through ``LiveRendering``.
final class OutputPlan: Sendable {
    private struct State {
        var record: DependencyRecord

        /// Sets a fingerprint (`nil`: the fact is gone); a change affects the fact's readers.
        mutating func update(_ key: Dependency, _ fingerprint: Int?) {
            guard record.fingerprints[key] != fingerprint else { return }
            record.fingerprints[key] = fingerprint
            if let readers = record.readers[key] { affected.formUnion(readers) }
        }

        /// Outputs that read a fact whose fingerprint changed in this build.
        var affected: Set<String> = []
        /// Outputs planned in this build (the others are gone).
        var planned: Set<String> = []
        var rendered = 0
        var kept = 0
    }

    /// Whether this build keeps a record for the next (a live build).
    let isRecording: Bool
    private let hasPrevious: Bool
    private let state: Mutex<State>

    /// A plan against `previous` (`nil`: render everything); `recording` for a live build.
    init(previous: DependencyRecord?, recording: Bool) {
        isRecording = recording
        hasPrevious = previous != nil
        state = Mutex(State(record: previous ?? DependencyRecord()))
    }

    /// Sets the fingerprint of a fact before outputs that read it are planned.
    func set(_ key: Dependency, _ fingerprint: @autoclosure () -> Int) {
        guard isRecording else { return }
        let value = fingerprint()
        state.withLock { $0.update(key, value) }
    }

    /// Sets many fingerprints at once.
    func set(_ fingerprints: [(Dependency, Int)]) {
        guard isRecording else { return }
        state.withLock { state in for (key, value) in fingerprints { state.update(key, value) } }
    }

    /// Marks facts that no longer exist (a deleted page's) as changed.
    func remove(_ keys: [Dependency]) {
        guard isRecording else { return }
        state.withLock { state in for key in keys { state.update(key, nil) } }
    }

    /// Renders `paths` whatever the record says (and nothing else that is unchanged).
    func render(_ paths: Set<String>) {
        state.withLock { $0.affected.formUnion(paths) }
    }

    /// Says whether `path` must be rendered; if so, records that it reads `dependencies`.
    func needsRendering(_ path: String, reading dependencies: @autoclosure () -> Set<Dependency>) -> Bool {
        guard isRecording else { return true }
        let unchanged = state.withLock { state in
            state.planned.insert(path)
            guard hasPrevious, state.record.reads[path] != nil, !state.affected.contains(path) else { return false }
            state.kept += 1
            return true
        }
        if unchanged { return false }
        let dependencies = dependencies()
        state.withLock { state in
            state.record.setReads(of: path, to: dependencies)
            state.rendered += 1
        }
        return true
    }

    /// What this build read, for the next one (outputs not planned in this build are dropped).
    var record: DependencyRecord {
        state.withLock { state in
            for path in state.record.reads.keys where !state.planned.contains(path) { state.record.setReads(of: path, to: nil) }
            return state.record
        }
    }

    /// How many outputs were rendered and how many kept from the build before.
    var counts: (rendered: Int, kept: Int) { state.withLock { ($0.rendered, $0.kept) } }
}

/// Which facts each output file read, the fingerprints those facts had, and for each fact the
/// outputs that read it.
struct DependencyRecord: Sendable {
    private(set) var reads: [String: Set<Dependency>] = [:]
    var fingerprints: [Dependency: Int] = [:]
    private(set) var readers: [Dependency: Set<String>] = [:]

    /// How many outputs are recorded.
    var readCount: Int { reads.count }

    /// Records what `path` reads (`nil`: the output is gone), keeping ``readers`` in step.
    mutating func setReads(of path: String, to dependencies: Set<Dependency>?) {
        for key in reads[path] ?? [] {
            readers[key]?.remove(path)
            if readers[key]?.isEmpty == true { readers[key] = nil }
        }
        reads[path] = dependencies
        for key in dependencies ?? [] { readers[key, default: []].insert(path) }
    }
}
