import Foundation
import SitegenMarkdown

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

    /// Reads the keys of the rules from a Hugo configuration.
    ///
    /// - Throws: ``SiteError`` at the key's line when `permalinks` or `uglyURLs` is not of a kind Hugo takes.
    static func read(_ values: inout ForeignConfigurationValues) throws(SiteError) -> HugoURLRules {
        var rules = HugoURLRules()
        if let permalinks = try values.table("permalinks") {
            for (key, value) in permalinks.entries {
                switch (key.lowercased(), value) {
                case (_, .string(let pattern)):
                    rules.pagePermalinks[key.lowercased()] = HugoPermalink(pattern: pattern)
                case ("page", .map(let table)), ("section", .map(let table)), ("taxonomy", .map(let table)), ("term", .map(let table)):
                    var patterns: [String: HugoPermalink] = [:]
                    for (name, pattern) in table.entries {
                        guard let pattern = pattern.string else {
                            throw values.problem("permalinks", "(\(key).\(name)) must be a URL pattern, such as '/:section/:slug/'")
                        }
                        patterns[name.lowercased()] = HugoPermalink(pattern: pattern)
                    }
                    switch key.lowercased() {
                    case "page": rules.pagePermalinks.merge(patterns) { _, new in new }
                    case "section": rules.sectionPermalinks = patterns
                    case "taxonomy": rules.taxonomyPermalinks = patterns
                    default: rules.termPermalinks = patterns
                    }
                default:
                    throw values.problem("permalinks", "(\(key)) must be a URL pattern, such as '/:section/:slug/', or a table by section")
                }
            }
        }
        switch values.value("uglyURLs") {
        case nil: break
        case .bool(let flag)?: rules.uglyURLs = flag
        case .map(let table)?:
            for (section, flag) in table.entries { rules.uglyURLSections[section.lowercased()] = flag.bool ?? false }
        default: throw values.problem("uglyURLs", "must be true or false, or a table of them by section")
        }
        if values.value("disablePathToLower") == .bool(true) { rules.lowercasesPaths = false }
        if let frontMatter = values.nested("frontmatter", in: values.values)?.map {
            let dateKeys = ["date", "publishDate", "lastmod"].compactMap { values.nested($0, in: frontMatter)?.list }.joined()
            if dateKeys.contains(where: { $0.string?.lowercased() == ":filename" }) { rules.keepsDatePrefix = false }
            _ = values.value("frontmatter")
        }
        if let params = values.nested("params", in: values.values)?.map,
           let main = values.nested("mainSections", in: params)?.list {
            rules.mainSections = main.compactMap(\.string)
        }
        if let languages = values.nested("languages", in: values.values)?.map {
            for (code, value) in languages.entries {
                guard let table = value.map, let given = values.nested("contentDir", in: table)?.string else { continue }
                guard let folder = HugoContentFolders.folder(given) else {
                    throw SiteError(file: values.file, line: table.line(of: "contentDir") ?? values.values.line(of: "languages"),
                                    "`languages.\(code).contentDir` (\(given)) must be a folder inside the site's folder, such as content.\(code)")
                }
                rules.contentFolders[folder] = code
            }
        }
        if let given = values.value("contentDir")?.string, HugoContentFolders.folder(given) == nil {
            throw values.problem("contentDir", "(\(given)) must be a folder inside the site's folder, such as content")
        }
        return rules
    }

    // MARK: Pages

    /// The URL (percent-encoded) of the page at `place`, when these rules place it otherwise
    /// than sitegen would: by a permalink pattern of its top section, as an ugly URL, or keeping
    /// the case of its path; `nil` to keep sitegen's URL.
    func pageURL(place: LanguagePlacement.Place, isBundle: Bool, frontMatter: FrontMatter, date: Date?,
                 in configuration: SiteConfiguration) -> String? {
        let languagePath = configuration.publishedLanguages.first { $0.code == place.language }?.path ?? ""
        let below = languagePath.isEmpty ? place.sitePath : String(place.sitePath.dropFirst(languagePath.count + 1))
        let folder = URLPath.folder(of: below)
        let name = URLPath.lastComponent(of: below)
        let baseName = isBundle ? URLPath.lastComponent(of: folder) : String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
        let parent = isBundle ? URLPath.folder(of: folder) : folder
        let sections = parent.split(separator: "/").map(String.init)
        let top = sections.first?.lowercased() ?? "/"
        let slug = frontMatter["slug"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let ugly = uglyURLSections[top] ?? uglyURLs
        if let pattern = pagePermalinks[top] {
            let facts = HugoPermalink.Facts(date: date, sections: sections, title: frontMatter["title"]?.string ?? baseName,
                                            slug: slug, contentBaseName: baseName)
            let path = pattern.path(for: facts, lowercased: lowercasesPaths)
            guard !path.isEmpty else { return nil }
            return Self.url(URLPath.path(path, in: languagePath), ugly: ugly)
        }
        let datedName = keepsDatePrefix && slug == nil && PageReader.splitDatePrefix(baseName).0 != nil
        let named = renamed(sections, in: languagePath)
        // sitegen's own URL is Hugo's unless a name slugs otherwise (`Notes & Thoughts`), a section has a
        // slug, or the name keeps its case or a date.
        let differs = named != sections || (sections + [slug ?? baseName]).contains { component($0) != Slug.make($0) }
        guard ugly || datedName || differs || (!lowercasesPaths && parent.contains(where: \.isUppercase) || baseName.contains(where: \.isUppercase))
        else { return nil }
        let components = (languagePath.isEmpty ? [] : [languagePath]) + named + [slug ?? baseName]
        return Self.url(components.map(component).joined(separator: "/"), ugly: ugly)
    }

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

    /// The sections after these rules: section permalinks applied; the folders of taxonomies and
    /// terms (`content/tags/_index.md`, `content/tags/swift/_index.md`, the text of those list
    /// pages in Hugo) taken out, returned by site path; the default language's `/en/` kept as a
    /// redirect to the home page, as Hugo writes it.
    func settle(_ sections: inout [String: Section], configuration: SiteConfiguration) -> [String: Section] {
        let roots = Dictionary(configuration.publishedLanguages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let taxonomies = Set(configuration.taxonomies.map { $0.lowercased() })
        var taken: [String: Section] = [:]
        for section in sections.values.sorted(by: { $0.path.count > $1.path.count }) {
            let parts = section.path.split(separator: "/").map(String.init)
            let below = roots[parts.first ?? ""].map { $0.path.isEmpty ? parts : Array(parts.dropFirst()) } ?? parts
            guard let first = below.first, taxonomies.contains(first.lowercased()), below.count <= 2,
                  section.pageIndices.isEmpty, section.subsectionPaths.allSatisfy({ taken[$0] != nil }) else { continue }
            taken[section.path] = section
            sections[section.path] = nil
            let parent = URLPath.folder(of: section.path)
            sections[parent]?.subsectionPaths.removeAll { $0 == section.path }
        }
        // A section's slug names its folder in its own URL and in those of the sections below it.
        if !sectionSlugs.isEmpty {
            for (path, section) in sections where !path.isEmpty {
                let parts = path.split(separator: "/").map(String.init)
                let root = roots[parts.first ?? ""]
                let below = root.map { $0.path.isEmpty ? parts : Array(parts.dropFirst()) } ?? parts
                let named = renamed(below, in: root?.path ?? "")
                guard named != below, !named.isEmpty else { continue }
                sections[path] = section.moved(to: Self.url(URLPath.path(named.map(component).joined(separator: "/"), in: root?.path ?? ""),
                                                            ugly: false))
            }
        }
        if !sectionPermalinks.isEmpty {
            for (path, section) in sections {
                let parts = path.split(separator: "/").map(String.init)
                let root = roots[parts.first ?? ""]
                let below = root.map { $0.path.isEmpty ? parts : Array(parts.dropFirst()) } ?? parts
                guard let top = below.first, let pattern = sectionPermalinks[top.lowercased()] else { continue }
                let facts = HugoPermalink.Facts(date: nil, sections: below, title: section.title,
                                                slug: section.source.frontMatter["slug"]?.string, contentBaseName: below.last ?? top)
                let decoded = pattern.path(for: facts, lowercased: lowercasesPaths)
                guard !decoded.isEmpty else { continue }
                sections[path] = section.moved(to: Self.url(URLPath.path(decoded, in: root?.path ?? ""), ugly: false))
            }
        }
        if configuration.isMultilingual, !configuration.redirectsRoot {
            let alias = "/" + URLPath.component(configuration.language) + "/"
            if sections[configuration.language] == nil, sections[""]?.aliases.contains(alias) == false {
                sections[""]?.aliases.append(alias)
            }
        }
        return taken
    }

    // MARK: Home

    /// The top sections whose pages the home page lists: ``mainSections``, else the top section
    /// (of the default language) with most pages.
    func homeSections(_ sections: [String: Section], configuration: SiteConfiguration) -> Set<String> {
        if !mainSections.isEmpty { return Set(mainSections.map { $0.lowercased() }) }
        let defaultPath = configuration.defaultLanguage.path
        var counts: [String: Int] = [:]
        for section in sections.values {
            var parts = section.path.split(separator: "/").map(String.init)
            if !defaultPath.isEmpty {
                guard parts.first == defaultPath else { continue }
                parts.removeFirst()
            } else if let first = parts.first, configuration.languages.contains(where: { $0.path == first }) {
                continue
            }
            guard let top = parts.first else { continue }
            counts[top.lowercased(), default: 0] += section.pageIndices.count
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { [$0.key] } ?? []
    }
}

private extension Section {
    /// The same section at another URL.
    func moved(to url: String) -> Section {
        var moved = Section(path: path, url: url, title: title, weight: weight, paginate: paginate, sort: sort,
                            sourcePath: sourcePath, source: source)
        moved.aliases = aliases
        moved.language = language
        moved.translationKey = translationKey
        moved.pageIndices = pageIndices
        moved.subsectionPaths = subsectionPaths
        return moved
    }
}
