import SitegenMarkdown

/// What loading may remember from one load to the next, in the loader's own words: the
/// Markdown files as read, and the pages made from them. A plain build has none; a live build
/// passes its own.
protocol LoadingMemory: Sendable {
    /// The source of the file at `file` (whose content path is `path`) and its revision: as
    /// read before when the file is unchanged, else `read()` anew (with a new revision).
    func source(at file: String, path: String, read: () throws -> PageText) rethrows -> (PageText, Int)

    /// The pages made earlier, by content path, each with the revision of the file it was made
    /// from; none when the page bundles (`bundleFolders`) changed.
    func pages(bundleFolders: Set<String>) -> [String: Page]

    /// Keeps this load's pages for the next: `made` are those made anew; `all` is every page
    /// when some may be gone (`nil` when every earlier page is still there).
    func keep(made: [Page], all: [Page]?)
}
