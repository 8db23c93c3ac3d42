/// What rendering may remember from one build to the next, in the rendering's own words: a
/// cache of parsed pages, and a record of the facts (``Dependency``) each output reads, which
/// says whether an output must be rendered again. A plain build remembers nothing and renders
/// everything (``PlainBuild``); a live build passes its own.
///
/// The renderer sets the fingerprint of each fact before it asks about an output that reads it.
protocol RenderingMemory: Sendable {
    /// Whether outputs' reads are recorded (only then are fingerprints worth making).
    var isRecording: Bool { get }

    /// The link targets (content path → URL) that differ from those the remembered parses
    /// were made with.
    func changedTargets(_ targets: [String: String]) -> Set<String>

    /// The parse of `page` from an earlier build, if its file, includes and the link targets
    /// it looked up (none of `changedTargets`) are unchanged.
    func parsed(_ page: Page, changedTargets: Set<String>) -> ParsedPage?

    /// Remembers this build's parses, made with `targets`, for the next build; facts of pages
    /// no longer there are forgotten.
    func remember(_ parsed: [ParsedPage], targets: [String: String])

    /// Sets the fingerprint of a fact.
    func set(_ fact: Dependency, _ fingerprint: @autoclosure () -> Int)

    /// Sets many fingerprints at once.
    func set(_ fingerprints: [(Dependency, Int)])

    /// Says whether the output at `path` must be rendered (else the caller keeps the file the
    /// build before wrote); if so, records that it reads `facts`.
    func needsRendering(_ path: String, reading facts: @autoclosure () -> Set<Dependency>) -> Bool
}

/// A build that remembers nothing: every page is parsed, every output rendered, nothing recorded.
struct PlainBuild: RenderingMemory {
    var isRecording: Bool { false }
    func changedTargets(_ targets: [String: String]) -> Set<String> { [] }
    func parsed(_ page: Page, changedTargets: Set<String>) -> ParsedPage? { nil }
    func remember(_ parsed: [ParsedPage], targets: [String: String]) {}
    func set(_ fact: Dependency, _ fingerprint: @autoclosure () -> Int) {}
    func set(_ fingerprints: [(Dependency, Int)]) {}
    func needsRendering(_ path: String, reading facts: @autoclosure () -> Set<Dependency>) -> Bool { true }
}

extension RenderingMemory where Self == PlainBuild {
    /// A build that remembers nothing.
    static var plain: PlainBuild { PlainBuild() }
}
