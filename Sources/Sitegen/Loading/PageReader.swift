import Foundation
import SitegenMarkdown

/// Turns a Markdown file's front matter into a ``Page``'s typed fields, one job of loading:
/// URL (`url`, `permalink`, `slug`, Docusaurus `id`, the file name and its date prefix),
/// dates (`date`, `publishDate`, `expiryDate`, `lastmod`), drafts, taxonomy terms (Zola's
/// `[taxonomies]` too), `aliases`, `weight`, `layout`/`template`, summary and description,
/// each key's problems reported at its line.
struct PageReader {
    let layout: SiteLayout
    let configuration: SiteConfiguration
    let options: BuildOptions

    /// The date keys a page reads, in the spellings Hugo accepts.
    static let dateKeys = ["date", "publishDate", "publishdate", "PublishDate", "expiryDate", "expirydate", "ExpiryDate",
                           "lastmod", "lastMod", "Lastmod", "updated"]

    /// The date keys of `frontMatter` whose values are not dates sitegen can read, with their values.
    static func unreadableDates(in frontMatter: FrontMatter) -> [(key: String, value: FrontMatterValue)] {
        dateKeys.compactMap { key in
            guard let value = frontMatter[key], value != .null, value.date == nil else { return nil }
            return (key, value)
        }
    }

    /// A Docusaurus doc's `id:` (`ExpectAPI.md` with `id: expect` is published at `…/expect/`):
    /// text that is one path component with a letter in it; other values are not URLs.
    static func documentID(_ frontMatter: FrontMatter) -> String? {
        guard case .string(let id)? = frontMatter["id"], !id.contains("/"), !id.contains("\\"), id != "..",
              id.contains(where: \.isLetter), !id.contains(where: \.isWhitespace) else { return nil }
        return id
    }

