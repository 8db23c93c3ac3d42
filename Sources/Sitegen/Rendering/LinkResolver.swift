import SitegenMarkdown

/// Rewrites relative links between content files to the URLs they are published at —
/// `[next](0300-continuation.md#design)` → `/0300-continuation/#design`,
/// `![](cat.png)` → `/posts/cat.png` — as `.links` and `.images` modifiers: the core uses its
/// own pipeline. A link to a Markdown file that is not published becomes a warning.
struct LinkResolver: Sendable {
    /// Content path of every page, section index and published file → its URL path.
    let targets: [String: String]
    /// Prefix of every URL: the path of `baseURL` (`/blog` for `https://example.org/blog/`).
    let basePath: String
    private(set) var warnings: WarningLog
    /// Where the content paths looked up are noted, for a live build.
    private var lookups: LinkLookups?

    init(targets: [String: String], basePath: String, warnings: WarningLog) {
        self.targets = targets
        self.basePath = basePath
        self.warnings = warnings
    }

    /// This resolver, noting the paths it looks up in `lookups` and its warnings in `warnings`.
    func recording(into lookups: LinkLookups, warnings: WarningLog) -> LinkResolver {
        var copy = self
        copy.lookups = lookups
        copy.warnings = warnings
        return copy
    }

    /// The modifiers for one page, whose file is `sourcePath` (relative to the content folder),
    /// shown in warnings as `displayPath`.
    func modifiers(for sourcePath: String, displayPath: String) -> [Modifier] {
        let folder = URLPath.folder(of: sourcePath)
        return [
            Modifier(target: .links) { input in
                guard case .link(let url, _) = input.node else { return input.html }
                return rewrite(input, url: url, attribute: "href", folder: folder, displayPath: displayPath)
            },
            Modifier(target: .images) { input in
                guard case .image(let url, _, _) = input.node else { return input.html }
                return rewrite(input, url: url, attribute: "src", folder: folder, displayPath: displayPath)
            },
        ]
    }

    private func rewrite(_ input: Modifier.Input, url: String, attribute: String, folder: String, displayPath: String) -> String {
        guard let target = resolve(url, folder: folder) else {
            if Self.isRelative(url), Self.looksLikeMarkdown(url) {
                warnings.add(SiteError(file: displayPath, line: input.line, "link to a missing page: \(url)"))
            }
            return input.html
        }
        return Self.replacingAttribute(attribute, in: input.html, with: target)
    }

    /// The published URL of a relative link, with its query and fragment; `nil` when the link
    /// is not relative or names nothing published.
    func resolve(_ url: String, folder: String) -> String? {
        guard Self.isRelative(url) else { return nil }
        var path = Substring(url)
        var suffix = ""
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[mark...])
            path = path[..<mark]
        }
        guard !path.isEmpty else { return nil }
        let decoded = String(path).removingPercentEncoding ?? String(path)
        guard let resolved = URLPath.normalize(folder.isEmpty ? decoded : folder + "/" + decoded) else { return nil }
        lookups?.add(resolved)
        return targets[resolved].map { basePath + $0 + suffix }
    }

    private static func isRelative(_ url: String) -> Bool {
        guard let first = url.first, first != "/", first != "#" else { return false }
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return false }   // a scheme
        return true
    }

    private static func looksLikeMarkdown(_ url: String) -> Bool {
        let path = url.prefix { $0 != "#" && $0 != "?" }
        return path.hasSuffix(".md") || path.hasSuffix(".markdown")
    }

    /// Replaces the value of the first `attribute="…"` in an element's HTML.
    static func replacingAttribute(_ attribute: String, in html: String, with value: String) -> String {
        guard let start = html.range(of: " \(attribute)=\""),
              let end = html[start.upperBound...].firstIndex(of: "\"") else { return html }
        return html.replacingCharacters(in: start.upperBound..<end, with: HTMLText.escapeAttribute(value))
    }
}
