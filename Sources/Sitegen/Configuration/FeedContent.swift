/// What each entry of the site's feeds carries: `feedContent` in `sitegen.yml`.
public enum FeedContent: String, Sendable, Hashable, CaseIterable {
    /// The page's summary (its `description`, or its first paragraph).
    case summary
    /// The whole page.
    case full
}