    /// The page of the Markdown file at `path`, or `nil` for a draft or future page left out.
    /// `place`: the file's language and site path (by default, those of a site in one language).
    func page(path: String, text: PageText, bundleFolders: Set<String>,
              place: LanguagePlacement.Place? = nil) throws(SiteError) -> Page? {
        let place = place ?? LanguagePlacement.Place(language: configuration.language, sitePath: path, sharedPath: path)
        // A Jekyll site's `defaults:` give the keys a file does not set (`layout`, `image`…), and a layout is implied.
        let frontMatter = configuration.jekyllPermalinks.map { rules in
            JekyllPermalink.frontMatter(text.frontMatter, of: place.sitePath, isMarkdown: JekyllFolders.isMarkdown(path), rules: rules)
        } ?? text.frontMatter
        let display = layout.display(contentPath: path)
        /// An error about the value of `key`, at the key's line.
        func problem(_ key: String, _ message: String) -> SiteError {
            SiteError(file: display, line: frontMatter.line(of: key) ?? 2, message)
        }
        func string(_ key: String) throws(SiteError) -> String? {
            guard let value = frontMatter[key], value != .null else { return nil }
            switch value {
            case .string(let string): return string
            case .int(let int): return String(int)
            case .double(let double): return String(double)
            default: throw problem(key, "`\(key)` must be text")
            }
        }
        /// A date that cannot be read is none (``unreadableDates(in:)`` says so): never a failed build.
        func date(_ key: String) -> Date? {
            frontMatter[key]?.date
        }
        func bool(_ key: String) throws(SiteError) -> Bool? {
            switch frontMatter[key] {
            case nil, .null?: return nil
            case .bool(let value)?: return value
            default: throw problem(key, "`\(key)` must be true or false")
            }
        }
        /// The first of `keys` that the front matter gives (Hugo reads its keys in any case).
        func given(_ keys: String...) -> String {
            keys.first { frontMatter[$0] != nil && frontMatter[$0] != .null } ?? keys[0]
        }
        /// The URL `sitegen.yml`'s `permalinks` pattern for the page's top folder gives, if it has one.
        func permalink(slug: String?, date: Date?, isBundle: Bool, stem: String) throws(SiteError) -> String? {
            guard !configuration.permalinks.isEmpty else { return nil }
            let file = URLPath.folder(of: place.sharedPath)
            let sections = (isBundle ? URLPath.folder(of: file) : file).split(separator: "/").map(String.init)
            guard let pattern = configuration.permalinks[sections.first ?? "/"] else { return nil }
            let facts = HugoPermalink.Facts(date: date, sections: sections, title: try string("title") ?? FileName.words(stem),
                                            slug: slug, contentBaseName: stem)
            let path = pattern.path(for: facts, lowercased: true)
            guard !path.isEmpty else { return nil }
            let languagePath = configuration.publishedLanguages.first { $0.code == place.language }?.path ?? ""
            return HugoURLRules.url(URLPath.path(path, in: languagePath), ugly: configuration.uglyURLs)
        }
        // Jekyll's `published: false` is a draft.
        let draft = try bool("draft"), published = try bool("published")
        let isDraft = draft == true || published == false
        // URLs and sections follow the site path: `posts/hello.fr.md` is `fr/posts/hello.md`.
        let name = URLPath.lastComponent(of: place.sitePath)
        let folder = URLPath.folder(of: place.sitePath)
        let isBundle = name == "index.md" || name == "index.markdown"
        let stem = isBundle ? URLPath.lastComponent(of: folder) : String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
        let (prefixDate, stemWithoutDate) = FileName.splitDatePrefix(stem)
        // Hugo's `publishDate` is the date of a page without one, and hides the page until then.
        let publishDate = date(given("publishDate", "publishdate", "PublishDate"))
        let pageDate = date("date") ?? publishDate ?? prefixDate
        let expiryDate = date(given("expiryDate", "expirydate", "ExpiryDate"))
        if isDraft && !options.includeDrafts { return nil }
        if !options.includeFuture, var firstDay = [pageDate, publishDate].compactMap({ $0 }).max() {
            // In a Jekyll site with `timezone:`, a day starts at its midnight there.
            if let zone = configuration.jekyllPermalinks?.timeZone, JekyllPermalink.isDay(firstDay) {
                firstDay.addTimeInterval(-Double(zone.secondsFromGMT(for: firstDay)))
            }
            if firstDay > options.now { return nil }
        }
        // Past Hugo's `expiryDate` a page is no longer published.
        if !options.includeExpired, let expiryDate, expiryDate <= options.now { return nil }
        // Eleventy's `permalink: false`: the page is not written.
        if frontMatter["url"] == nil, frontMatter["permalink"] == .bool(false) { return nil }

        let url: String
        // Zola's `path`: the page's path from its language's root, with or without the first `/`.
        let urlKey = frontMatter["url"] != nil ? "url" : Self.permalinkPath(frontMatter["permalink"]) != nil ? "permalink"
            : configuration.readsZolaPaths && frontMatter["path"] != nil && frontMatter["path"] != .null ? "path" : "url"
        if let given = try string(urlKey) {
            // Jekyll's and Eleventy's permalinks are paths from the site's root, with or without the first `/`.
            var explicit = urlKey != "url" && !given.hasPrefix("/") ? "/" + given : given
            if urlKey == "path", let language = configuration.publishedLanguages.first(where: { $0.code == place.language }),
               !language.path.isEmpty {
                explicit = "/" + language.path + explicit
            }
            guard let checked = URLPath.explicitURL(explicit) else {
                let reason = URLPath.refusal(ofExplicitURL: explicit) ?? "is not a path inside the site"
                throw problem(urlKey, "`\(urlKey): \(given.debugDescription)` \(reason); use a path like /about/")
            }
            url = checked
        } else if let jekyll = try JekyllPermalink.url(of: place.sitePath, frontMatter: frontMatter, date: pageDate,
                                                         rules: configuration.jekyllPermalinks, now: options.now, file: display) {
            url = jekyll
        } else if let hugoURL = configuration.hugo?.pageURL(sitePath: place.sitePath, language: place.language, isBundle: isBundle,
                                                            frontMatter: frontMatter, date: pageDate, in: configuration) {
            url = hugoURL
        } else {
            let slug = try string("slug")
            if let slug, slug.contains("/") || slug == ".." || slug == "." || slug.isEmpty {
                throw problem("slug", "`slug: \(slug)` must be one path component, such as my-post")
            }
            let parent = isBundle ? URLPath.folder(of: folder) : folder
            let documentID = slug == nil ? Self.documentID(frontMatter) : nil
            // mdBook and MkDocs keep names as written (``SiteConfiguration/keepFileNames``), dates too.
            let keepsName = configuration.keepFileNames && slug == nil && documentID == nil
            let last = keepsName ? URLPath.encoded(stem) : URLPath.component(slug ?? documentID ?? stemWithoutDate)
            if let documentID, parent.isEmpty, URLPath.isReserved(documentID) {
                throw problem("id", "`id: \(documentID)` is reserved for sitegen's own files (.sitegen-manifest, .sitegen-staging-…); choose another")
            }
            if let slug, parent.isEmpty, URLPath.isReserved(URLPath.decoded(last)) {
                throw problem("slug", "`slug: \(slug)` is reserved for sitegen's own files (.sitegen-manifest, .sitegen-staging-…); choose another")
            }
            // With `uglyURLs`, `/a/page.html`; a bundle's `index.md` is its folder's `index.html` either way.
            url = try permalink(slug: slug, date: pageDate, isBundle: isBundle, stem: stemWithoutDate)
                ?? URLPath.folderURL(parent, keepingNames: configuration.keepFileNames) + last
                + (configuration.uglyURLs && !isBundle ? ".html" : "/")
        }
        var sectionPath = isBundle ? URLPath.folder(of: folder) : folder
        while !sectionPath.isEmpty && bundleFolders.contains(sectionPath) { sectionPath = URLPath.folder(of: sectionPath) }
        var terms: [String: [String]] = [:]
        // Jekyll reads a text of terms as words (`tags: growth team web`), others as a comma-separated list.
        let termsAreWords = configuration.jekyllPermalinks != nil
        /// The terms of a list (or a text) `value` of `key`.
        func termList(_ value: FrontMatterValue?, key: String) throws(SiteError) -> [String]? {
            switch value {
            case nil, .null?: return nil
            case .list(let values)?: return values.compactMap { $0.string ?? $0.int.map(String.init) }
            case .string(let value)? where termsAreWords: return JekyllPermalink.words(value)
            case .string(let value)?: return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            default: throw problem(key, "`\(key)` must be a list, such as [swift, web]")
            }
        }
        for taxonomy in Set(configuration.taxonomies + ["tags", "categories"]) {
            terms[taxonomy] = try termList(frontMatter[taxonomy], key: taxonomy)
        }
        // Zola's `[taxonomies]` table: each key a taxonomy, with its terms.
        switch frontMatter["taxonomies"] {
        case nil, .null?: break
        case .map(let table)?:
            for (taxonomy, value) in table.entries where Self.isTaxonomyName(taxonomy) {
                guard let list = try termList(value, key: "taxonomies") else { continue }
                terms[taxonomy, default: []] += list.filter { !(terms[taxonomy] ?? []).contains($0) }
            }
        default: throw problem("taxonomies", "`taxonomies` must be a table of lists, such as tags = [\"swift\"]")
        }
        let aliases = try Self.aliases(in: frontMatter, of: url, file: display)
        let weight = try WholeNumber.read("weight", in: frontMatter, range: WholeNumber.weight, file: display, example: 10) ?? 0
        // Zola names its template `theme.html`; ours are `theme.mustache`.
        let template = try string("template").map { $0.hasSuffix(".html") ? String($0.dropLast(5)) : $0 }
        let layout = try string("layout") ?? template
        // Hugo's `summary` and Jekyll's `excerpt` stand for the summary, and the description.
        let excerpt = try string("excerpt")
        let summary = try string("summary") ?? excerpt
        let lastmod = date(given("lastmod", "lastMod", "Lastmod"))
        // A Jekyll site's pages are titled as Jekyll titles its documents without a title.
        let fileTitle = configuration.jekyllPermalinks != nil ? JekyllSlug.title(ofSlug: stemWithoutDate) : FileName.words(stemWithoutDate)
        return Page(sourcePath: path, language: place.language, sitePath: place.sitePath,
                    translationKey: try string("translationKey") ?? place.sharedPath, url: url, sectionPath: sectionPath,
                    isBundle: isBundle, frontMatter: frontMatter,
                    explicitTitle: try string("title"), fileTitle: fileTitle, date: pageDate,
                    updated: date("updated") ?? lastmod, isDraft: isDraft,
                    weight: weight, layout: layout, terms: terms, aliases: aliases,
                    description: try string("description") ?? summary, summary: summary,
                    linkTitle: try string(given("linkTitle", "linktitle", "LinkTitle")), text: text)
    }

