import SitegenMarkdown

/// A folder of the content: its pages get a list page at the folder's URL.
public struct Section: Sendable {
    /// The folder, relative to the content folder; empty for the home page.
    public let path: String
    /// The list page's URL path, such as `/posts/`, percent-encoded for links.
    public let url: String
    /// `title` from `_index.md`, else the folder name in words.
    public let title: String
    /// `weight` from `_index.md`, for ordering sections (lower first).
    public let weight: Int
    /// `paginate` from `_index.md`: pages per list page, overriding `sitegen.yml`.
    public let paginate: Int?
    /// `sort` from `_index.md`: `date` (newest first), `weight` or `title`; by default date
    /// when the pages have dates, else weight and file name.
    public let sort: SortOrder?
    /// The `_index.md` file, if the folder has one.
    public let sourcePath: String?
    /// `aliases` of `_index.md`: old URLs that redirect to the list page.
    public internal(set) var aliases: [String] = []
    /// The front matter and text of `_index.md` (empty without one).
    let source: MarkdownSource
    /// Hugo's `linkTitle` from `_index.md`, else ``title``: the section's name in navigation.
    public var linkTitle: String {
        (source.frontMatter["linkTitle"] ?? source.frontMatter["linktitle"])?.string ?? title
    }
    /// The code of the section's language: the site's `language`, or in a site with `languages:`
    /// the language whose folder the section is in.
    public internal(set) var language = ""
    /// What the section shares with its translations: its path without the language's folder
    /// (`posts` for `fr/posts`; `""` for each language's home page).
    public internal(set) var translationKey = ""
    /// The indices (into the site's pages) of the pages directly in this folder.
    public internal(set) var pageIndices: [Int] = []
    /// The paths of the sections directly below this one.
    public internal(set) var subsectionPaths: [String] = []
    /// Whether the section has a list page of its own; a Jekyll site's `_posts` and
    /// collection folders have none, as in Jekyll: nothing links to where it would be.
    var hasListPage = true

    /// Whether `sitemap.xml` lists the section's page: not when its text's front matter says
    /// `sitemap: false` (as ``Page/isInSitemap`` reads a page's).
    var isInSitemap: Bool {
        source.frontMatter["sitemap"] != .bool(false)
    }
}
