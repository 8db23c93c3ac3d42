import Foundation
import SitegenMarkdown
import SitegenLimits

/// MkDocs' configuration (`mkdocs.yml`), as sitegen reads it: the site is built with the docs
/// theme, its pages at the URLs MkDocs gives them, its `nav` as the navigation.
///
/// | MkDocs | sitegen |
/// |---|---|
/// | `site_name`, `site_description`, `site_author` | `title`, `description`, `author` |
/// | `site_url` | `baseURL` |
/// | `docs_dir` | the content folder (``ForeignContentFolder``) |
/// | `use_directory_urls` (default `true`) | `uglyURLs` when `false`; `keepFileNames: true` |
/// | `repo_url` | `repository` |
/// | `repo_url` + `edit_uri` (default `edit/master/docs/` on GitHub) | `editURL` |
/// | `nav` | the navigation (order, nesting, titles); its top-level entries are the `main` menu, as Material's tabs; the title of a page without a `# heading` (whose first lower heading stays in its text) |
/// | `theme.language` | `language` |
/// | `extra` | `params` |
/// | (always) | admonitions (`!!! note "Title"`, `??? tip`) as callouts |
/// | (always) | heading ids as Python-Markdown's `toc` makes them (`Set up & run` → `set-up-run`, then `set-up-run_1`) |
/// | `markdown_extensions` naming `smarty` | curly quotes, dashes and ellipses in the text |
/// | `extra_css` | `stylesheets` (paths from `docs_dir`, published with the content) |
/// | `theme.custom_dir` | inside `docs_dir`: its `.html` templates are not published (its other files are) |
enum MkDocsConfiguration {
    /// The configuration of the site in `root`.
    ///
    /// - Throws: ``SiteError`` at the key's line for a value of the wrong kind, or a `docs_dir`
    ///   that is not a folder inside the site's folder.
    static func read(_ values: inout ForeignConfigurationValues, defaultTitle: String, root: String,
                     in source: any SiteSource) throws(SiteError) -> SiteConfiguration {
        var configuration = SiteConfiguration(title: try values.text("site_name") ?? defaultTitle, theme: "docs")
        configuration.description = try values.text("site_description") ?? ""
        configuration.author = try values.text("site_author")
        if let url = try values.text("site_url"), !url.isEmpty {
            try values.checkBaseURL(url, from: "site_url")
            configuration.baseURL = url.hasSuffix("/") ? url : url + "/"
        }
        let docs = try values.text("docs_dir") ?? "docs"
        guard let docsFolder = ForeignContentFolder.inside(docs) else {
            throw values.problem("docs_dir", "(\(docs)) must be a folder inside the site's folder, such as docs")
        }
        guard ForeignContentFolder.isFolder(docsFolder, in: root, of: source) else {
            throw SiteError(file: values.file, line: values.values.line(of: "docs_dir"),
                            "the pages' folder \(docsFolder)/ (`docs_dir`) is not there; create it, or set `docs_dir`")
        }
        switch values.value("use_directory_urls") {
        case nil, .bool(true)?: break
        case .bool(false)?: configuration.uglyURLs = true
        default: throw values.problem("use_directory_urls", "must be true or false")
        }
        configuration.keepFileNames = true
        configuration.readsAdmonitions = true
        configuration.pythonMarkdownHeadingIDs = true
        configuration.navigationTitles = [:]
        // Python-Markdown's `smarty`, named alone or with its settings.
        configuration.smartPunctuation = values.values["markdown_extensions"]?.list?.contains {
            $0.string == "smarty" || $0.map?["smarty"] != nil
        } ?? false
        // Python-Markdown links no bare URL; PyMdown's `magiclink` does.
        configuration.linksBareURLs = values.values["markdown_extensions"]?.list?.contains {
            $0.string == "pymdownx.magiclink" || $0.map?["pymdownx.magiclink"] != nil
        } ?? false
        if let repository = try values.text("repo_url"), !repository.isEmpty {
            configuration.repository = repository
            let base = repository.hasSuffix("/") ? repository : repository + "/"
            let isGitHub = repository.contains("://github.com/")
            switch values.value("edit_uri") {
            case .string(let edit)? where !edit.isEmpty:
                configuration.editURL = (edit.contains("://") ? "" : base) + (edit.hasSuffix("/") ? edit : edit + "/") + "{path}"
            case nil where isGitHub: configuration.editURL = base + "edit/master/" + docsFolder + "/{path}"
            case nil, .string?: break
            default: throw values.problem("edit_uri", "must be text, such as edit/main/docs/ (empty for no edit links)")
            }
        }
        if let theme = values.value("theme")?.map {
            if let language = theme["language"]?.string?.replacingOccurrences(of: "_", with: "-"), SiteLanguage.isCode(language) {
                configuration.language = language
            }
            // The theme's own templates, when they sit among the pages: sitegen draws the site
            // with its theme, and a Jinja template is no page to publish.
            if let custom = theme["custom_dir"]?.string.flatMap(ForeignContentFolder.inside), custom.hasPrefix(docsFolder + "/") {
                configuration.themeTemplateFolder = String(custom.dropFirst(docsFolder.count + 1))
            }
        }
        if let nav = values.value("nav") {
            guard let list = nav.list else { throw values.problem("nav", "must be a list of pages and sections") }
            let count = Self.count(list)
            guard count <= Limits.menuEntries else {
                throw values.problem("nav", "has \(LimitWording.count(count)) entries; it may have at most \(LimitWording.count(Limits.menuEntries)), "
                                     + "as every page shows them (Limits: menu entries)")
            }
            let navigation = BookSummary(sourcePath: "", entries: entries(list, line: values.values.line(of: "nav") ?? 1, depth: 1))
            configuration.navigation = navigation
            configuration.navigationTitles = navigation.chapters.reduce(into: [:]) { titles, entry in
                if let path = entry.path, titles[path] == nil { titles[path] = entry.title }
            }
            configuration.menus["main"] = tabs(navigation.entries, file: values.file, line: values.values.line(of: "nav"))
        }
        configuration.params = try values.table("extra") ?? .empty
        if let css = values.value("extra_css") {
            guard let list = css.list, list.allSatisfy({ $0.string != nil }) else {
                throw values.problem("extra_css", "must be a list of CSS files, such as [css/extra.css]")
            }
            configuration.stylesheets = try SiteConfiguration.stylesheets(list.compactMap(\.string), file: values.file,
                                                                          line: values.values.line(of: "extra_css"))
        }
        return configuration
    }

