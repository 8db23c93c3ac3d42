import Synchronization

/// Warnings gathered from tasks running at once.
final class WarningLog: Sendable {
    private let warnings = Mutex<[SiteError]>([])

    func add(_ warning: SiteError) { warnings.withLock { $0.append(warning) } }

    /// The warnings, each once, sorted by file and line; a filter or tag a Jekyll site's plugin
    /// adds (``JekyllLiquid/unknownFilter(_:)``, ``JekyllLiquid/unknownTag(_:)``) once for the
    /// site, at its first place.
    var all: [SiteError] {
        // The same warning from many pages (a shortcode file that cannot run) is told once.
        var seen: Set<SiteError> = []
        let sorted = warnings.withLock { $0 }.filter { seen.insert($0).inserted }
            .sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
        var places: [String: Int] = [:]
        for warning in sorted where JekyllLiquid.isUnknownPluginCall(warning.message) { places[warning.message, default: 0] += 1 }
        guard !places.isEmpty else { return sorted }
        var told: Set<String> = []
        return sorted.compactMap { warning in
            guard let count = places[warning.message] else { return warning }
            guard told.insert(warning.message).inserted else { return nil }
            return count == 1 ? warning : SiteError(file: warning.file, line: warning.line, warning.message + " (in \(count) files, the first here)")
        }
    }
}
