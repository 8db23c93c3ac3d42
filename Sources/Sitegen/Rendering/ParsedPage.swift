/// A page as the first pass of rendering leaves it: parsed, with what the parse looked up and
/// found, before it is rendered with its template. A class: every pass over a site's pages
/// hands each parse on, and a copy is then one reference, not one per field.
final class ParsedPage: Sendable {
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
    let imageRequests: [ImageRequest]

    init(revision: Int, page: RenderedPage, lookups: [String], warnings: [SiteError], includes: [MdBookIncludes.File],
         templateTags: ForeignTemplateTags, imageRequests: [ImageRequest] = []) {
        self.revision = revision
        self.page = page
        self.lookups = lookups
        self.warnings = warnings
        self.includes = includes
        self.templateTags = templateTags
        self.imageRequests = imageRequests
    }
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
