import Foundation

/// A site whose content is loaded: every page placed at its URL, sections formed, static
/// files listed. Only ``ContentLoader`` makes one; rendering starts from it.
public struct LoadedSite: Sendable {
    /// Where the site's parts are.
    public let layout: SiteLayout
    /// `sitegen.yml`, with the build's overrides applied.
    public let configuration: SiteConfiguration
    /// The pages to publish (drafts and future pages left out unless asked for), as the
    /// site's page processors leave them.
    public internal(set) var pages: [Page]
    /// Every section by path; the home page is the section with path `""`.
    public let sections: [String: Section]
    /// Files to copy: where each is read from and its path in the output.
    public let files: [StaticFile]
    /// The files of `data/` by name (`data/authors.yml` → `authors`).
    public var data: FrontMatter = .empty
    /// mdBook's `SUMMARY.md`, when the content has one: the order and nesting of the
    /// navigation and of previous and next pages.
    var summary: BookSummary?
    /// The site's menus (`site.menus`), from its configuration and its pages' front matter.
    var menus = SiteMenus()
    /// A Hugo site's `_index.md` files of taxonomies and terms (`tags/_index.md`,
    /// `tags/swift/_index.md`), by folder: the text of those list pages, not sections.
    var taxonomyContent: [String: Section] = [:]
    /// What was left out of the site, and why (a link to outside the site folder, a FIFO…).
    public internal(set) var warnings: [SiteError] = []
    /// What the build did on its own that the author may want to know, one line each: a Jekyll
    /// site's files replaced by sitegen's own output (``JekyllPageFiles``).
    public internal(set) var notes: [SiteError] = []
    /// Pages that only send the reader on (Jekyll's `redirect_to`), each written at its URL.
    var redirects: [JekyllRedirects.Redirect] = []
    /// Output paths besides `atom.xml` and `rss.xml` where the site's Atom feed is written too
    /// (a Jekyll site's `feed.xml`).
    var feedPaths: [String] = []
    /// A Jekyll site's files other than HTML with front matter (`search.json`), by content
    /// path: each written at its path once its Liquid runs.
    var liquidFiles: [String] = []
    /// Another generator's configuration file, when ``configuration`` was read from one.
    public internal(set) var foreignConfiguration: ForeignConfiguration?

    /// Every section and Hugo taxonomy or term folder (``taxonomyContent``): what may have a
    /// list page's text (its `sourcePath`).
    var listTexts: [Section] {
        Array(sections.values) + taxonomyContent.values
    }

    /// Whether an edit of the Markdown file at `contentPath` may change the text of a list
    /// page, which no fact of a page stands for: the file is a list page's text as well as a
    /// page (a book's first chapter, which its home page shows), or a list page's text may
    /// include it (mdBook's `{{#include}}`, which names the file). What a list page's text
    /// reads through its links is noted as it is parsed (``RenderedSite/listTextReads``).
    func mayChangeListText(_ contentPath: String) -> Bool {
        let name = URLPath.lastComponent(of: contentPath)
        return listTexts.contains { section in
            let body = section.source.body
            return section.sourcePath.map(layout.contentPath(ofSitePath:)) == contentPath
                || HTMLScan.contains("{{#", in: body) && body.contains(name)
        }
    }

    /// A file published as it is.
    public struct StaticFile: Sendable {
        /// The file's path in the site's source (`static/logo.png`, `content/posts/trip/ridge.jpg`).
        public let path: String
        /// Its path in the output folder.
        public let outputPath: String
        /// Its path in the content folder, for files that are content (not `static/`).
        public let contentPath: String?
        /// Whether it is a file of a Hugo theme's `static/` (`themes/NAME/static/`), which
        /// sitegen's own theme assets stand before, as sitegen draws the pages.
        var isHugoThemeFile = false
    }
}
