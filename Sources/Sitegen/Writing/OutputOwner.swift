import Foundation
import SitegenLimits

/// What makes an output file. Every output path has exactly one owner; ``OutputWriter`` fails
/// the build when two claim one path, naming both as the site's author knows them.
struct OutputOwner: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case page, alias, list, generated, themeAsset, file, step
    }

    /// Where in ``file`` the output's path is decided, found only when a collision is reported.
    enum Origin: Hashable, Sendable {
        /// A front matter key, such as `url`.
        case key(String)
        /// An alias; its line, else the `aliases` key.
        case alias(String)
    }

    let kind: Kind
    /// The file that makes the output, as the author knows it (`content/a.md`, `static/x`), if any.
    let file: String?
    /// The output in words: `content/a.md`, `the RSS feed`, `page 2 of the list of content/posts/`.
    let description: String
    /// The output in words in a message about its own ``file``: `this page`, `the alias /old/`.
    var ownDescription: String?
    /// The file to find the line of ``origin`` in (read only when a collision is reported:
    /// owners are made for every output).
    var sourceFile: SourceFile?
    var origin: Origin?

    /// A file of the site's source. Two are the same when their paths are: the owner's
    /// identity is its ``file``, whatever reads it.
    struct SourceFile: Hashable, Sendable {
        let source: any SiteSource
        let path: String

        static func == (first: SourceFile, second: SourceFile) -> Bool {
            first.path == second.path
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
        }
    }

    /// A page, whose path comes from its `url`, its `slug` or its file name.
    static func page(_ page: Page, layout: SiteLayout) -> OutputOwner {
        let origin: Origin? = page.frontMatter["url"] != nil ? .key("url") : page.frontMatter["slug"] != nil ? .key("slug") : nil
        let display = shown(page.sourcePath, layout: layout)
        return OutputOwner(kind: .page, file: display, description: display, ownDescription: "this page",
                           sourceFile: SourceFile(source: layout.source, path: layout.sourcePath(ofContentPath: page.sourcePath)), origin: origin)
    }

    /// A redirect from one of a page's `aliases`.
    static func alias(_ alias: String, of page: Page, layout: SiteLayout) -> OutputOwner {
        self.alias(alias, ofFile: page.sourcePath, layout: layout)
    }

    /// A redirect from one of the `aliases` of the content file at `contentPath` (a page's, or a folder's own page's).
    static func alias(_ alias: String, ofFile contentPath: String, layout: SiteLayout) -> OutputOwner {
        let display = shown(contentPath, layout: layout)
        let written = URLPath.decoded(alias)
        return OutputOwner(kind: .alias, file: display, description: "the alias \(written) of \(display)",
                           ownDescription: "the alias \(written)",
                           sourceFile: SourceFile(source: layout.source, path: layout.sourcePath(ofContentPath: contentPath)),
                           origin: .alias(written.count > 1 && written.hasSuffix("/") ? String(written.dropLast()) : written))
    }

    /// A redirect from the site's `redirects` (its configuration file, as messages show it), to a list page without a file.
    static func redirect(_ alias: String, configuration file: String?) -> OutputOwner {
        let written = URLPath.decoded(alias)
        return OutputOwner(kind: .alias, file: file, description: "the redirect \(written) of \(file ?? "the configuration")",
                           ownDescription: "the redirect \(written)")
    }

    /// Page `number` of a section's list (the home page's for the top section), made for its folder.
    static func list(of section: Section, page number: Int, layout: SiteLayout) -> OutputOwner {
        guard !section.path.isEmpty else {
            return OutputOwner(kind: .list, file: nil, description: number == 1 ? "the home page" : "page \(number) of the home page")
        }
        // A language's own home page (`fr`, in a site with `languages:`).
        if section.translationKey.isEmpty {
            let home = "the home page of the language `\(section.language)`"
            return OutputOwner(kind: .list, file: nil, description: number == 1 ? home : "page \(number) of \(home)")
        }
        let folder = shown(section.path + "/", layout: layout)
        return OutputOwner(kind: .list, file: folder,
                           description: number == 1 ? "the list of \(folder)" : "page \(number) of the list of \(folder)",
                           ownDescription: number == 1 ? "this folder's list" : "page \(number) of this folder's list")
    }

    /// Page `number` of the list of a taxonomy's terms.
    static func terms(of taxonomy: String, page number: Int = 1) -> OutputOwner {
        let list = "the list of all \(taxonomy)"
        return OutputOwner(kind: .list, file: nil, description: number == 1 ? list : "page \(number) of \(list)")
    }

    /// Page `number` of a term's list.
    static func term(_ name: String, of taxonomy: String, page number: Int) -> OutputOwner {
        let list = "the \(taxonomy) page of '\(name)'"
        return OutputOwner(kind: .list, file: nil, description: number == 1 ? list : "page \(number) of \(list)")
    }

    /// An Atom or RSS feed of the site (`folder` empty) or of a section.
    static func feed(_ format: String, folder: String, layout: SiteLayout) -> OutputOwner {
        OutputOwner(kind: .generated, file: nil,
                    description: folder.isEmpty ? "the \(format) feed" : "the \(format) feed of \(shown(folder, layout: layout))")
    }

    /// The sitemap, `robots.txt`, the 404 page.
    static let sitemap = OutputOwner(kind: .generated, file: nil, description: "the sitemap")
    static let robots = OutputOwner(kind: .generated, file: nil, description: "robots.txt")
    static let notFound = OutputOwner(kind: .generated, file: nil, description: "the 404 page")
    static let searchIndex = OutputOwner(kind: .generated, file: nil, description: "the search index")

    /// A file of the bundled theme, such as its stylesheet.
    static func themeAsset(_ path: String, theme: String) -> OutputOwner {
        OutputOwner(kind: .themeAsset, file: nil, description: "the \(theme) theme's asset \(path)")
    }

    /// A file of `static/` or of the content folder, published as it is.
    static func file(_ file: LoadedSite.StaticFile, layout: SiteLayout) -> OutputOwner {
        let display = file.contentPath.map { shown($0, layout: layout) } ?? file.path
        return OutputOwner(kind: .file, file: display, description: display, ownDescription: "this file")
    }

    /// A custom build step's `context.write(_:to:)`.
    static func step(_ name: String) -> OutputOwner {
        OutputOwner(kind: .step, file: nil, description: "the build step '\(name)'")
    }

    /// A content path as the author knows it: `content/posts/a.md` (or `posts/a.md` for a bare folder).
    private static func shown(_ contentPath: String, layout: SiteLayout) -> String {
        layout.display(contentPath: contentPath)
    }

    /// The line of ``origin`` in the front matter of ``source``, if found.
    func line() -> Int? {
        guard let origin, let sourceFile,
              let text = try? sourceFile.source.text(of: sourceFile.path, maximumSize: Limits.markdownFileBytes) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return nil }
        var frontMatter: [(number: Int, text: Substring)] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" || trimmed == "..." { break }
            frontMatter.append((index + 1, line))
        }
        func keyLine(_ key: String) -> Int? {
            frontMatter.first { $0.text.hasPrefix(key + ":") || $0.text.hasPrefix("\"\(key)\":") }?.number
        }
        switch origin {
        case .key(let key):
            return keyLine(key)
        case .alias(let alias):
            guard let start = keyLine("aliases") else { return nil }
            return frontMatter.first { $0.number >= start && $0.text.contains(alias) }?.number ?? start
        }
    }
}
