import SitegenMarkdown

/// The front matter of the jekyll-redirect-from plugin, in a Jekyll site (one with `_config.yml`):
///
/// - `redirect_from` (a path or a list of paths): old URLs that send the reader to the page,
///   made as Hugo's `aliases` are (a redirect page at each). Paths are from the site's root;
///   one that ends in neither `/` nor an extension is a file `.html`, as Jekyll writes it
///   (`/old` → `/old.html`).
/// - `redirect_to` (a URL or path; the first of a list): the page itself is a redirect, at
///   its own URL, to that address, and is listed nowhere (lists, feeds, sitemap).
struct JekyllRedirects {
    /// A page that only sends the reader to ``target``.
    struct Redirect: Sendable {
        /// The page, at whose URL the redirect is written.
        let page: Page
        /// Where it sends the reader: a URL, a path from the site's root (`/x/`), or a path
        /// relative to the page, as written.
        let target: String
    }

    /// The pages that became redirects.
    private(set) var redirects: [Redirect] = []
    /// One for each `redirect_from` that is not a path inside the site.
    private(set) var errors: [SiteError] = []

    /// Adds each page's `redirect_from` to its aliases and takes the pages with a
    /// `redirect_to` out of `pages` as ``redirects``, and out of their `sections` (which stay,
    /// so that a folder of redirects keeps its list, as Jekyll's folder kept its page).
    static func apply(to pages: inout [Page], sections: inout [String: Section], display: (String) -> String) -> JekyllRedirects {
        var result = JekyllRedirects()
        var kept: [Page] = []
        kept.reserveCapacity(pages.count)
        var newIndex: [Int: Int] = [:]
        for (index, var page) in pages.enumerated() {
            let frontMatter = page.frontMatter
            if let target = target(of: frontMatter) {
                result.redirects.append(Redirect(page: page, target: target))
                continue
            }
            newIndex[index] = kept.count
            let written: [String] = switch frontMatter["redirect_from"] {
            case .string(let one)?: [one]
            case .list(let many)?: many.compactMap { text($0) }
            default: []
            }
            for path in written {
                guard let alias = alias(path) else {
                    let reason = URLPath.refusal(ofExplicitURL: path) ?? "is not a path inside the site"
                    result.errors.append(SiteError(file: display(page.sourcePath), line: frontMatter.line(of: "redirect_from"),
                                                   "`redirect_from`: \(path.debugDescription) \(reason); use a path like /old/url/"))
                    continue
                }
                if alias != page.url && !page.aliases.contains(alias) { page.aliases.append(alias) }
            }
            kept.append(page)
        }
        if !result.redirects.isEmpty {
            for path in Array(sections.keys) {
                let indices = sections[path]?.pageIndices ?? []
                sections[path]?.pageIndices = indices.compactMap { newIndex[$0] }
            }
        }
        pages = kept
        return result
    }

    /// The `redirect_to` of `frontMatter`: its text, or the first text of its list.
    static func target(of frontMatter: FrontMatter) -> String? {
        text(frontMatter["redirect_to"])
    }

    /// Where a `redirect_to` sends the reader, as jekyll-redirect-from writes it: an
    /// `http://` or `https://` URL (or one starting `//`) as it is, any other path from the
    /// site's root, after `base` (the site's URL and path): `introduction` from any page is
    /// `BASE/introduction`.
    static func address(_ target: String, base: String) -> String {
        if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("//") { return target }
        return base + (target.hasPrefix("/") ? target : "/" + target)
    }

    /// The URL path of a `redirect_from` entry, or `nil` when it names no file of the site.
    static func alias(_ written: String) -> String? {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains("://") else { return nil }
        var path = trimmed.hasPrefix("/") ? trimmed : "/" + trimmed
        if !path.hasSuffix("/") && !URLPath.lastComponent(of: path).contains(".") { path += ".html" }
        guard let url = URLPath.explicitURL(path) else { return nil }
        return path.hasSuffix("/") && !url.hasSuffix("/") ? url + "/" : url
    }

    /// Text of a value, or the first text of a list.
    private static func text(_ value: FrontMatterValue?) -> String? {
        switch value {
        case .string(let text)?: text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text.trimmingCharacters(in: .whitespaces)
        case .list(let values)?: values.lazy.compactMap { text($0) }.first
        default: nil
        }
    }
}
