import Foundation
import SitegenMarkdown
import SitegenLimits

/// The settings of a site, from `sitegen.yml` at its root (all keys optional).
public struct SiteConfiguration: Sendable {
    /// `title`: the site's name. Default: the home page's title or first heading, else the site
    /// folder's name, set when the content is loaded.
    public var title: String
    /// `baseURL`: where the site is published, such as `https://example.org/blog/`. Default `/`.
    public var baseURL: String
    /// `description`: one sentence about the site, for the home page and search engines.
    public var description: String
    /// `language`: the `lang` of every page. Default `en`. In a site with ``languages``, the
    /// default language's code (`defaultLanguage`).
    public var language: String
    /// `languages`: the site's languages, by weight; empty for a site in one language.
    public var languages: [SiteLanguage] = []
    /// `author`: shown in the footer and page metadata.
    public var author: String?
    /// `theme`: a bundled theme's name. Default `default`.
    public var theme: String
    /// `recentPages`: how many pages the home page lists. Default 10.
    public var recentPages: Int
    /// `plugins`: built-in plugins to install, by name, such as `[headingAnchors, lazyImages]`.
    public var plugins: [String] = []
    /// `paginate`: pages per list page (home, sections, terms); 0 lists all on one page. Default 10.
    public var paginate: Int = 10
    /// `taxonomies`: front matter keys whose values get term pages. Default `[tags]`.
    public var taxonomies: [String] = ["tags"]
    /// `feedContent`: `summary` (default) or `full`, what feed entries carry.
    public var feedContent: FeedContent = .summary
    /// `followLinksOutside`: whether symbolic links in the site whose targets lie outside the
    /// site folder (such as a `content/` kept elsewhere) are followed. Default `false`: such a
    /// link is left out with a warning, so that a site cannot publish files of the machine
    /// that builds it.
    public var followLinksOutside = false
    /// `search`: whether the build makes a Pagefind search index and the theme shows a search
    /// box. `nil` (not given): on with the docs theme, off with others.
    public var search: Bool?
    /// Whether the site gets search: ``search``, else whether the theme is `docs`.
    public var searchIsOn: Bool { search ?? (theme == "docs") }
    /// `highlight`: whether code blocks are coloured at build time. Default `true`.
    public var highlight = true
    /// `images`: the other sizes images are published in (``ImageSettings``).
    public var images = ImageSettings()
    /// `uglyURLs`: pages at `/a/page.html` instead of `/a/page/`, as mdBook publishes chapters,
    /// MkDocs with `use_directory_urls: false` and Hugo with `uglyURLs`. A folder's own page
    /// (`index.md`, `README.md`, `_index.md`) stays at `/a/` (`a/index.html`). Default `false`.
    public var uglyURLs = false
    /// `permalinks`: URL patterns for the pages of a top folder (`posts: /:year/:month/:slug/`;
    /// `/` for the pages at the top), with Hugo's tokens (``HugoPermalink``): `:year`, `:month`,
    /// `:monthname`, `:day`, `:weekday`, `:weekdayname`, `:yearday`, `:section`, `:sections`
    /// (sliced as `:sections[1:]`), `:title`, `:slug`, `:filename`, `:contentbasename`,
    /// `:slugorfilename`, `:slugorcontentbasename`. A page's own `url` wins.
    var permalinks: [String: HugoPermalink] = [:]
    /// `keepFileNames`: URLs use file and folder names as they are written, only
    /// percent-encoded, as mdBook and MkDocs publish them (`FFI.md` → `/FFI/`), instead of their
    /// slugs (`/ffi/`); a date before the name stays too. Default `false`.
    public var keepFileNames = false
    /// `redirects`: old URL paths that lead to a page of the site (`/old.html: /new/`), each
    /// published as a redirect page like a page's `aliases`; mdBook's `[output.html.redirect]`.
    public var redirects: [Redirect] = []
    /// `editURL`: the address of a page's source for editing, with `{path}` standing for the
    /// page's file in the content folder (`https://github.com/o/r/edit/main/docs/{path}`); the
    /// docs theme links to it as "Edit this page". mdBook's `edit-url-template`, MkDocs'
    /// `repo_url` + `edit_uri`.
    public var editURL: String?
    /// `stylesheets`: the site's own CSS files, linked by every page after the theme's: paths
    /// from the site's root as published (`/css/extra.css`) or addresses. mdBook's
    /// `additional-css`, MkDocs' `extra_css`.
    public var stylesheets: [String] = []
    /// Files outside the content folder that the site publishes at their own path from the site
    /// folder (a book's `additional-css` files, `theme/book.css`), if they are inside it.
    var extraFiles: [String] = []
    /// `repository`: the site's source repository, linked from the docs theme's header (mdBook's
    /// `git-repository-url`, MkDocs' `repo_url`).
    public var repository: String?
    /// The chapters in reading order and nesting, from another generator's configuration
    /// (MkDocs' `nav`); a `SUMMARY.md` in the content gives them otherwise.
    var navigation: BookSummary?
    /// `menus`: the site's menus by name (`main`, `footer`), each a list of entries with `name`,
    /// `url` or `pageRef`, `weight`, `identifier`, `parent`, `pre` and `post`, shown by templates
    /// as `site.menus.NAME`; `main` is the header's menu of both bundled themes (instead of the
    /// top-level sections). Pages join a menu with `menu: main` in their front matter.
    var menus: [String: [MenuEntry]] = [:]
    /// Whether `site.menu` lists the top-level sections when there is no `main` menu (not in a
    /// book, whose chapters are its navigation).
    var menuOfSections = true
    /// An MkDocs theme's `custom_dir` inside the content (a content path): its `.html` files
    /// are Jinja templates, not published.
    var themeTemplateFolder: String?
    /// Whether a page's `path` is its URL, as in a Zola site.
    var readsZolaPaths = false
    /// Whether MkDocs' admonitions (`!!! note`) are read as callouts (an MkDocs site's).
    var readsAdmonitions = false
    /// Whether straight quotes become curly ones, `--` and `---` dashes and `...` an ellipsis
    /// (another generator's site whose Markdown does so: Hugo's typographer, kramdown, mdBook,
    /// Zola's `smart_punctuation`, MkDocs' `smarty`).
    var smartPunctuation = false
    /// jekyll-paginate's `paginate_path` (`/page:num/` by default), when a Jekyll site's
    /// `_config.yml` gives `paginate`: where a home page drawn by the site's own layouts
    /// (``JekyllLayouts``) that reads `paginator` writes its pages after the first.
    var jekyllPaginatePath: String?
    /// Whether bare URLs and e-mail addresses become links (GFM's autolinks, Goldmark's linkify);
    /// not in sites whose Markdown leaves them as text: kramdown (Jekyll), Python-Markdown
    /// (MkDocs, without `pymdownx.magiclink`), mdBook's and Zola's pulldown-cmark.
    var linksBareURLs = true
    /// Whether Rust code blocks hide mdBook's `# ` lines (a book's).
    var hidesRustLines = false
    /// The number of every code block's first line, when every block in a language has its
    /// lines numbered (a Hugo site's `[markup.highlight] lineNos = true` and `lineNoStart`).
    var codeLineNumbers: Int?
    /// Whether headings get the ids Python-Markdown's `toc` extension gives them (an MkDocs site's).
    var pythonMarkdownHeadingIDs = false
    /// The titles `navigation` gives pages, by content path, when a page's title comes from
    /// its level-1 heading or else from them (MkDocs: `nav` titles a page without a `# heading`,
    /// whose first lower heading stays in its text); `nil` in other sites.
    var navigationTitles: [String: String]?
    /// The languages pages are published in: ``languages``, else the one ``language`` at the root.
    public var publishedLanguages: [SiteLanguage] {
        languages.isEmpty ? [SiteLanguage(code: language, path: "")] : languages
    }
    /// Whether the site has pages in more than one language.
    public var isMultilingual: Bool { languages.count > 1 }
    /// The default language.
    var defaultLanguage: SiteLanguage {
        publishedLanguages.first { $0.code == language } ?? publishedLanguages[0]
    }
    /// Whether the site's root only sends readers to the default language's home page: every
    /// language has a folder (`prefixDefaultLanguage`).
    var redirectsRoot: Bool { !defaultLanguage.path.isEmpty }
    /// The rules of a Hugo site's URLs (`permalinks`, `uglyURLs`, …), read from its configuration;
    /// `nil` for every other site, which is placed by sitegen's own rules.
    var hugo: HugoURLRules?
    /// Every other key, passed to templates as `site.params`.
    public var params: FrontMatter
    /// What another generator's configuration publishes besides what the build's options do:
    /// drafts, pages dated in the future, expired pages (Hugo's `buildDrafts`, `buildFuture`,
    /// `buildExpired`; Jekyll's `show_drafts`, `future`).
    var publishes: (drafts: Bool, future: Bool, expired: Bool) = (false, false, false)
    /// A Jekyll site's permalink settings (`permalink`, `collections`, `defaults` of
    /// `_config.yml`): set only when the configuration was read from `_config.yml`, so that
    /// pages get the URLs Jekyll gives them (``JekyllPermalink``).
    var jekyllPermalinks: JekyllPermalinkRules?

