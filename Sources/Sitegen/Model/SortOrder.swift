/// How a section's list orders its pages: `sort` in its `_index.md`.
public enum SortOrder: String, Sendable, Hashable, CaseIterable {
    /// Newest first; pages without a date after those with one.
    case date
    /// By `weight` (lower first), then title.
    case weight
    /// By title, ignoring case.
    case title
}
