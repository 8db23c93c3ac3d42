import SitegenLimits
import SitegenMarkdown

/// Rewrites links between content files to the URLs they are published at, in every form
/// other generators' content writes them, as `.links` and `.images` modifiers (the core uses
/// its own pipeline):
///
/// - relative: `[next](0300-continuation.md#design)` → `/0300-continuation/#design`,
///   `![](cat.png)` → `/posts/cat.png`, `[spec](../specification)` → the folder's page; a
///   Markdown file not found from the file's folder is looked for as from a root (Eleventy);
/// - from the content folder, then the site folder (GitHub docs): `/proposals/0414-x.md`;
/// - mdBook's `.html` names of Markdown files: `ch03-05-control-flow.html`;
/// - Zola's `@/blog/post.md#intro`;
/// - a page's URL written as Docusaurus does, without the trailing slash: `/docs/expect#x`, or
///   relative to the file's folder: `configuration#bail`;
/// - a page's URL written from a folder above the linking file's, the site's own root when
///   that is below the folder given to sitegen (`/docs/filters/` for `/src/docs/filters/`);
/// - any of these as `href` or `src` in raw HTML: `<a href="/docs/pitfalls/">`;
/// - Hugo's `{{< ref "x.md" >}}` and `relref`, expanded before parsing (``expandingReferences(in:sourcePath:displayPath:)``).
///
/// A file path in a root-relative, Zola or Hugo link is looked up in the content folder, then
/// the site folder, then each folder above the linking file (shallowest first), so that a
/// Zola or Hugo site kept below the folder given to sitegen (`docs/content/`) resolves too.
/// A link to a Markdown file that is not published becomes a warning.
struct LinkResolver: Sendable {
    /// Content path of every page, section index, bundle and section folder and published
    /// file → its URL path.
    let targets: [String: String]
    /// Prefix of every URL: the path of `baseURL` (`/blog` for `https://example.org/blog/`).
    let basePath: String
    /// The content folder's path in the site folder: `content`, or empty when they are one.
    let contentFolder: String
    /// Each page's URL path without its slashes, decoded (`docs/expect`) → its URL.
    private let pageURLs: [String: String]
    /// The headings of content files, for Zola links whose fragment is Zola's slug.
    private let headings: TargetHeadings?
    private(set) var warnings: WarningLog
    /// Where the content paths looked up are noted, for a live build.
    private var lookups: LinkLookups?
    /// In a site with `languages:`, where each content file is in each language.
    var languages: Languages?
    /// The language of the page whose links are rewritten.
    private var language: String?

    /// The languages of a site's content: a link to a file of the default language leads to the
    /// file's translation in the linking page's language, else to the file; a link that leads to
    /// a page of a third language (or from the default language to another) is a warning.
    struct Languages: Sendable {
        /// Content path → language code → URL of the file's translation in that language.
        let translations: [String: [String: String]]
        /// Content path → the file's language.
        let languageOfFile: [String: String]
        /// Content path → the folder of the file's site path (`blog` for `en/blog/a.md`), which
        /// URLs written relative to the page's folder start from.
        let siteFolderOfFile: [String: String]
        /// URL path of a page or section → its language.
        let languageOfURL: [String: String]
        let defaultLanguage: String
    }

    /// `aliases`: each alias URL of a page or section → the URL it redirects to, so that a root-relative
    /// link written to an alias (`/blog/2023/docsy-0.7/`) from a folder above the content root lands.
    init(targets: [String: String], basePath: String, contentFolder: String = "", headings: TargetHeadings? = nil,
         aliases: [String: String] = [:], warnings: WarningLog) {
        self.targets = targets
        self.basePath = basePath
        self.contentFolder = contentFolder
        self.headings = headings
        self.warnings = warnings
        var pageURLs: [String: String] = [:]
        for url in targets.values where url.hasSuffix("/") && url.count > 1 {
            pageURLs[URLPath.decoded(String(url.dropFirst().dropLast()))] = url
        }
        for (alias, url) in aliases where alias.hasSuffix("/") && alias.count > 1 {
            let path = URLPath.decoded(String(alias.dropFirst().dropLast()))
            if pageURLs[path] == nil { pageURLs[path] = url }
        }
        self.pageURLs = pageURLs
    }

