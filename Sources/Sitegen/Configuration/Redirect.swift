import SitegenMarkdown

/// An old URL path of the site that leads to a page: published as a redirect page, as a page's
/// `aliases` are. Read from `redirects` in `sitegen.yml` and mdBook's `[output.html.redirect]`.
public struct Redirect: Sendable, Hashable {
    /// The old path, percent-encoded: `/vec-alloc.html`, `/old/`.
    public let from: String
    /// The page it leads to, as written from the site's root (`/vec/vec-alloc.html`, `/new/`), or an address (`https://…`).
    public let to: String

    /// A redirect from `from` to `to`.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The redirects of a table of old paths and the pages they lead to. Paths are from the
    /// site's root, with or without the first `/` or `./` (as mdBook writes them).
    ///
    /// - Throws: ``SiteError`` at the entry's line for an old path that is not inside the site,
    ///   or a target that is not text.
    static func read(_ table: FrontMatter, file: String, line: () -> Int?) throws(SiteError) -> [Redirect] {
        var redirects: [Redirect] = []
        for (old, value) in table.entries {
            let at = table.line(of: old) ?? line()
            guard let target = value.string, !target.isEmpty else {
                throw SiteError(file: file, line: at, "the redirect from \(old.debugDescription) must lead to a page, such as \"/new/\"")
            }
            let path = rooted(old)
            guard let from = URLPath.explicitURL(path) else {
                let reason = URLPath.refusal(ofExplicitURL: path) ?? "is not a path inside the site"
                throw SiteError(file: file, line: at, "the redirect from \(old.debugDescription) \(reason); use a path like /old.html")
            }
            // `/a/index.html` is the folder's page, `/a/`, as a page's URL says it.
            let folder = from == "/index.html" ? "/" : from.hasSuffix("/index.html") ? String(from.dropLast("index.html".count)) : from
            redirects.append(Redirect(from: folder, to: target.contains("://") ? target : rooted(target)))
        }
        return redirects
    }

    /// `./a.html` and `a.html` as `/a.html`.
    private static func rooted(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return path.hasPrefix("/") ? String(path) : "/" + path
    }
}
