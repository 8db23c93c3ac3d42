import Foundation
import Sitegen
import SitegenLimits

/// What the preview answers to each request: the files of the output folder, with the
/// live-reload script in every HTML page, and the live-reload events.
///
/// Only files inside the output folder are served: paths with `..` and symbolic links that
/// lead outside it get 404. A folder serves its `index.html` (`/posts` redirects to
/// `/posts/`); a missing file serves the site's `404.html` with status 404 (under a language's
/// folder, that language's). Files are sent a chunk at a time, never read whole, but for HTML
/// pages of up to `Limits.liveReloadPageBytes`, which get the script. `GET` and `HEAD`
/// are served (the connection leaves out `HEAD`'s body); other methods of HTTP get 405, and
/// methods HTTP does not define get 501. With a ``basePath`` (`serve --base-url
/// https://example.org/blog/`), the site is served under it, as it will be published: `/`
/// redirects there, and other paths outside it get 404.
struct PreviewResponder: Sendable {
    let root: URL
    let reload: LiveReload
    /// The copies of images the pages name, made when first asked for (a live build makes none).
    let images = PreviewImages()
    /// The path the site is served under, percent-encoded, without a trailing slash: `""` or `/blog`.
    var basePath: String = ""
    /// What the first build answers before it has written it (`nil` when the build runs in another process).
    var early: EarlyPages?

    /// The methods of HTTP (RFC 9110 §9) that the preview does not serve: 405 rather than 501.
    private static let otherMethods: Set<String> = ["POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    func respond(to request: HTTPRequestHead) async -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            if Self.otherMethods.contains(request.method) {
                return .text(405, "The preview serves GET and HEAD only.", fields: [("Allow", "GET, HEAD")])
            }
            return .text(501, "\(request.method) is not a method the preview knows.")
        }
        let path = request.path
        guard path.hasPrefix("/") else { return .text(400, "Bad request: the target is not a path.") }
        if path == LiveReload.path {
            let page = request.queryValue("page").map { insideBase($0) ?? $0 }
            return HTTPResponse(status: 200, fields: [("Content-Type", "text/event-stream")],
                                body: .events(reload.listen(page: page)))
        }
        guard let inside = insideBase(path) else {
            let home = basePath + "/"
            if path == "/" || path == basePath { return .redirect(302, to: home) }
            return missing()
        }
        if let found = fromFolder(inside) { return found }
        let files = PreviewFiles(root: root)
        // While a build from nothing runs, the folder may not be there yet: the path is only checked to name no other.
        let output = early == nil ? nil : files.outputPath(inside)
        // A copy of an image (a live build makes none), made from the image where it is.
        if let path = files.pathInside(inside) ?? output, let copy = await images.copy(at: path, in: root, early: early) {
            return HTTPResponse(status: 200, fields: [("Content-Type", PreviewFiles.contentType(of: inside))], body: .bytes(copy))
        }
        if let early, let output {
            switch await early.answer(output) {
            case .made(let data): return respond(with: data, path: output, status: 200)
            case .copied(let url): return respond(with: url, status: 200)
            case .folder: return .redirect(301, to: basePath + inside + "/")
            // Written by the build meanwhile, or missing for good.
            case .built: if let found = fromFolder(inside) { return found }
            }
        }
        return missing(inside)
    }

    /// The file, or the redirect of a folder asked for without its slash, that the output
    /// folder has at `inside`; `nil` when it has nothing there.
    private func fromFolder(_ inside: String) -> HTTPResponse? {
        switch PreviewFiles(root: root).resolve(inside) {
        case .file(let url): respond(with: url, status: 200)
        case .redirect(let location): .redirect(301, to: basePath + location)
        case .missing: nil
        }
    }

    /// `path` without ``basePath`` (`/blog/a/` → `/a/`), or `nil` when it is not under it.
    private func insideBase(_ path: String) -> String? {
        guard !basePath.isEmpty else { return path }
        guard path.hasPrefix(basePath + "/") else { return nil }
        return String(path.dropFirst(basePath.count))
    }

    /// The site's `404.html` with status 404, or a plain 404; under a language's folder
    /// (`/fr/…`, a plain folder name), that language's `fr/404.html` when there is one.
    private func missing(_ path: String = "/") -> HTTPResponse {
        let first = path.dropFirst().prefix { $0 != "/" }
        let isFolderName = !first.isEmpty && first.count < path.count - 1
            && first.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        for notFound in (isFolderName ? [root.appendingPathComponent(String(first) + "/404.html")] : []) + [root.appendingPathComponent("404.html")]
        where FileManager.default.fileExists(atPath: notFound.path) {
            return respond(with: notFound, status: 404)
        }
        return .text(404, "Not found")
    }

    /// Bytes of the file at `path` (an HTML page read whole, an output made before the build
    /// wrote it), an HTML page of up to `Limits.liveReloadPageBytes` with the live-reload script.
    private func respond(with data: Data, path: String, status: Int) -> HTTPResponse {
        let type = PreviewFiles.contentType(of: path)
        let body = type.hasPrefix("text/html") && data.count <= Limits.liveReloadPageBytes ? LiveReload.inject(into: data) : data
        return HTTPResponse(status: status, fields: [("Content-Type", type)], body: .bytes(body))
    }

    /// The file as the body, sent a chunk at a time; an HTML page (up to
    /// `Limits.liveReloadPageBytes`) is read whole to get the live-reload script.
    private func respond(with url: URL, status: Int) -> HTTPResponse {
        guard let file = FileBody(url: url) else { return .text(404, "Not found") }
        let type = PreviewFiles.contentType(of: url.path)
        guard type.hasPrefix("text/html"), file.length <= Limits.liveReloadPageBytes else {
            return HTTPResponse(status: status, fields: [("Content-Type", type)], body: .file(file))
        }
        defer { file.close() }
        guard let page = try? file.read(upTo: file.length) else { return .text(404, "Not found") }
        return respond(with: page, path: url.path, status: status)
    }
}