    /// The URL of the page (or alias) a link written from the root names by `path`, noted as looked up.
    private func pageAt(_ path: String) -> String? {
        lookups?.add(LinkLookups.urlKey(path))
        return pageURLs[path]
    }

    /// Notes that the page's parse used the text of the content file at `contentPath` (a
    /// `readfile` of it): the parse is made again when the file changes.
    func noteRead(_ contentPath: String) {
        lookups?.add(LinkLookups.readKey(contentPath))
    }

    /// This resolver, noting the paths it looks up in `lookups` and its warnings in `warnings`.
    func recording(into lookups: LinkLookups, warnings: WarningLog) -> LinkResolver {
        var copy = self
        copy.lookups = lookups
        copy.warnings = warnings
        return copy
    }

    /// The rewriter for one page, whose file is `sourcePath` (relative to the content folder),
    /// shown in warnings as `displayPath`: links and images written to content files get the
    /// URLs those are published at, and a link to a missing page becomes a warning.
    func rewriter(for sourcePath: String, displayPath: String) -> LinkRewriter {
        var resolver = self
        resolver.language = languages?.languageOfFile[sourcePath]
        return resolver.languageRewriter(for: sourcePath, displayPath: displayPath)
    }

    private func languageRewriter(for sourcePath: String, displayPath: String) -> LinkRewriter {
        let folder = URLPath.folder(of: sourcePath)
        let siteFolder = languages?.siteFolderOfFile[sourcePath]
        let pageURL = targets[sourcePath]
        let isIndex = ["index.md", "_index.md", "README.md", "index.markdown", "_index.markdown"].contains(URLPath.lastComponent(of: sourcePath))
        return LinkRewriter { input in
            // A raw attribute holding a character reference is left as written.
            if input.kind != .rawHTML || !input.url.utf8.contains(UInt8(ascii: "&")),
               let target = resolve(input.url, folder: folder, pageURL: pageURL, isIndex: isIndex, siteFolder: siteFolder) {
                if let languages, let language, let other = languages.language(ofLink: target, basePath: basePath),
                   other != language, other != languages.defaultLanguage || language == languages.defaultLanguage {
                    warnings.add(SiteError(file: displayPath, line: input.line, "link to a page in another language (`\(other)`; "
                                           + "this page is `\(language)`): \(input.url); link to the original file to get its "
                                           + "`\(language)` translation, or write the page's URL to link across on purpose"))
                }
                return target
            }
            if Self.namesMissingPage(input.url) {
                warnings.add(SiteError(file: displayPath, line: input.line, "link to a missing page: \(input.url)"))
            }
            return nil
        }
    }

