import Foundation
import SitegenMarkdown

/// A site whose pages are rendered and written to the staging output. Only ``SiteRenderer``
/// makes one, from a ``LoadedSite``.
///
/// Besides the pages, it holds what the steps after rendering (feeds, sitemap, `check`) and
/// later renderings of some of its outputs need: each page's parse, the section orders and
/// neighbours, the terms, the values templates were given.
public struct RenderedSite: Sendable {
    /// The loaded site it was rendered from.
    public internal(set) var loaded: LoadedSite
    /// Every page, in the loaded order.
    public internal(set) var pages: [RenderedPage]
    /// How many list pages (home, sections) were written.
    public internal(set) var listPages: Int
    /// Problems that did not stop the build (links to missing pages…).
    public internal(set) var warnings: [SiteError]
    /// Each page as parsed, in the loaded order.
    var parsed: [ParsedPage]
    /// Each section's pages in the section's order, by section path.
    package var orders: [String: [RenderedPage]]
    /// Each page's previous and next page, in the loaded order.
    package var neighbours: [(previous: RenderedPage?, next: RenderedPage?)]
    /// The dated pages, newest first.
    var newest: [RenderedPage]
    /// Each language's terms of each taxonomy, sorted by name, by language code then taxonomy.
    package var terms: [String: [String: [ListRenderer.Term]]]
    /// Each section's `_index.md` as HTML (with links rewritten), by section path.
    let sectionHTML: [String: String]
    /// The redirect pages (and folders' pages) of a Jekyll site made by its own `_layouts/redirect.html`, by URL.
    var redirectHTML: [String: String] = [:]
    /// The pages (and folders' pages) of a Jekyll site made by its own layouts (``JekyllLayouts``), by URL.
    var layoutHTML: [String: String] = [:]
    /// jekyll-paginate's pages after the first (their HTML in ``layoutHTML``): URL, folder and number.
    var paginatedPages: [(url: String, section: String, number: Int)] = []
    /// A Jekyll site's files other than HTML with front matter, their Liquid run (``LoadedSite/liquidFiles``).
    var liquidFiles: [LiquidFile] = []

    /// A file with its Liquid run: its output path, its text, and its path in the content folder.
    struct LiquidFile: Sendable {
        let output: String
        let text: String
        let contentPath: String
    }
    /// The values every template was given.
    package var context: TemplateContext
    var theme: Theme
    let site: Site
    let files: PublishedFiles
    let links: LinkResolver
    /// The copies of images pages and sections ask for by their shortcodes.
    var imageRequests: [ImageRequest] = []
    /// What the list pages' texts looked up as they were parsed (``LinkLookups``): an edit of a
    /// page whose text they read (``LinkLookups/readKey(_:)``) may change them.
    var listTextReads: Set<String> = []

    /// The configuration the site was loaded and rendered with.
    package var configuration: SiteConfiguration { loaded.configuration }
}

extension RenderedSite {
    /// This site with other templates, data files and interface words, its pages as parsed:
    /// what rendering some of its outputs again with changed templates, data or words needs.
    func with(theme: Theme, data: FrontMatter, strings: InterfaceStrings) -> RenderedSite {
        var site = self
        site.theme = theme
        site.context = context.with(data: data)
        site.context.strings = strings
        return site
    }
}