    /// How many entries a `nav` list holds, nested ones counted (as far as they nest).
    private static func count(_ list: [FrontMatterValue], depth: Int = 1) -> Int {
        guard depth <= BookSummary.maximumDepth else { return 0 }
        return list.reduce(0) { total, item in
            guard case .map(let table) = item, case .list(let children)? = table.entries.first?.value else { return total + 1 }
            return total + 1 + count(children, depth: depth + 1)
        }
    }

    /// The header menu of a `nav`, as Material for MkDocs draws its navigation tabs: each
    /// top-level entry, a section leading to its first page.
    private static func tabs(_ entries: [BookSummary.Entry], file: String, line: Int?) -> [MenuEntry] {
        func firstPage(_ entry: BookSummary.Entry) -> String? {
            if let path = entry.path, !path.isEmpty { return path }
            return entry.children.lazy.compactMap(firstPage).first
        }
        return entries.enumerated().compactMap { index, entry in
            if entry.path == "" { return entry.target.contains("://") ? MenuEntry(name: entry.title, url: entry.target, weight: index + 1) : nil }
            return firstPage(entry).map { MenuEntry(name: entry.title, url: "", pageRef: $0, weight: index + 1, file: file, line: line) }
        }
    }

    /// The navigation entries of a `nav` list: `page.md`, `Title: page.md`, `Title: https://…`,
    /// `Section: [ … ]`. Sections nest as deep as a `SUMMARY.md`'s chapters
    /// (``BookSummary/maximumDepth``); deeper ones are left out.
    private static func entries(_ list: [FrontMatterValue], line: Int, depth: Int) -> [BookSummary.Entry] {
        guard depth <= BookSummary.maximumDepth else { return [] }
        return list.compactMap { item -> BookSummary.Entry? in
            switch item {
            case .string(let target):
                return entry(title: nil, target: target, line: line)
            case .map(let table):
                guard let (title, value) = table.entries.first else { return nil }
                switch value {
                case .string(let target): return entry(title: title, target: target, line: line)
                case .list(let children):
                    var section = BookSummary.Entry(title: title, path: nil, line: line)
                    section.children = entries(children, line: line, depth: depth + 1)
                    return section
                default: return nil
                }
            default:
                return nil
            }
        }
    }

    private static func entry(title: String?, target: String, line: Int) -> BookSummary.Entry {
        let isAddress = target.contains("://")
        let path = isAddress ? "" : URLPath.normalize(target) ?? ""
        let name = URLPath.lastComponent(of: path)
        let shown = title ?? FileName.words(String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]))
        var entry = BookSummary.Entry(title: shown, path: path, line: line)
        entry.target = target
        return entry
    }
}
