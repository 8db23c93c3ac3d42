import Synchronization

/// Warnings gathered from tasks running at once.
final class WarningLog: Sendable {
    private let warnings = Mutex<[SiteError]>([])

    func add(_ warning: SiteError) { warnings.withLock { $0.append(warning) } }

    /// The warnings, each once, sorted by file and line.
    var all: [SiteError] {
        // The same warning from many pages (a shortcode file that cannot run) is told once.
        var seen: Set<SiteError> = []
        return warnings.withLock { $0 }.filter { seen.insert($0).inserted }
            .sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
    }
}