    /// A taxonomy name that can be a URL path component.
    static func isTaxonomyName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }

    /// The path a Jekyll or Eleventy `permalink` gives, or `nil` when it is none: `false`, or a
    /// template of theirs (`/:categories/:title/`, `/{{ title | slugify }}/`).
    static func permalinkPath(_ value: FrontMatterValue?) -> String? {
        guard let text = value?.string else { return nil }
        if text.contains("{{") || text.contains("{%") { return nil }
        let placeholder = text.split(separator: "/").contains { $0.hasPrefix(":") }
        return placeholder ? nil : text
    }

    /// The `aliases` of the page or list page at `url`, as URL paths. A relative alias is
    /// resolved as Hugo resolves it, from the folder the URL is in: `../changelog` of
    /// `/project/about/changelog/` is `/project/changelog/`, `site` of `/project/` is `/site/`.
    static func aliases(in frontMatter: FrontMatter, of url: String, file: String?) throws(SiteError) -> [String] {
        func problem(_ message: String) -> SiteError {
            SiteError(file: file, line: frontMatter.line(of: "aliases") ?? 2, message)
        }
        var aliases: [String] = []
        switch frontMatter["aliases"] {
        case nil, .null?: break
        case .list(let values)?:
            // Still percent-encoded: the alias is decoded once, with it.
            let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
            let base = URLPath.folder(of: trimmed)
            for value in values {
                guard let written = value.string else { throw problem("`aliases` must be URL paths, such as [/old/url/]") }
                let alias = written.hasPrefix("/") || written.contains("://") ? written : base + "/" + written
                guard let resolved = URLPath.explicitURL(alias) else {
                    let reason = URLPath.refusal(ofExplicitURL: alias) ?? "is not a path inside the site"
                    let shown = alias == written ? "" : " (relative to \(url))"
                    throw problem("`aliases`: \(written.debugDescription)\(shown) \(reason); use a path like /old/url/")
                }
                // A redirect is an HTML page: `docsy-0.7` is a folder's, not a file named so (as Hugo writes it).
                let isPage = resolved.hasSuffix("/") || resolved.hasSuffix(".html") || resolved.hasSuffix(".htm")
                aliases.append(isPage ? resolved : resolved + "/")
            }
        default: throw problem("`aliases` must be a list, such as [/old/url/]")
        }
        return aliases
    }

    /// A file or folder name in words (``FileName/words(_:)``), by the name list pages call it.
    static func words(_ name: String) -> String {
        FileName.words(name)
    }
}
