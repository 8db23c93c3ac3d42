import Foundation

/// Choices for one build, usually from the command line.
public struct BuildOptions: Sendable {
    /// Include pages with `draft: true`.
    public var includeDrafts: Bool
    /// Include pages dated in the future.
    public var includeFuture: Bool
    /// Overrides `baseURL` of the configuration.
    public var baseURL: String?
    /// The moment that decides which pages are in the future.
    public var now: Date

    /// Creates options; by default drafts and future pages are left out.
    public init(includeDrafts: Bool = false, includeFuture: Bool = false, baseURL: String? = nil, now: Date = Date()) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
        self.now = now
    }
}
