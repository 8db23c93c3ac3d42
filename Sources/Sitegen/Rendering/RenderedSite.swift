/// A site whose pages are rendered and written to the staging output. Only ``SiteRenderer``
/// makes one, from a ``LoadedSite``.
public struct RenderedSite: Sendable {
    /// The loaded site it was rendered from.
    public let loaded: LoadedSite
    /// Every page, in the loaded order.
    public let pages: [RenderedPage]
    /// How many list pages (home, sections) were written.
    public let listPages: Int
    /// Problems that did not stop the build (links to missing pages…).
    public let warnings: [SiteError]
    /// The dated pages, newest first.
    let newest: [RenderedPage]
    /// Each taxonomy's terms, sorted by name.
    let terms: [String: [(name: String, url: String, pages: [RenderedPage])]]
}
