import Foundation
import SitegenLimits

/// Finds what a built site links to but does not have: pages, `#anchors`, images and files.
public struct LinkChecker: Sendable {
    /// One broken reference.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The content file (or output file, for theme links) the reference is in.
        public let file: String
        /// Its line in that file, when found.
        public let line: Int?
        /// What is wrong.
        public let message: String

        /// Creates a problem.
        public init(file: String, line: Int?, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        /// `file:line: message`.
        public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
    }

    private let files: [String: Data]
    private let pages: [RenderedPage]
    /// The content file of each list page that has one (a folder's own page), by output path.
    private let listSources: [String: String]
    /// Output folders a tool fills when the site is written (`pagefind/`): links into them are not checked.
    private let toolFolders: [String]
    /// Whether `/about` may name `about.html` (``SiteBuilder/InMemoryBuild/servesExtensionlessHTML``).
    private let servesExtensionlessHTML: Bool
    private let layout: SiteLayout
    private let basePath: String
    /// `baseURL` without a trailing slash, when it is absolute.
    private let siteAddress: String

    /// A checker over an in-memory build of the site at `layout`.
    public init(build: SiteBuilder.InMemoryBuild, layout: SiteLayout, baseURL: String) {
        files = build.files
        pages = build.pages
        listSources = build.listSources
        toolFolders = build.toolFolders
        servesExtensionlessHTML = build.servesExtensionlessHTML
        self.layout = layout
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        siteAddress = base.contains("://") ? base : ""
        if let scheme = base.range(of: "://") {
            basePath = base[scheme.upperBound...].firstIndex(of: "/").map { String(base[$0...]) } ?? ""
        } else {
            basePath = base
        }
    }

    /// Every broken internal link, anchor, image and file reference, sorted by file and line.
    public func problems() -> [Problem] {
        var sourceByOutput = listSources
        for page in pages { sourceByOutput[URLPath.outputFile(for: page.page.url)] = page.page.sourcePath }
        var ids: [String: Set<String>] = [:]
        func anchors(in path: String) -> Set<String> {
            if let known = ids[path] { return known }
            // Any element's id is an anchor, and so is an old-style `<a name="…">`.
            let found = Set((files[path] ?? Data()).withUnsafeBytes { bytes in
                HTMLScan.attributes(named: ["id", "name"], in: bytes.bindMemory(to: UInt8.self)).map(\.value)
            })
            ids[path] = found
            return found
        }
        // A page's `layout:` (a Jekyll site's `_layouts/NAME.html` draws it), by output path.
        var layoutByOutput: [String: String] = [:]
        for page in pages { if let name = page.page.layout { layoutByOutput[URLPath.outputFile(for: page.page.url)] = name } }
        let layouts = LayoutLines(source: layout.source)
        var problems: Set<Problem> = []
        for (path, data) in files where path.hasSuffix(".html") {
            let references = data.withUnsafeBytes { bytes in
                HTMLScan.attributes(named: ["href", "src"], in: bytes.bindMemory(to: UInt8.self))
            }
            for (_, value) in references {
                let reference = value.contains("&amp;") ? value.replacingOccurrences(of: "&amp;", with: "&") : value
                guard let message = check(reference, from: path, anchors: anchors, sources: sourceByOutput) else { continue }
                var problem = locate(reference, message: message, outputPath: path, source: sourceByOutput[path])
                // Not in the page's text: in the layout that drew it, told once for all its pages.
                if problem.line == nil, let name = layoutByOutput[path], let found = layouts.find(needle(of: reference), from: name) {
                    problem = Problem(file: found.file, line: found.line, message: message)
                }
                problems.insert(problem)
            }
        }
        return Self.grouped(problems)
    }

    /// `problems` sorted by file and line; one that many pages share where none of their texts
    /// has it (a link a theme or layout writes) told once, at the first, with their count.
    package static func grouped(_ problems: Set<Problem>) -> [Problem] {
        let sorted = problems.sorted { ($0.file, $0.line ?? 0, $0.message) < ($1.file, $1.line ?? 0, $1.message) }
        var shared: [String: Int] = [:]
        for problem in sorted where problem.line == nil { shared[problem.message, default: 0] += 1 }
        guard shared.values.contains(where: { $0 > 1 }) else { return sorted }
        var told: Set<String> = []
        return sorted.compactMap { problem in
            guard problem.line == nil, let count = shared[problem.message], count > 1 else { return problem }
            guard told.insert(problem.message).inserted else { return nil }
            return Problem(file: problem.file, line: nil, message: problem.message + " (in \(count) pages, the first here; not in their texts: "
                           + "the theme's or a layout's)")
        }
    }

    /// The address a link was written with in a text: without the site's base path.
    private func needle(of reference: String) -> String {
        reference.hasPrefix(basePath + "/") && !basePath.isEmpty ? String(reference.dropFirst(basePath.count)) : reference
    }

    /// Every link and image address to another site (`http:` or `https:`), with the output
    /// file it is in; `address` is without its `#fragment`.
    func externalReferences() -> [(written: String, address: String, outputPath: String)] {
        var references: [(written: String, address: String, outputPath: String)] = []
        for (path, data) in files where path.hasSuffix(".html") {
            let values = data.withUnsafeBytes { bytes in
                HTMLScan.attributes(named: ["href", "src"], in: bytes.bindMemory(to: UInt8.self))
            }
            for (_, value) in values where value.hasPrefix("http://") || value.hasPrefix("https://") {
                let written = value.contains("&amp;") ? value.replacingOccurrences(of: "&amp;", with: "&") : value
                guard !isOwn(written) else { continue }
                references.append((written, String(written.prefix { $0 != "#" }), path))
            }
        }
        return references.sorted { ($0.outputPath, $0.written) < ($1.outputPath, $1.written) }
    }

