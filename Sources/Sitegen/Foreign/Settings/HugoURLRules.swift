/// The rules by which a Hugo site places its pages, read from its configuration: which sites
/// have them is told by ``SiteConfiguration/hugo`` being set, so that a site of sitegen's own
/// is placed as before.
///
/// | Hugo | effect |
/// |---|---|
/// | `[permalinks] posts = '/p/:slug/'`, `[permalinks.page]` | the URL of each page of a top section (`/` for the pages at the top) |
/// | `[permalinks.section]`, `[permalinks.taxonomy]`, `[permalinks.term]` | the URL of section, taxonomy and term list pages |
/// | `uglyURLs = true`, or a table by section | pages at `/a/b.html` rather than `/a/b/`; with `true`, term pages too (`/tags/swift.html`) |
/// | `disablePathToLower = true` | paths keep the case of files and terms |
/// | `[languages.xx] contentDir = 'content.xx'` | that folder's files are in `xx` |
/// | `params.mainSections` (else the section with most pages) | what the home page lists, page by page |
/// | `[frontmatter] date = [":filename", …]` | a date before a file's name leaves its URL (else it stays, as in Hugo) |
/// | `disableKinds`, `[outputs]` (`home`, `section`, `term`: without `rss`) | no RSS feed at that kind's `index.xml` |
/// | `sectionPagesMenu = "main"` | each top section in that menu |
/// | `theme = "NAME"` (or a list) | the theme's `static/` files published, under the site's own |
/// | `capitalizeListTitles = false` | term pages titled by their term as written (else in title case) |
struct HugoURLRules: Sendable, Hashable {
    /// Patterns for regular pages, by top section (lowercased; `/` for pages at the top).
    var pagePermalinks: [String: HugoPermalink] = [:]
    /// Patterns for section list pages, by top section.
    var sectionPermalinks: [String: HugoPermalink] = [:]
    /// Patterns for taxonomy list pages (`/tags/`), by taxonomy.
    var taxonomyPermalinks: [String: HugoPermalink] = [:]
    /// Patterns for term list pages (`/tags/swift/`), by taxonomy.
    var termPermalinks: [String: HugoPermalink] = [:]
    /// `uglyURLs` for the whole site.
    var uglyURLs = false
    /// `uglyURLs` given per section, by section (lowercased).
    var uglyURLSections: [String: Bool] = [:]
    /// Whether paths are lowercased (not `disablePathToLower`).
    var lowercasesPaths = true
    /// Each language's own content folder, by folder (`content.zh` → `zh`).
    var contentFolders: [String: String] = [:]
    /// `params.mainSections`: the sections whose pages the home page lists; empty for Hugo's
    /// default, the top section with most pages.
    var mainSections: [String] = []
    /// Whether a date at the start of a file's name stays in its URL (`2024-01-05-hello.md` →
    /// `/posts/2024-01-05-hello/`), as in Hugo unless `[frontmatter]` reads dates from file
    /// names (`date = [":filename", ":default"]`), which takes the date out of the name.
    var keepsDatePrefix = true
    /// The `slug` of each section's `_index.md` that gives one, by the folder's site path: the
    /// folder's name in the URLs of the section, its pages and the sections below it
    /// (`docs/_index.md` with `slug: documentation` → `/documentation/…`). Set as the content loads.
    var sectionSlugs: [String: String] = [:]
    /// The kinds of list (`home`, `section`, `term`) whose RSS feed Hugo publishes at their
    /// folder's `index.xml`: all three unless `disableKinds` or `[outputs]` leave one out.
    var rssKinds: Set<String> = HugoURLRules.feedKinds
    /// `sectionPagesMenu`: the menu each top section joins (named by its `linkTitle`, weighted
    /// by its `weight`), unless an entry of that menu has its name as identifier.
    var sectionPagesMenu: String?
    /// `theme`: the themes (folders of `themes/`) whose `static/` files are published where
    /// the site's own are not, the first theme's before the next's; as written (see
    /// ``isThemeName(_:)``).
    var themes: [String] = []

    /// Whether `name` can name a folder of `themes/`: not empty, no `/` or `\\`, not `.` or `..`
    /// (a name that climbs out of `themes/` names none).
    static func isThemeName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\\") && name != "." && name != ".."
    }
    /// `capitalizeListTitles` (on unless `false`): a term page without a title of its own is
    /// titled by its term in title case (`scene` → `Scene`).
    var capitalizesListTitles = true

    /// The kinds of list that have an RSS feed in Hugo unless the configuration says otherwise.
    static let feedKinds: Set<String> = ["home", "section", "term"]

    /// The folder names `sections` (below the language's folder `languagePath`) with each
    /// section's `slug` in place of its name.
    func renamed(_ sections: [String], in languagePath: String) -> [String] {
        guard !sectionSlugs.isEmpty else { return sections }
        var path = languagePath
        return sections.map { name in
            path = URLPath.path(name, in: path)
            return sectionSlugs[path] ?? name
        }
    }

    /// A name as a path component (decoded): its ``Slug``, keeping its case when paths are not lowercased.
    func component(_ name: String) -> String {
        HugoPermalink.urlize(name, lowercased: lowercasesPaths)
    }

    /// The percent-encoded URL of a decoded `path` from the site's root: `/path/`, or `/path.html` when `ugly`.
    /// sitegen's own files (`.sitegen-…`) are never a page's: such a path is kept below `_`.
    static func url(_ path: String, ugly: Bool) -> String {
        let path = URLPath.isReserved(path) ? "_" + path : path
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let last = URLPath.lastComponent(of: trimmed)
        if ugly && !last.contains(".") { return URLPath.encoded("/" + trimmed + ".html") }
        return URLPath.encoded("/" + trimmed + (last.contains(".") && !path.hasSuffix("/") ? "" : "/"))
    }

    // MARK: Lists

    /// The URL of a taxonomy's list page in the language published at `folder`.
    func taxonomyURL(_ taxonomy: String, in folder: String) -> String {
        guard let pattern = taxonomyPermalinks[taxonomy.lowercased()] else {
            return URLPath.encoded("/" + URLPath.path(component(taxonomy), in: folder) + "/")
        }
        let facts = HugoPermalink.Facts(date: nil, sections: [taxonomy], title: taxonomy, slug: nil, contentBaseName: taxonomy)
        return Self.url(URLPath.path(pattern.path(for: facts, lowercased: lowercasesPaths), in: folder), ugly: false)
    }

    /// The URL of a term's list page in the language published at `folder`.
    func termURL(taxonomy: String, term: String, in folder: String) -> String {
        // With `uglyURLs`, Hugo writes a term's page as a file too (`/tags/swift.html`), not its sections' lists.
        guard let pattern = termPermalinks[taxonomy.lowercased()] else {
            return Self.url(URLPath.path(component(taxonomy) + "/" + component(term), in: folder), ugly: uglyURLs)
        }
        let facts = HugoPermalink.Facts(date: nil, sections: [taxonomy], title: term, slug: nil, contentBaseName: term)
        let path = pattern.path(for: facts, lowercased: lowercasesPaths)
        return Self.url(URLPath.path(path.isEmpty ? component(term) : path, in: folder), ugly: uglyURLs)
    }
}