    /// Creates a configuration with defaults.
    public init(title: String, baseURL: String = "/", description: String = "", language: String = "en",
                author: String? = nil, theme: String = "default", recentPages: Int = 10, params: FrontMatter = .empty) {
        self.title = title
        self.baseURL = baseURL
        self.description = description
        self.language = language
        self.author = author
        self.theme = theme
        self.recentPages = recentPages
        self.params = params
    }

    /// The keys `sitegen.yml` understands, with the kind of value each takes; any other key goes
    /// to ``params``.
    static let keys: [(key: String, kind: KeySuggestion.Kind)] = [
        ("title", .text), ("baseURL", .text), ("description", .text), ("language", .text), ("author", .text), ("theme", .text),
        ("recentPages", .wholeNumber), ("plugins", .list), ("paginate", .wholeNumber), ("pagination", .table), ("taxonomies", .list), ("feedContent", .text),
        ("followLinksOutside", .trueOrFalse), ("search", .trueOrFalse), ("highlight", .trueOrFalse),
        ("languages", .table), ("defaultLanguage", .text), ("prefixDefaultLanguage", .trueOrFalse),
        ("uglyURLs", .trueOrFalse), ("keepFileNames", .trueOrFalse), ("redirects", .table), ("editURL", .text), ("repository", .text),
        ("menus", .table), ("permalinks", .table), ("stylesheets", .list), ("images", .table),
    ]
    static let knownKeys = Set(keys.map(\.key))