    /// Whether an absolute address is this site's own (feeds' and canonical links).
    private func isOwn(_ address: String) -> Bool {
        !siteAddress.isEmpty && (address == siteAddress || address.hasPrefix(siteAddress + "/"))
    }

    /// What is wrong with a reference from the output file at `path`, or `nil`.
    private func check(_ reference: String, from path: String, anchors: (String) -> Set<String>,
                       sources: [String: String]) -> String? {
        if reference.isEmpty || reference.hasPrefix("//") || reference.hasPrefix("data:") { return nil }
        // Another generator's tag in an address (`{{site.url}}/x`) is told once, with the tags left as text.
        if URLPath.holdsTemplateTag(reference) { return nil }
        // A link to the site's own address is a link inside it.
        if isOwn(reference) {
            let rest = reference.dropFirst(siteAddress.count)
            return check(basePath + (rest.isEmpty ? "/" : rest), from: path, anchors: anchors, sources: sources)
        }
        if let colon = reference.firstIndex(of: ":"), !reference[..<colon].contains("/") { return nil }   // http:, mailto:…
        var target = Substring(reference)
        var fragment: Substring = ""
        if let hash = target.firstIndex(of: "#") {
            fragment = target[target.index(after: hash)...]
            target = target[..<hash]
        }
        if let query = target.firstIndex(of: "?") { target = target[..<query] }
        // Links to Markdown files that were not rewritten are reported while building.
        if !target.hasPrefix("/"), target.hasSuffix(".md") || target.hasSuffix(".markdown") { return nil }
        var file: String
        if target.isEmpty {
            file = path
        } else if target.hasPrefix("/") {
            guard target.hasPrefix(basePath + "/") || basePath.isEmpty else { return "link outside the site: \(reference)" }
            let inside = String(target.dropFirst(basePath.count + 1)).removingPercentEncoding ?? ""
            file = inside.isEmpty || inside.hasSuffix("/") ? inside + "index.html" : inside
        } else {
            let folder = URLPath.folder(of: path)
            guard let resolved = URLPath.normalize((folder.isEmpty ? "" : folder + "/") + (String(target).removingPercentEncoding ?? "")) else {
                return "link outside the site: \(reference)"
            }
            file = target.hasSuffix("/") ? resolved + "/index.html" : resolved
        }
        if toolFolders.contains(where: { file.hasPrefix($0) }) { return nil }
        if files[file] == nil, files[file + "/index.html"] != nil { file += "/index.html" }   // `/docs/expect`
        if files[file] == nil, servesExtensionlessHTML, !file.hasSuffix("/index.html"), files[file + ".html"] != nil { file += ".html" }   // `/trademarks`
        guard files[file] != nil else { return (target.hasSuffix(".png") || target.hasSuffix(".jpg") || target.hasSuffix(".svg") || target.hasSuffix(".gif") || target.hasSuffix(".webp") ? "missing image or file: " : "broken link: ") + reference }
        if !fragment.isEmpty, file.hasSuffix(".html") {
            let found = anchors(file)
            // `#-%E5%BF%AB` is the percent-encoded form of the id `-快`.
            guard !found.contains(String(fragment)), !found.contains(URLPath.decoded(String(fragment))) else { return nil }
            return "missing anchor #\(fragment) in \(display(file, sources: sources))"
        }
        return nil
    }

    /// The file a reader knows an output file by: its page's or list page's source, else the output file.
    private func display(_ outputPath: String, sources: [String: String]) -> String {
        guard let source = sources[outputPath] else { return "public/" + outputPath }
        return layout.display(contentPath: source)
    }

    /// Where a reference in the output file at `outputPath` was written.
    func locate(_ reference: String, message: String, outputPath: String) -> Problem {
        locate(reference, message: message, outputPath: outputPath,
               source: pages.first { URLPath.outputFile(for: $0.page.url) == outputPath }?.page.sourcePath ?? listSources[outputPath])
    }

    /// Where a reference was written: the line of the page's source that contains it, else the output file.
    /// `sourcePath` is the content file of the page or list page written at `outputPath`.
    private func locate(_ reference: String, message: String, outputPath: String, source sourcePath: String?) -> Problem {
        guard let sourcePath else { return Problem(file: "public/" + outputPath, line: nil, message: message) }
        let display = layout.display(contentPath: sourcePath)
        // A page the build read: through a link outside the site too, when the site follows them.
        let text = (try? layout.source.followingLinksOutside.text(of: layout.sourcePath(ofContentPath: sourcePath),
                                                                  maximumSize: Limits.markdownFileBytes)) ?? ""
        let needle = needle(of: reference)
        let fragmentOnly = needle.hasPrefix("#") ? needle : nil
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated()
        where line.contains(needle) || (fragmentOnly.map { line.contains("(\($0))") } ?? false) {
            return Problem(file: display, line: index + 1, message: message)
        }
        // A rewritten link (`b.md#x` → `/b/#x`): find its fragment.
        if let hash = needle.firstIndex(of: "#") {
            let fragment = needle[hash...]
            for (index, line) in lines.enumerated() where line.contains(fragment + ")") {
                return Problem(file: display, line: index + 1, message: message)
            }
        }
        return Problem(file: display, line: nil, message: message)
    }
}
