import Foundation
import SitegenLimits
import SitegenMarkdown

/// Sorts the HTML and XML files of a Jekyll site (one with `_config.yml`) that Jekyll would
/// render, those with front matter or Liquid tags, into what sitegen does with them.
///
/// - Files whose job sitegen does itself are left out, each with one note, and sitegen's own
///   output is published at their URL: the root `index.html` (the home page), `404.html`,
///   the feeds `feed.xml`, `atom.xml`, `rss.xml` (sitegen's Atom feed is also written at
///   `feed.xml` when the site had one, and where jekyll-feed would publish it, ``JekyllFeed``),
///   `sitemap.xml`, and a folder's `index.html` where
///   sitegen publishes the folder's list (a folder with Markdown pages in or below it), but
///   for one with `redirect_to`, which is the folder's page (a redirect, ``JekyllRedirects``).
///   A root or folder `index.html` (or the root `404.html`) whose `layout:` is one of the
///   site's own `_layouts/` (or `null`, no layout) is the home, folder or 404 page instead,
///   drawn by that layout (``JekyllLayouts``).
/// - Other HTML files with front matter are pages: their front matter read, their HTML (its
///   Liquid run, ``JekyllLiquid``) the page's text inside the theme.
/// - Other text files with front matter (`search.json`, `feed.json`, `assets/site.css`) have
///   their Liquid run and are written where they are, as Jekyll writes them.
/// - Sass files with front matter (`assets/main.scss`) have their Liquid run and are compiled
///   to the stylesheet Jekyll publishes in their place (`assets/main.css`, ``SassStylesheet``).
/// - Everything else is copied as it is, as Jekyll copies files without front matter.
struct JekyllPageFiles {
    /// HTML files to read as pages, relative to the content folder.
    private(set) var pages: [String] = []
    /// The files left to copy as they are.
    private(set) var otherFiles: [String] = []
    /// One for each file replaced by sitegen's own output.
    private(set) var notes: [SiteError] = []
    /// Files other than HTML with front matter (`search.json`, `feed.json`, `assets/site.css`),
    /// whose Liquid runs and which are written where they are (Sass compiled to CSS beside
    /// it), relative to the content folder.
    private(set) var liquidFiles: [String] = []
    /// Output paths besides `atom.xml` and `rss.xml` where the site's Atom feed is written too.
    private(set) var feedPaths: [String] = []

    /// The endings of the files other than HTML whose front matter is looked for.
    private static let textExtensions = [".xml", ".json", ".txt", ".css", ".js", ".webmanifest", ".csv", ".tsv", ".svg", ".ics", ".rss",
                                         ".atom", ".yml", ".yaml", ".toml"]

    /// What sitegen publishes instead of each root file it makes itself.
    private static let ownFiles: [String: String] = [
        "index.html": "home page", "index.htm": "home page", "404.html": "404 page",
        "atom.xml": "Atom feed", "feed.xml": "Atom feed", "rss.xml": "RSS feed", "sitemap.xml": "sitemap",
    ]

