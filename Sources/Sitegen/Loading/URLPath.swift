/// Builds and checks the URL paths of pages and files.
enum URLPath {
    /// A path component as it appears in a URL: lowercased, spaces as `-`.
    static func urlize(_ component: String) -> String {
        var result = ""
        result.reserveCapacity(component.utf8.count)
        for character in component.lowercased() {
            result.append(character == " " ? "-" : character)
        }
        return result
    }

    /// A relative output path made plain (`a/./b` → `a/b`); an error when it is empty, absolute
    /// or climbs out of the output folder.
    static func outputPath(_ path: String) throws(SiteError) -> String {
        guard let normalized = normalize(path), !normalized.isEmpty, !path.hasPrefix("/") else {
            throw SiteError(file: path, "would be written outside the output folder")
        }
        return normalized
    }

    /// Resolves `.` and `..` in a `/`-separated relative path; `nil` when it climbs above the top.
    static func normalize(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// The URL path of a folder path: `posts/2024` → `/posts/2024/`.
    static func folderURL(_ path: String) -> String {
        path.isEmpty ? "/" : "/" + path.split(separator: "/").map { urlize(String($0)) }.joined(separator: "/") + "/"
    }

    /// A `url:` given in front matter, made absolute with a trailing slash (unless it names a
    /// file such as `/feed.xml`); `nil` when it would leave the output folder.
    static func explicitURL(_ url: String) -> String? {
        guard !url.contains("\\"), !url.contains("://"), let normalized = normalize(url) else { return nil }
        if normalized.isEmpty { return "/" }
        let last = normalized.split(separator: "/").last ?? ""
        return "/" + normalized + (last.contains(".") ? "" : "/")
    }

    /// The output file of a URL path: `/posts/x/` → `posts/x/index.html`, `/feed.xml` → `feed.xml`.
    static func outputFile(for url: String) -> String {
        let trimmed = url.drop(while: { $0 == "/" })
        if url.hasSuffix("/") || trimmed.isEmpty { return trimmed + "index.html" }
        return String(trimmed)
    }

    /// The folder part of a relative file path (`a/b/c.md` → `a/b`).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last component of a path.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
