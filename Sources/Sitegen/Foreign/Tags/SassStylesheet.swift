import Foundation
import Synchronization
import SitegenLimits
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Jekyll site's Sass file with front matter (`assets/css/main.scss`), its Liquid run,
/// compiled to the stylesheet Jekyll publishes in its place (`assets/css/main.css`), as
/// jekyll-sass-converter compiles it with sassc (LibSass, ``SassLibrary``).
///
/// `@import` looks in the file's own folder, then in the site's load paths (`_sass`,
/// ``JekyllSassSettings``), for `NAME`, `_NAME` with `.scss`, `.sass` or `.css`, or a folder's
/// `_index`/`index`; only files inside the site are read (a link out of it is not followed).
///
/// The `sitegen` executable compiles in a process of its own (``worker``), stopped after
/// ``Limits/sassSeconds`` and bounded to ``Limits/sassMemoryBytes``: a Sass loop that does not
/// end, or a crash of LibSass, fails that stylesheet, never the build or the preview. A
/// program that embeds the library compiles in its own process.
package struct SassStylesheet {
    /// What one compile is given; written to a file for the worker.
    struct Request: Codable, Sendable {
        /// The site's folder on disk, which the worker reads imports from (`nil`: a site not on disk).
        var siteFolder: String?
        /// The file's path from the site's root.
        var path: String
        /// Its text, front matter left out, Liquid run.
        var text: String
        /// ``JekyllSassSettings/loadPaths``.
        var loadPaths: [String]
        /// ``JekyllSassSettings/style``.
        var style: String

        /// A compile of `text`, the Sass file at `path` of `source`, with the site's `settings`.
        init(path: String, text: String, settings: JekyllSassSettings, source: any SiteSource) {
            (siteFolder, self.path, self.text) = (source.folder?.root.path, path, text)
            (loadPaths, style) = (settings.loadPaths, settings.style)
        }
    }

    /// What the worker answers.
    private struct Reply: Codable {
        var css: String?
        var failure: String?
        var path: String?
        var line: Int?
    }

    /// The executable that compiles in a process of its own, started as `EXECUTABLE __sass
    /// REQUEST REPLY`: set by the `sitegen` command line (``runWorker(_:)``); `nil`, compiles
    /// are made in this process.
    package static let worker = Mutex<String?>(nil)

    /// The CSS of the Sass file `request` names, read through `source`.
    static func compile(_ request: Request, source: any SiteSource) -> Result<String, SassLibrary.Failure> {
        if let executable = worker.withLock({ $0 }), request.siteFolder != nil {
            return compile(request, in: executable)
        }
        return compileHere(request, source: source)
    }

    /// Compiles in this process.
    private static func compileHere(_ request: Request, source: any SiteSource) -> Result<String, SassLibrary.Failure> {
        // Nothing to compile (LibSass refuses an empty text): an empty stylesheet, as Jekyll writes it.
        if request.text.allSatisfy(\.isWhitespace) { return .success("") }
        let style = SassLibrary.Style(rawValue: request.style) ?? .compact
        let main = "/" + request.path
        let result = SassLibrary.compile(request.text, path: main, indented: request.path.hasSuffix(".sass"), style: style) { url, from in
            resolve(url, from: from == main ? nil : from, loadPaths: request.loadPaths, source: source)
        }
        return result.flatMap { css in
            // Without `@charset`, as Jekyll leaves it out: compressed CSS starts with no byte order mark.
            let css = css.hasPrefix("\u{FEFF}") ? String(css.dropFirst()) : css
            return css.utf8.count > Limits.sassOutputBytes
                ? .failure(SassLibrary.Failure(message: "makes more than \(Limits.sassOutputBytes / 1_000_000) MB of CSS")) : .success(css)
        }.mapError { failure in
            var failure = failure
            failure.path = failure.path.map { String($0.drop { $0 == "/" }) }
            return failure
        }
    }

    /// The file an `@import` of `url` in the file at `from` (a path from the site's root, led
    /// by `/`; `nil` for the stylesheet compiled, which, given as text, has no folder of its
    /// own to look in, as in Jekyll) reads; `nil` for an import of plain CSS (`NAME.css`, a
    /// URL), which stays in the stylesheet as an `@import` and reads nothing.
    static func resolve(_ url: String, from: String?, loadPaths: [String], source: any SiteSource) -> SassLibrary.Import? {
        if url.hasSuffix(".css") || url.hasPrefix("//") || url.contains("://") { return nil }
        let name = URLPath.lastComponent(of: url), base = URLPath.folder(of: url)
        let join = FolderWalker.join
        var candidates: [String]
        if [".scss", ".sass"].contains(where: { name.hasSuffix($0) }) {
            candidates = [url, join(base, "_" + name)]
        } else {
            candidates = [".scss", ".sass", ".css"].flatMap { [join(base, "_" + name + $0), join(base, name + $0)] }
            candidates += [".scss", ".sass", ".css"].flatMap { [join(url, "_index" + $0), join(url, "index" + $0)] }
        }
        let folders = (from.map { [URLPath.folder(of: String($0.drop { $0 == "/" }))] } ?? []) + loadPaths
        if !url.hasPrefix("/") {
            for folder in folders {
                for candidate in candidates {
                    guard let path = URLPath.normalize(join(folder, candidate)), !path.isEmpty,
                          let text = ConfinedFile.text(at: path, from: "", root: "", in: source, maximumSize: Limits.markdownFileBytes)
                    else { continue }
                    return .found(path: "/" + path, text: text)
                }
            }
        }
        let places = ((from == nil ? [] : ["the file's folder"]) + loadPaths.map { $0 + "/" }).joined(separator: ", ")
        return .refused("File to import not found or unreadable: \(url) (looked for in \(places.isEmpty ? "no folder" : places), "
                        + "inside the site, files of at most \(Limits.markdownFileBytes / 1_000_000) MB)")
    }

    // MARK: The worker

    /// Compiles in a process of `executable`'s own.
    private static func compile(_ request: Request, in executable: String) -> Result<String, SassLibrary.Failure> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-sass-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                        attributes: [.posixPermissions: 0o700])) != nil else {
            return .failure(SassLibrary.Failure(message: "cannot make a temporary folder to compile Sass in"))
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (requestFile, replyFile, errors) = (folder + "/request.json", folder + "/reply.json", folder + "/errors.txt")
        guard let data = try? JSONEncoder().encode(request), FileManager.default.createFile(atPath: requestFile, contents: data) else {
            return .failure(SassLibrary.Failure(message: "cannot write a temporary file to compile Sass"))
        }
        guard let child = ChildProcess.start([executable, "__sass", requestFile, replyFile], errors: errors) else {
            return .failure(SassLibrary.Failure(message: "cannot start the Sass compiler: \(String(cString: strerror(errno)))"))
        }
        switch child.wait(seconds: Limits.sassSeconds) {
        case .timedOut:
            return .failure(SassLibrary.Failure(message: "took more than \(Int(Limits.sassSeconds)) s to compile and was stopped (a loop that does not end?)"))
        case .exited(0):
            guard let reply = try? RegularFile.contents(of: replyFile, maximumSize: Limits.sassOutputBytes * 2),
                  let decoded = try? JSONDecoder().decode(Reply.self, from: Data(reply)) else {
                return .failure(SassLibrary.Failure(message: "the Sass compiler gave no stylesheet"))
            }
            if let css = decoded.css { return .success(css) }
            return .failure(SassLibrary.Failure(message: decoded.failure ?? "Sass error", path: decoded.path, line: decoded.line))
        case .exited, .signalled:
            let said = (try? RegularFile.contents(of: errors, maximumSize: 4096)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .failure(SassLibrary.Failure(message: "the Sass compiler stopped (more than \(Limits.sassMemoryBytes / 1_000_000_000) GB of memory?)"
                                                + (said.isEmpty ? "" : ": " + said.trimmingCharacters(in: .whitespacesAndNewlines))))
        }
    }

    /// Runs the worker when `arguments` (the process's) ask for it (`EXECUTABLE __sass REQUEST
    /// REPLY`), returning its exit status; `nil` when they do not. Its memory is bounded first.
    package static func runWorker(_ arguments: [String]) -> Int32? {
        guard arguments.count == 4, arguments[1] == "__sass" else { return nil }
        var limit = rlimit(rlim_cur: rlim_t(Limits.sassMemoryBytes), rlim_max: rlim_t(Limits.sassMemoryBytes))
        #if os(Linux)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        #else
        _ = setrlimit(RLIMIT_AS, &limit)
        #endif
        guard let data = try? RegularFile.contents(of: arguments[2], maximumSize: Limits.markdownFileBytes * 2),
              let request = try? JSONDecoder().decode(Request.self, from: Data(data)), let folder = request.siteFolder else { return 2 }
        let reply: Reply
        switch compileHere(request, source: FolderSource(root: URL(fileURLWithPath: folder))) {
        case .success(let css): reply = Reply(css: css)
        case .failure(let failure): reply = Reply(failure: failure.message, path: failure.path, line: failure.line)
        }
        guard let encoded = try? JSONEncoder().encode(reply), FileManager.default.createFile(atPath: arguments[3], contents: encoded) else { return 2 }
        return 0
    }
}