    /// The published URL of a link to a content file, with its query and fragment; `nil` when
    /// the link is to another site, or names nothing published. `pageURL` is the linking
    /// page's own URL, when it is a page; `isIndex` says whether its file is its folder's
    /// page (`index.md`, `_index.md`, `README.md`); `siteFolder`, in a site with `languages:`,
    /// the folder of its site path, which a page's URL written relative to the file's folder starts from.
    func resolve(_ url: String, folder: String, pageURL: String? = nil, isIndex: Bool = false, siteFolder: String? = nil) -> String? {
        guard let first = url.utf8.first, first != UInt8(ascii: "#"), !Self.hasScheme(url) else { return nil }
        var path = Substring(url)
        var suffix = ""
        if let mark = url.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) {
            suffix = String(url[mark...])
            path = url[..<mark]
        }
        let decoded = URLPath.decoded(String(path))
        if decoded.hasPrefix("@/") {
            guard let (contentPath, target) = lookUp(fromRoots: String(decoded.dropFirst(2)), folder: folder) else { return nil }
            return basePath + target + zolaFragment(suffix, in: contentPath)
        }
        if first == UInt8(ascii: "/") {
            guard !url.hasPrefix("//") else { return nil }
            let inside = String(decoded.dropFirst())
            if Self.namesFile(inside), let found = lookUp(fromRoots: inside, folder: folder) { return basePath + found.url + suffix }
            return rootRelativePage(inside, folder: folder).map { basePath + $0 + suffix }
        }
        // What is left is relative: no scheme, not from the root, not a fragment alone.
        guard !path.isEmpty else { return nil }
        guard let resolved = URLPath.normalize(folder.isEmpty ? decoded : folder + "/" + decoded) else { return nil }
        if let (_, target) = lookUp(resolved) { return basePath + target + suffix }
        // Eleventy reads `docs/permalinks.md` from its input folder as well as from the file's.
        if Self.looksLikeMarkdown(decoded), let found = lookUp(fromRoots: decoded, folder: folder) { return basePath + found.url + suffix }
        // A page's URL relative to the file's folder (Docusaurus: `configuration#bail` beside
        // `cli.md`; Hugo: `lookandfeel/` in `shortcodes/index.md`, as if it were `shortcodes.md`),
        // unless the browser finds a page at the link as written.
        if let pageURL, let written = URLPath.normalize(URLPath.decoded(pageURL) + decoded), pageAt(written) != nil {
            return nil
        }
        let urlFolder = siteFolder ?? folder
        var folders = [urlFolder]
        if isIndex, !urlFolder.isEmpty { folders.append(URLPath.folder(of: urlFolder)) }
        for base in folders {
            if let relative = URLPath.normalize(base.isEmpty ? decoded : base + "/" + decoded), let page = pageAt(relative) {
                return basePath + page + suffix
            }
        }
        return nil
    }

    /// The content file and URL a file path names, tried as it is, then mdBook's `.html`
    /// name of a Markdown file (`x.html` → `x.md`, `index.html` → `README.md`).
    private func lookUp(_ contentPath: String, markdownOnly: Bool = false) -> (path: String, url: String)? {
        var candidates = [contentPath]
        if contentPath.hasSuffix(".html") {
            let stem = contentPath.dropLast(".html".count)
            candidates += [stem + ".md", stem + ".markdown"]
            if URLPath.lastComponent(of: contentPath) == "index.html" {
                let folder = URLPath.folder(of: contentPath)
                candidates.append(folder.isEmpty ? "README.md" : folder + "/README.md")
            }
        }
        for candidate in candidates where !markdownOnly || Self.looksLikeMarkdown(candidate) {
            lookups?.add(candidate)
            // A link to a file of the default language leads to its translation; one to another language's file means that file.
            if let language, let languages, (languages.languageOfFile[candidate] ?? languages.defaultLanguage) == languages.defaultLanguage,
               let url = languages.translations[candidate]?[language] {
                return (candidate, url)
            }
            if let url = targets[candidate] { return (candidate, url) }
        }
        return nil
    }

    /// A path written from a root: the content folder, the site folder, then each folder
    /// above the linking file's, shallowest first.
    private func lookUp(fromRoots path: String, folder: String, markdownOnly: Bool = false) -> (path: String, url: String)? {
        guard let path = URLPath.normalize(path), !path.isEmpty else { return nil }
        if let found = lookUp(path, markdownOnly: markdownOnly) { return found }
        if !contentFolder.isEmpty, path.hasPrefix(contentFolder + "/"),
           let found = lookUp(String(path.dropFirst(contentFolder.count + 1)), markdownOnly: markdownOnly) {
            return found
        }
        var above = ""
        for component in folder.split(separator: "/") {
            above += above.isEmpty ? String(component) : "/" + component
            if let found = lookUp(above + "/" + path, markdownOnly: markdownOnly) { return found }
        }
        return nil
    }

    /// The URL of the page a root-relative URL path names, when it needs rewriting: written
    /// without its trailing slash (Docusaurus: `/docs/expect`), or from a folder above the
    /// linking file's (`/docs/filters/` in `src/docs/config.md`, for `/src/docs/filters/`).
    /// `nil` when the path is right as written or names no page. A site published below a
    /// path of its host (`baseURL: https://example.org/docs/`) has the path put before a page's
    /// URL written from the root (`/guide/` → `/docs/guide/`, `/` → `/docs/`), as themes' link hooks do.
    /// A Docusaurus blog post's route, `/blog/2016/07/27/jest-14`, leads to the post whose file
    /// is `blog/2016-07-27-jest-14.md`, published at `/blog/jest-14/`.
    private func rootRelativePage(_ inside: String, folder: String) -> String? {
        let path = inside.utf8.last == UInt8(ascii: "/") ? String(Substring(inside.utf8.dropLast())) : inside
        if inside.isEmpty && !basePath.isEmpty { return "/" }
        guard !path.isEmpty, !HTMLScan.contains("//", in: path[...]) else { return nil }
        if let page = pageAt(path) { return inside.hasSuffix("/") && basePath.isEmpty ? nil : page }
        let undated = Self.withoutDateFolders(path)
        for candidate in [path, undated].compactMap({ $0 }) {
            if candidate != path, let page = pageAt(candidate) { return page }
            var above = ""
            for component in folder.split(separator: "/") {
                above += above.isEmpty ? String(component) : "/" + component
                if let page = pageAt(above + "/" + candidate) { return page }
            }
        }
        // Docusaurus keeps its blog beside the docs (`website/blog/` and `docs/`): the one post
        // whose URL ends with the route's.
        guard let undated else { return nil }
        lookups?.add(LinkLookups.scanKey)
        let matches = pageURLs.filter { $0.key.hasSuffix("/" + undated) }
        return matches.count == 1 ? matches.first?.value : nil
    }

    /// `blog/jest-14` for `blog/2016/07/27/jest-14` (year, month and day folders before the
    /// last component, as Docusaurus routes blog posts); `nil` for any other path.
    private static func withoutDateFolders(_ path: String) -> String? {
        let components = path.split(separator: "/")
        guard components.count >= 4 else { return nil }
        let date = components[(components.count - 4)..<(components.count - 1)]
        guard zip(date, [4, 2, 2]).allSatisfy({ $0.count == $1 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            return nil
        }
        return (components.dropLast(4) + [components[components.count - 1]]).joined(separator: "/")
    }

    /// A Zola link's `#fragment`, changed to the heading's id here when it is the Zola slug of
    /// a heading of the target (`#get-page` for a heading `get_page`, whose id is `get_page`).
    private func zolaFragment(_ suffix: String, in contentPath: String) -> String {
        guard suffix.hasPrefix("#"), let headings, let found = headings.headings(of: contentPath) else { return suffix }
        noteRead(contentPath)
        let fragment = String(suffix.dropFirst())
        guard !found.contains(where: { $0.id == fragment }) else { return suffix }
        let matches = found.filter { Self.zolaSlug($0.text) == fragment }
        return matches.count == 1 ? "#" + matches[0].id : suffix
    }

    /// A heading's anchor as Zola writes it by default: lowercased, every run of characters
    /// other than letters and digits one `-`, none at either end.
    static func zolaSlug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    /// Expands Hugo's `{{< ref "x.md#y" >}}` and `{{< relref … >}}` (also with `%`, quoted or
    /// not) to the URL of the page they name, wherever they are in the Markdown; a reference
    /// to nothing is left as it is, with a warning.
    ///
    /// - Throws: ``SiteError`` at the reference's line when the URLs make the text longer than
    ///   `Limits.expandedPageBytes` (a short reference may name a page of a long URL).
    func expandingReferences(in source: MarkdownSource, sourcePath: String, displayPath: String,
                             maximumBytes: Int = Limits.expandedPageBytes) throws(SiteError) -> MarkdownSource {
        let body = source.body
        guard HTMLScan.contains("{{", in: body), HTMLScan.contains("ref", in: body) else { return source }
        var output = ""
        var rest = body[...]
        var changed = false
        // The line of a reference, counted on from the one before: one pass over the text,
        // however many references it holds.
        var (line, counted) = (source.bodyLineOffset + 1, body.startIndex)
        func lineOf(_ index: Substring.Index) -> Int {
            line += body[counted..<index].utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            counted = index
            return line
        }
        while let open = HTMLScan.range(of: "{{", in: rest) {
            guard let (reference, end) = HugoReference.read(rest[open.lowerBound...]) else {
                output += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            output += rest[..<open.lowerBound]
            if let url = resolveReference(reference, folder: URLPath.folder(of: sourcePath)) {
                output += url
                changed = true
                if output.utf8.count > maximumBytes {
                    throw SiteError(file: displayPath, line: lineOf(open.lowerBound),
                                    "the page grows past \(maximumBytes / 1_000_000) MB with the URLs of its Hugo references "
                                        + "(Limits: expanded page size); split the page")
                }
            } else {
                output += rest[open.lowerBound..<end]
                warnings.add(SiteError(file: displayPath, line: lineOf(open.lowerBound), "Hugo reference to a missing page: \(reference)"))
            }
            rest = rest[end...]
        }
        guard changed else { return source }
        output += rest
        return MarkdownSource(frontMatter: source.frontMatter, body: output[...], bodyLineOffset: source.bodyLineOffset)
    }

    /// The URL of the page a Hugo reference names: a path from the content folder (`/docs/x`)
    /// or the file's folder, with or without `.md`, a section's folder, else the one page with
    /// that name anywhere (the nearest to the linking file when there are several).
    private func resolveReference(_ reference: String, folder: String) -> String? {
        var path = Substring(reference)
        var suffix = ""
        if let hash = path.firstIndex(of: "#") {
            suffix = String(path[hash...])
            path = path[..<hash]
        }
        if path.isEmpty { return suffix.isEmpty ? nil : suffix }   // `ref "#anchor"`: this page
        let written = String(path.drop { $0 == "/" })
        let variants = [written, written + ".md", written + "/_index.md", written + "/index.md", written + "/README.md"]
        for variant in variants {
            if !path.hasPrefix("/"), let relative = URLPath.normalize(folder.isEmpty ? variant : folder + "/" + variant),
               let found = lookUp(relative, markdownOnly: true) {
                return basePath + found.url + suffix
            }
            if let found = lookUp(fromRoots: variant, folder: folder, markdownOnly: true) { return basePath + found.url + suffix }
        }
        // Hugo also finds a page by its path's end alone.
        let ends = Set(variants.map { "/" + $0 })
        lookups?.add(LinkLookups.scanKey)
        let matches = targets.keys.filter { key in Self.looksLikeMarkdown(key) && ends.contains { key.hasSuffix($0) } }
        guard let nearest = matches.max(by: { (Self.sharedLength($0, folder), $1) < (Self.sharedLength($1, folder), $0) }),
              let url = targets[nearest] else { return nil }
        lookups?.add(nearest)
        return basePath + url + suffix
    }

    private static func sharedLength(_ path: String, _ folder: String) -> Int {
        zip(path.split(separator: "/"), folder.split(separator: "/")).prefix { $0 == $1 }.count
    }

    /// Whether a link that resolves to nothing is worth a warning: a Zola `@/` link or a relative
    /// link to a Markdown file, unless it holds another generator's template tag
    /// (`{{% param repo %}}/x.md`), which the build's one summary of such tags covers.
    private static func namesMissingPage(_ url: String) -> Bool {
        (url.hasPrefix("@/") || isRelative(url) && looksLikeMarkdown(url)) && !URLPath.holdsTemplateTag(url)
    }

    private static func isRelative(_ url: String) -> Bool {
        guard let first = url.utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "#") else { return false }
        return !hasScheme(url)
    }

    /// Whether a URL starts with a scheme (`https:`, `mailto:`): a colon before any slash.
    private static func hasScheme(_ url: String) -> Bool {
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { return true }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") { return false }
        }
        return false
    }

    private static func looksLikeMarkdown(_ url: String) -> Bool {
        let path = url.prefix { $0 != "#" && $0 != "?" }
        return path.hasSuffix(".md") || path.hasSuffix(".markdown")
    }

    /// Whether a path's last component names a file (`x.md`, `cat.png`), not a page's URL.
    private static func namesFile(_ path: String) -> Bool {
        URLPath.lastComponent(of: path).utf8.contains(UInt8(ascii: "."))
    }
}

extension LinkResolver.Languages {
    /// The language of the page or section a rewritten link (`/blog/fr/docs/#x`) leads to.
    func language(ofLink link: String, basePath: String) -> String? {
        var path = Substring(link.hasPrefix(basePath) ? link.dropFirst(basePath.count) : link[...])
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<mark] }
        return languageOfURL[String(path)]
    }
}
