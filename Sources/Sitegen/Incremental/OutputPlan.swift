import Synchronization

/// Decides, output file by output file, whether a build must render it, from the dependency
/// record of the build before: an output is rendered again when it is new, when it depends on
/// other facts than last time, or when one of the facts it read has a new fingerprint.
///
/// Facts are named by keys (``Dependency``) and fingerprinted by what templates can see of
/// them; the code that renders an output names every fact it reads. A full build (no record)
/// renders everything, and records the dependencies for the next one.
final class OutputPlan: Sendable {
    private struct State {
        var fingerprints: [String: Int] = [:]
        var record: [String: Set<String>] = [:]
        var rendered = 0
        var skipped = 0
    }

    private let previous: DependencyRecord?
    /// Whether this build keeps a record for the next (a live build) or renders everything and forgets.
    let isRecording: Bool
    private let state = Mutex(State())

    /// A plan against `previous` (`nil`: render everything); `recording` for a live build.
    init(previous: DependencyRecord?, recording: Bool) {
        self.previous = previous
        isRecording = recording
    }

    /// Sets the fingerprint of a fact before outputs that read it are planned.
    func set(_ key: String, _ fingerprint: @autoclosure () -> Int) {
        guard isRecording else { return }
        let value = fingerprint()
        state.withLock { $0.fingerprints[key] = value }
    }

    /// Sets many fingerprints at once.
    func set(_ fingerprints: [(String, Int)]) {
        guard isRecording else { return }
        state.withLock { state in for (key, value) in fingerprints { state.fingerprints[key] = value } }
    }

    /// Records that `path` reads the facts `dependencies`, and says whether it must be rendered.
    func needsRendering(_ path: String, reading dependencies: @autoclosure () -> Set<String>) -> Bool {
        guard isRecording else { return true }
        let dependencies = dependencies()
        return state.withLock { state in
            state.record[path] = dependencies
            let needed: Bool
            if let previous, let before = previous.record[path], before == dependencies {
                needed = dependencies.contains { state.fingerprints[$0] != previous.fingerprints[$0] }
            } else {
                needed = true
            }
            if needed { state.rendered += 1 } else { state.skipped += 1 }
            return needed
        }
    }

    /// What this build read, for the next one.
    var record: DependencyRecord {
        state.withLock { DependencyRecord(record: $0.record, fingerprints: $0.fingerprints) }
    }

    /// How many outputs were rendered and how many kept from the build before.
    var counts: (rendered: Int, skipped: Int) { state.withLock { ($0.rendered, $0.skipped) } }
}

/// Which facts each output file read, and the fingerprints those facts had.
struct DependencyRecord: Sendable {
    var record: [String: Set<String>]
    var fingerprints: [String: Int]
}

/// The names of the facts outputs read.
enum Dependency {
    /// Everything of a page: its content, front matter and data.
    static func page(_ sourcePath: String) -> String { "page:" + sourcePath }
    /// What lists show of a page: title, URL, description, summary, dates.
    static func listing(_ sourcePath: String) -> String { "listing:" + sourcePath }
    /// Which pages come before and after a page in its section.
    static func neighbours(_ sourcePath: String) -> String { "neighbours:" + sourcePath }
    /// The pages of a section, in order.
    static func section(_ path: String) -> String { "section:" + path }
    /// The pages of a taxonomy term, in order.
    static func term(_ url: String) -> String { "term:" + url }
    /// A taxonomy's terms and their counts.
    static func taxonomy(_ name: String) -> String { "taxonomy:" + name }
    /// A feed's pages, in order.
    static func feed(_ folder: String) -> String { "feed:" + folder }
    /// The sections themselves (titles, weights, `_index.md` text): the menu of every page.
    static let sections = "sections"
    /// The site's navigation tree (`site.nav`).
    static let navigation = "navigation"
    /// The home page's recent pages.
    static let recent = "recent"
    /// Every URL of the site with its last change.
    static let sitemap = "sitemap"
}

/// A fingerprint of hashable values (stable within one process, which is all a live build needs).
enum Fingerprint {
    static func of<each Value: Hashable>(_ values: repeat each Value) -> Int {
        var hasher = Hasher()
        repeat hasher.combine(each values)
        return hasher.finalize()
    }
}
