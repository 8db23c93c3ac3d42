import Foundation

/// Builds and checks the URL paths of pages and files.
///
/// URL paths in the model (``Page/url``, ``Section/url``, term URLs) are percent-encoded, ready
/// for an `href`, a feed or the sitemap (`/c%23-tips/`); their files keep the decoded names
/// (`c#-tips/index.html`), as a web server looks them up: ``outputFile(for:)`` decodes.
enum URLPath {
    /// A file or folder name as a URL path component: its ``Slug``, percent-encoded.
    static func component(_ name: String) -> String {
        encoded(Slug.make(name))
    }

    /// Percent-encodes a decoded path for a URL: every byte but letters and digits of ASCII,
    /// `/` and the other characters a path segment may hold (`-._~!$&'()*+,;=:@`).
    static func encoded(_ path: String) -> String {
        guard path.utf8.contains(where: { !isAllowed($0) }) else { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if isAllowed(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A URL path with its percent-escapes decoded (left as it is when they are not valid UTF-8).
    static func decoded(_ url: String) -> String {
        guard url.utf8.contains(UInt8(ascii: "%")) else { return url }
        return url.removingPercentEncoding ?? url
    }

    /// Whether `byte` stays as it is in an encoded path: one bit for each ASCII byte, tested
    /// without hashing (paths are encoded for every page of every build).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        byte < 64 ? allowedBelow64 >> UInt64(byte) & 1 == 1 : byte < 128 && allowedFrom64 >> UInt64(byte - 64) & 1 == 1
    }

    private static let (allowedBelow64, allowedFrom64): (UInt64, UInt64) = {
        var masks: (UInt64, UInt64) = (0, 0)
        for byte in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~!$&'()*+,;=:@".utf8 {
            if byte < 64 { masks.0 |= 1 << UInt64(byte) } else { masks.1 |= 1 << UInt64(byte - 64) }
        }
        return masks
    }()

    /// A relative output path made plain (`a/./b` → `a/b`); an error when it is empty, absolute
    /// or climbs out of the output folder.
    static func outputPath(_ path: String) throws(SiteError) -> String {
        guard let normalized = normalize(path), !normalized.isEmpty, !path.hasPrefix("/") else {
            throw SiteError(file: path, "would be written outside the output folder")
        }
        guard !hasControlCharacter(normalized) else {
            throw SiteError(file: path.debugDescription, "holds a control character; no output file is named so")
        }
        guard !isReserved(normalized) else {
            throw SiteError(file: path, "is reserved for sitegen's own files (.sitegen-manifest, .sitegen-staging-…)")
        }
        return normalized
    }

    /// Whether `text` holds a character below U+0020 or U+007F (a NUL would cut a file name short).
    static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// A character below U+0020, or U+007F: none may be in a name sitegen reads or writes.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// Whether an output path is one of sitegen's own files in the output folder.
    static func isReserved(_ normalized: String) -> Bool {
        normalized.hasPrefix(".sitegen-")
    }

    /// The one of sitegen's own files that lists what it wrote into an output folder
    /// (``OutputManifest``): a folder holding it is an output, which loading never reads as content.
    static let manifestFile = ".sitegen-manifest"

    /// Whether an address holds a template tag of another generator, as written or percent-encoded
    /// (`{{ … }}`, `{% … %}`): such a link is the generator's to expand, neither resolved nor checked.
    static func holdsTemplateTag(_ address: String) -> Bool {
        if address.contains("{{") || address.contains("{%") { return true }
        let upper = address.uppercased()
        return upper.contains("%7B%7B") || upper.contains("%7B%25")
    }

    /// Resolves `.` and `..` in a `/`-separated relative path; `nil` when it climbs above the top.
    static func normalize(_ path: String) -> String? {
        if isPlain(path) { return path }
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

    /// Whether ``normalize(_:)`` would give `path` back as it is: no empty, `.` or `..`
    /// component and no slash at either end.
    private static func isPlain(_ path: String) -> Bool {
        var componentLength = 0
        var onlyDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || onlyDots && componentLength <= 2 { return false }
                componentLength = 0
                onlyDots = true
            } else {
                componentLength += 1
                onlyDots = onlyDots && byte == UInt8(ascii: ".")
            }
        }
        return componentLength > 0 && !(onlyDots && componentLength <= 2)
    }

