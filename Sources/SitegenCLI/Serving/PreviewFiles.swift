import Foundation
import Sitegen

/// Which file of the output folder a request path means, without ever leaving the folder.
struct PreviewFiles {
    /// What a path resolves to.
    enum Resolution: Equatable {
        /// This file, inside the folder.
        case file(URL)
        /// A folder asked for without its trailing slash: send the browser here.
        case redirect(String)
        /// Nothing (or something outside the folder).
        case missing
    }

    let root: URL

    func resolve(_ requestPath: String) -> Resolution {
        let decoded = requestPath.removingPercentEncoding ?? requestPath
        guard let parts = Self.parts(of: decoded) else { return .missing }
        var candidate = parts.reduce(root) { $0.appendingPathComponent(String($1)) }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), let last = parts.last, !decoded.hasSuffix("/"),
           !last.contains("."), FileManager.default.fileExists(atPath: candidate.path + ".html") {
            // `/about` is `about.html` when there is no `about`, as GitHub Pages and `jekyll serve` serve it.
            candidate = candidate.deletingLastPathComponent().appendingPathComponent(last + ".html")
        }
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) else { return .missing }
        if isFolder.boolValue {
            guard decoded.hasSuffix("/") else { return .redirect(requestPath + "/") }
            candidate.appendPathComponent("index.html")
        }
        // Symbolic links may point anywhere: serve only what really lies inside the folder.
        guard let real = FileSystem.resolved(candidate.path), let realRoot = FileSystem.resolved(root.path),
              real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/"),
              FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), !isFolder.boolValue else { return .missing }
        return .file(URL(fileURLWithPath: real))
    }

    /// A request path of a file that may be missing, as a path relative to the folder, when
    /// its folder lies inside it (no `..`, no link leading out): where the preview may make a
    /// file that is not there (an image's copy).
    func pathInside(_ requestPath: String) -> String? {
        let decoded = requestPath.removingPercentEncoding ?? requestPath
        guard let parts = Self.parts(of: decoded), !parts.isEmpty, !decoded.hasSuffix("/") else { return nil }
        let folder = parts.dropLast().reduce(root) { $0.appendingPathComponent(String($1)) }
        guard let real = FileSystem.resolved(folder.path), let realRoot = FileSystem.resolved(root.path),
              real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else { return nil }
        return parts.joined(separator: "/")
    }

    /// The output path a request path names (`/posts/a/` → `posts/a/index.html`, `/a.css` →
    /// `a.css`), when it names one (no `..`): what a build from nothing may answer before it
    /// writes it. Only the path is looked at, not the folder, which may not be there yet.
    func outputPath(_ requestPath: String) -> String? {
        let decoded = requestPath.removingPercentEncoding ?? requestPath
        guard let parts = Self.parts(of: decoded) else { return nil }
        return (decoded.hasSuffix("/") ? parts + ["index.html"] : parts).joined(separator: "/")
    }

    /// The names of a decoded request path, or `nil` when one could lead elsewhere (`..`, `.`,
    /// NUL, a backslash).
    private static func parts(of decoded: String) -> [Substring]? {
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
        return parts.contains(where: { $0 == ".." || $0 == "." || $0.contains("\0") || $0.contains("\\") }) ? nil : parts
    }

    /// The `Content-Type` for a file name.
    static func contentType(of path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return types[ext] ?? "application/octet-stream"
    }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "pdf": "application/pdf",
        "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "wasm": "application/wasm",
        "webmanifest": "application/manifest+json", "map": "application/json",
    ]
}
