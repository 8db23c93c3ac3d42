/// A page as the first pass of rendering leaves it: parsed, with what the parse looked up and
/// found, before it is rendered with its template.
struct ParsedPage: Sendable {
    /// The revision of the page's file it was parsed from (0: not known).
    let revision: Int
    let page: RenderedPage
    /// The content paths its links and images resolved through, sorted (as a build cache keeps them).
    let lookups: [String]
    let warnings: [SiteError]
    /// The files its mdBook includes read: its parse is stale when one of them changes.
    let includes: [MdBookIncludes.File]
    /// The other generators' template tags left in its text.
    let templateTags: ForeignTemplateTags
    /// The copies of images its shortcodes ask for.
    var imageRequests: [ImageRequest] = []
}

extension ParsedPage {
    /// This parse, of `page` as it is now (the same file at the same revision).
    func with(page: Page) -> ParsedPage {
        ParsedPage(revision: revision, page: self.page.with(page: page), lookups: lookups, warnings: warnings, includes: includes,
                   templateTags: templateTags, imageRequests: imageRequests)
    }

    /// This parse with the page's HTML kept in `file` (``RenderedPage/spilled(into:)``).
    func spilled(into file: SpillFile) -> ParsedPage {
        ParsedPage(revision: revision, page: page.spilled(into: file), lookups: lookups, warnings: warnings, includes: includes,
                   templateTags: templateTags, imageRequests: imageRequests)
    }
}