    /// The URL path of a folder path, each name by its ``Slug``: `posts/C# notes` → `/posts/c%23-notes/`.
    static func folderURL(_ path: String) -> String {
        var url = "/"
        for name in path.utf8.split(separator: UInt8(ascii: "/")) {
            url += component(String(Substring(name)))
            url += "/"
        }
        return url
    }

    /// The URL path of a folder path; with `keepingNames`, each name as written, only
    /// percent-encoded (`Guide/FFI` → `/Guide/FFI/`), as mdBook and MkDocs publish them.
    static func folderURL(_ path: String, keepingNames: Bool) -> String {
        guard keepingNames else { return folderURL(path) }
        return path.isEmpty ? "/" : encoded("/" + path + "/")
    }

    /// A `url:` or alias given in front matter (decoded, then percent-encoded), made absolute
    /// with a trailing slash (unless it names a file such as `/feed.xml`); `nil` when
    /// ``refusal(ofExplicitURL:)`` gives a reason.
    static func explicitURL(_ url: String) -> String? {
        guard refusal(ofExplicitURL: url) == nil, let normalized = normalize(decoded(url)) else { return nil }
        if normalized.isEmpty { return "/" }
        let last = normalized.split(separator: "/").last ?? ""
        return encoded("/" + normalized + (last.utf8.contains(UInt8(ascii: ".")) ? "" : "/"))
    }

    /// Why a `url:` or alias given in front matter names no output file (the words follow the
    /// value in a message), or `nil` when it names one.
    static func refusal(ofExplicitURL url: String) -> String? {
        let path = decoded(url)
        if let control = path.unicodeScalars.first(where: isControl) {
            return "holds a control character (U+" + String(format: "%04X", control.value) + "); no file can be named so"
        }
        if path.utf8.contains(UInt8(ascii: "\\")) || url.contains("://") { return "is not a path inside the site" }
        guard let normalized = normalize(path) else { return "would leave the output folder" }
        if isReserved(normalized) { return "is reserved for sitegen's own files (.sitegen-manifest, .sitegen-staging-…)" }
        return nil
    }

    /// The output file of a URL path, decoded: `/posts/x/` → `posts/x/index.html`, `/feed.xml`
    /// → `feed.xml`, `/c%23/` → `c#/index.html`.
    static func outputFile(for url: String) -> String {
        let path = decoded(url)
        let bytes = path.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex, bytes[start] == UInt8(ascii: "/") { start = bytes.index(after: start) }
        let trimmed = String(Substring(bytes[start...]))
        return start == bytes.endIndex || bytes.last == UInt8(ascii: "/") ? trimmed + "index.html" : trimmed
    }

    /// `path` inside the relative `folder` (`fr` + `tags` → `fr/tags`); `path` itself in the top folder.
    static func path(_ path: String, in folder: String) -> String {
        folder.isEmpty ? path : path.isEmpty ? folder : folder + "/" + path
    }

    /// The folders `path` is in, innermost first: `a/b/c` → `["a/b", "a"]`.
    static func ancestors(of path: String) -> [String] {
        var result: [String] = []
        var folder = self.folder(of: path)
        while !folder.isEmpty {
            result.append(folder)
            folder = self.folder(of: folder)
        }
        return result
    }

    /// The folder part of a relative file path (`a/b/c.md` → `a/b`).
    static func folder(of path: String) -> String {
        guard let slash = path.lastUTF8Index(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The last component of a path.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastUTF8Index(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The extension of a path's last component, without its dot (`toml` of `config/hugo.toml`);
    /// empty when it has none (a name that only starts with a dot has none).
    static func fileExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastUTF8Index(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