    /// CSS files as `stylesheets` keeps them: each once, local paths inside the site (from its
    /// root, `/` added), addresses with `http`/`https`.
    ///
    /// - Throws: ``SiteError`` at `line` of `file` for a path that leaves the site or an address of another kind.
    static func stylesheets(_ paths: [String], file: String, line: Int?) throws(SiteError) -> [String] {
        var kept: [String] = []
        for path in paths {
            let stylesheet: String
            if path.hasPrefix("https://") || path.hasPrefix("http://") {
                stylesheet = path
            } else if !path.contains(":"), !path.hasPrefix("//"), let url = URLPath.explicitURL(path.hasPrefix("/") ? path : "/" + path),
                      !url.hasSuffix("/") {
                stylesheet = url
            } else {
                throw SiteError(file: file, line: line, "the stylesheet \(path.debugDescription) must be a CSS file of the site, "
                                + "such as /css/extra.css, or an https:// address")
            }
            if !kept.contains(stylesheet) { kept.append(stylesheet) }
        }
        return kept
    }

    /// Reads a configuration file; `defaultTitle` is used when it sets no title. `warnings` gets
    /// one for each unknown key that looks like a misspelt known one.
    static func load(_ file: String, in source: any SiteSource, displayPath: String, defaultTitle: String,
                     warnings: inout [SiteError]) throws(SiteError) -> SiteConfiguration {
        let text = try source.readText(file, maximumSize: Limits.configurationBytes, shownAs: displayPath)
        let yaml: FrontMatter
        do {
            yaml = try FrontMatter(yaml: text)
        } catch {
            throw SiteError(file: displayPath, line: error.line, error.message)
        }
        func string(_ key: String) throws(SiteError) -> String? {
            guard let value = yaml[key] else { return nil }
            guard case .string(let string) = value else {
                throw SiteError(file: displayPath, line: yaml.line(of: key), "`\(key)` must be text, as in `\(key): \"…\"`")
            }
            return string
        }
        func bool(_ key: String) throws(SiteError) -> Bool? {
            switch yaml[key] {
            case nil, .null?: return nil
            case .bool(let value)?: return value
            default: throw SiteError(file: displayPath, line: yaml.line(of: key), "`\(key)` must be true or false")
            }
        }
        var configuration = SiteConfiguration(title: try string("title") ?? defaultTitle)
        configuration.baseURL = try string("baseURL") ?? configuration.baseURL
        configuration.description = try string("description") ?? ""
        if let language = try string("language")?.replacingOccurrences(of: "_", with: "-"), !language.isEmpty {
            guard SiteLanguage.isCode(language) else {
                throw SiteError(file: displayPath, line: yaml.line(of: "language"), "`language` (\(language)) \(SiteLanguage.notACode)")
            }
            configuration.language = language
        }
        if let (languages, defaultCode) = try SiteLanguage.read(yaml, file: displayPath) {
            configuration.languages = languages
            configuration.language = defaultCode
        }
        configuration.author = try string("author")
        configuration.theme = try string("theme") ?? configuration.theme
        if let count = try WholeNumber.read("recentPages", in: yaml, range: WholeNumber.recentPages, file: displayPath, example: 10) {
            configuration.recentPages = count
        }
        if let plugins = yaml["plugins"] {
            let names = plugins.list?.compactMap(\.string) ?? []
            guard plugins.list?.count == names.count else {
                throw SiteError(file: displayPath, line: yaml.line(of: "plugins"), "`plugins` must be a list of names, as in `plugins: [headingAnchors]`")
            }
            let known = BuiltInPluginName.allCases.map(\.rawValue)
            for name in names where !known.contains(name) {
                throw SiteError(file: displayPath, line: yaml.line(of: "plugins"), "unknown plugin '\(name)'; built-in plugins: \(known.joined(separator: ", "))")
            }
            configuration.plugins = names
        }
        if let count = try WholeNumber.read("paginate", in: yaml, range: WholeNumber.paginate, file: displayPath, example: 10,
                                            note: " (0 for no pagination)") {
            configuration.paginate = count
        }
        // Hugo's name for it since 0.128, `pagination.pagerSize`, which counts when both are given (as in Hugo).
        switch yaml["pagination"] {
        case nil, .null?: break
        case .map(let table)?:
            for (key, _) in table.entries where key != "pagerSize" {
                warnings.append(SiteError(file: displayPath, line: yaml.line(of: "pagination"),
                                          "`pagination.\(key)` is not read: list pages are at PATH/page/N/ (sitegen reads `pagination.pagerSize`)"))
            }
            if let size = table["pagerSize"], size != .null {
                guard case .int(let count) = size, WholeNumber.paginate.contains(count) else {
                    throw SiteError(file: displayPath, line: yaml.line(of: "pagination"), "`pagination.pagerSize` must be a whole number from "
                                    + "\(WholeNumber.paginate.lowerBound) to \(WholeNumber.paginate.upperBound), such as `pagination: {pagerSize: 10}` (0 for no pagination)")
                }
                configuration.paginate = count
            }
        default:
            throw SiteError(file: displayPath, line: yaml.line(of: "pagination"), "`pagination` must be a table, as in `pagination: {pagerSize: 10}`")
        }
        if let taxonomies = yaml["taxonomies"] {
            let names = taxonomies.list?.compactMap(\.string) ?? []
            guard taxonomies.list?.count == names.count, names.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else {
                throw SiteError(file: displayPath, line: yaml.line(of: "taxonomies"), "`taxonomies` must be a list of front matter keys, as in `taxonomies: [tags, categories]`")
            }
            configuration.taxonomies = names
        }
        if let feedContent = try string("feedContent") {
            guard let feedContent = FeedContent(rawValue: feedContent) else {
                throw SiteError(file: displayPath, line: yaml.line(of: "feedContent"), "`feedContent` must be summary or full")
            }
            configuration.feedContent = feedContent
        }
        configuration.followLinksOutside = try bool("followLinksOutside") ?? configuration.followLinksOutside
        configuration.highlight = try bool("highlight") ?? configuration.highlight
        configuration.search = try bool("search") ?? configuration.search
        configuration.uglyURLs = try bool("uglyURLs") ?? configuration.uglyURLs
        configuration.keepFileNames = try bool("keepFileNames") ?? configuration.keepFileNames
        configuration.editURL = try string("editURL")
        configuration.repository = try string("repository")
        if let stylesheets = yaml["stylesheets"] {
            let paths = stylesheets.list?.compactMap(\.string) ?? []
            guard stylesheets.list?.count == paths.count else {
                throw SiteError(file: displayPath, line: yaml.line(of: "stylesheets"), "`stylesheets` must be a list of CSS files, as in `stylesheets: [/css/extra.css]`")
            }
            configuration.stylesheets = try Self.stylesheets(paths, file: displayPath, line: yaml.line(of: "stylesheets"))
        }
        switch yaml["permalinks"] {
        case nil, .null?: break
        case .map(let table)?:
            for (folder, pattern) in table.entries {
                guard let pattern = pattern.string, pattern.contains(":") || pattern.contains("/") else {
                    throw SiteError(file: displayPath, line: table.line(of: folder) ?? yaml.line(of: "permalinks"),
                                    "`permalinks` must give each folder a URL pattern, as in `permalinks: {posts: /:year/:month/:slug/}`")
                }
                if let reason = HugoPermalink.refusal(of: pattern) {
                    throw SiteError(file: displayPath, line: table.line(of: folder) ?? yaml.line(of: "permalinks"),
                                    "`permalinks` of \(folder.debugDescription): \(pattern.debugDescription) \(reason)")
                }
                configuration.permalinks[folder] = HugoPermalink(pattern: pattern)
            }
        default:
            throw SiteError(file: displayPath, line: yaml.line(of: "permalinks"), "`permalinks` must be a table of folders and URL patterns, as in `permalinks: {posts: /:year/:month/:slug/}`")
        }
        if let images = yaml["images"] {
            configuration.images = try ImageSettings.read(images, file: displayPath, line: yaml.line(of: "images"))
        }
        switch yaml["menus"] {
        case nil, .null?: break
        case .map(let table)?: configuration.menus = try MenuEntry.menus(in: table, file: displayPath, line: yaml.line(of: "menus"))
        default: throw SiteError(file: displayPath, line: yaml.line(of: "menus"), "`menus` must be a table of menus, as in `menus: {main: [{name: About, url: /about/}]}`")
        }
        switch yaml["redirects"] {
        case nil, .null?: break
        case .map(let table)?:
            configuration.redirects = try Redirect.read(table, file: displayPath, line: { yaml.line(of: "redirects") })
        default:
            throw SiteError(file: displayPath, line: yaml.line(of: "redirects"), "`redirects` must be a table of old paths and pages, as in `redirects: {/old.html: /new/}`")
        }
        configuration.params = FrontMatter(yaml.entries.filter { !knownKeys.contains($0.key) })
        for (key, value) in configuration.params.entries {
            if let known = KeySuggestion.closest(to: key, value: value, among: keys) {
                warnings.append(SiteError(file: displayPath, line: yaml.line(of: key), "unknown key `\(key)`; did you mean `\(known)`?"))
            }
        }
        return configuration
    }
}