    /// Sorts `files` (the content folder's files that are not Markdown, relative to `content`);
    /// `markdown` are its Markdown files, whose folders get lists. `display` shows a path as
    /// messages name it.
    init(files: [String], markdown: [String], content: String, in source: any SiteSource, display: (String) -> String) {
        var listed: Set<String> = [""]
        for path in markdown { listed.formUnion(URLPath.ancestors(of: path)) }
        for path in files {
            let name = URLPath.lastComponent(of: path)
            if JekyllSassSettings.isSass(name),
               let head = try? source.text(of: FolderWalker.join(content, path), maximumSize: Limits.markdownFileBytes),
               head.hasPrefix("---\n") || head.hasPrefix("---\r\n") {
                // Sass with front matter, which Jekyll compiles: its Liquid runs, then Sass (``SassStylesheet``).
                liquidFiles.append(path)
                continue
            }
            let isHTML = name.hasSuffix(".html") || name.hasSuffix(".htm")
            let isText = Self.textExtensions.contains(where: { name.hasSuffix($0) })
            guard isHTML || isText,
                  let text = try? source.text(of: FolderWalker.join(content, path), maximumSize: Limits.markdownFileBytes)
            else {
                otherFiles.append(path)
                continue
            }
            let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
            let hasFrontMatter = body.hasPrefix("---\n") || body.hasPrefix("---\r\n")
            let liquidLine = Self.firstLiquidLine(in: body)
            guard hasFrontMatter || liquidLine != nil else {
                otherFiles.append(path)
                continue
            }
            let folder = URLPath.folder(of: path)
            let frontMatter = hasFrontMatter ? (try? MarkdownSource(text: String(body)))?.frontMatter : nil
            // A home or folder page drawn by one of the site's own layouts is the folder's page, as in Jekyll.
            let hasLayout = frontMatter.map { Self.namesNoLayout($0, at: path, body: (try? MarkdownSource(text: String(body)))?.body) } == true
                || Self.layoutName(frontMatter?["layout"]?.string).map { Self.layoutText($0, in: source) != nil } ?? false
            if hasLayout, name == "index.html" || name == "index.htm" || (folder.isEmpty && name == "404.html") {
                pages.append(path)
            } else if let own = folder.isEmpty ? Self.ownFiles[name] : nil {
                if name == "feed.xml" { feedPaths.append(path) }
                notes.append(SiteError(file: display(path), "Jekyll's template for the \(own); sitegen publishes its own \(own) at "
                                       + "/\(name == "index.html" || name == "index.htm" ? "" : name) instead"))
            } else if !folder.isEmpty, name == "index.html" || name == "index.htm", listed.contains(folder),
                      frontMatter?["redirect_to"] == nil {
                notes.append(SiteError(file: display(path), "Jekyll's page for the folder \(folder)/; sitegen publishes its own "
                                       + "list of the folder's pages at /\(URLPath.decoded(URLPath.folderURL(folder)).dropFirst()) instead"))
            } else if isHTML && hasFrontMatter {
                // Its Liquid runs as it is rendered (JekyllLiquid).
                pages.append(path)
            } else if hasFrontMatter {
                // Its Liquid runs, and it is written where it is (`search.json`), as Jekyll writes it.
                liquidFiles.append(path)
            } else {
                otherFiles.append(path)
            }
        }
    }

    /// A layout's name as `layout:` gives it (`post`, `post.html`); `nil` for none (`none`,
    /// `null`, empty, a name that climbs with `..`).
    static func layoutName(_ given: String?) -> String? {
        guard let given, !given.isEmpty, given != "none", given != "null", !given.split(separator: "/").contains("..") else { return nil }
        return given.hasSuffix(".html") ? String(given.dropLast(5)) : given
    }

    /// Whether the file at `path` with `frontMatter` and `body` has no layout at all:
    /// `layout: null` (or empty) or `layout: none`, or an HTML file whose front matter names
    /// none and that is a whole document (`<!DOCTYPE html>…`), which Jekyll writes as it is.
    /// (Other HTML without a layout is drawn by the theme, as GitHub Pages gives it one.)
    static func namesNoLayout(_ frontMatter: FrontMatter, at path: String, body: @autoclosure () -> Substring?) -> Bool {
        switch frontMatter["layout"] {
        case .null?: return true
        case .string(let name)?: return name == "none" || name == "null"
        case nil:
            guard path.hasSuffix(".html") || path.hasSuffix(".htm"), let body = body() else { return false }
            let start = body.drop { $0.isWhitespace }.prefix(9).lowercased()
            return start.hasPrefix("<!doctype") || start.hasPrefix("<html")
        default: return false
        }
    }

    /// The text of the site's layout `name` (`_layouts/NAME.html`), if it is a file inside `_layouts`.
    static func layoutText(_ name: String, in source: any SiteSource) -> String? {
        ConfinedFile.text(at: name + ".html", from: "_layouts", root: "_layouts", in: source, maximumSize: Limits.templateFileBytes)
    }

    /// The line (from 1, front matter counted) of the first `{%` or `{{` of `text`.
    static func firstLiquidLine(in text: Substring) -> Int? {
        var line = 1
        var previous: Character = "\n"
        for character in text {
            if previous == "{" && (character == "%" || character == "{") { return line }
            if character == "\n" { line += 1 }
            previous = character
        }
        return nil
    }
}
