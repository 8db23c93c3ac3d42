import Foundation
import SitegenMarkdown

/// mdBook's configuration (`book.toml`), as sitegen reads it: the book is built with the docs
/// theme, its chapters at the URLs mdBook gives them.
///
/// | mdBook | sitegen |
/// |---|---|
/// | `[book] title`, `description`, `language` | `title`, `description`, `language` |
/// | `[book] authors` | `author` (joined with commas) |
/// | `[book] src` | the content folder (``ForeignContentFolder``) |
/// | `[output.html] site-url` | `baseURL` |
/// | `[output.html] git-repository-url` | `repository` |
/// | `[output.html] edit-url-template` | `editURL` |
/// | `[output.html] additional-css` | `stylesheets`, each file published at its path from the book's folder |
/// | `[output.html.redirect]` | `redirects` |
/// | `[output.html] smart-punctuation` (default `true`; `curly-quotes` before mdBook 0.4.40) | curly quotes, dashes and ellipses in the text |
/// | (always) | no header menu of folders (`SUMMARY.md` is the navigation); Rust code blocks' hidden `# ` lines left out; `theme: docs`, `uglyURLs: true`, `keepFileNames: true` (`a/b.md` → `/a/b.html`, `README.md` → `index.html`) |
enum MdBookConfiguration {
    /// The configuration of the book in `root`.
    ///
    /// - Throws: ``SiteError`` at the key's line for a value of the wrong kind, or a `src` that
    ///   is not a folder inside the book's folder.
    static func read(_ values: inout ForeignConfigurationValues, defaultTitle: String, root: String,
                     in source: any SiteSource) throws(SiteError) -> SiteConfiguration {
        let book = try values.table("book") ?? .empty
        let file = values.file
        func text(_ key: String, in table: FrontMatter, _ name: String) throws(SiteError) -> String? {
            guard let value = table[key], value != .null else { return nil }
            guard let text = value.string else { throw SiteError(file: file, line: table.line(of: key), "`\(name)` must be text") }
            return text
        }
        var configuration = SiteConfiguration(title: try text("title", in: book, "book.title") ?? defaultTitle, theme: "docs")
        configuration.description = try text("description", in: book, "book.description") ?? ""
        let src = try text("src", in: book, "book.src") ?? "src"
        guard let chapters = ForeignContentFolder.inside(src) else {
            throw SiteError(file: file, line: book.line(of: "src"), "`book.src` (\(src)) must be a folder inside the book's folder, such as src")
        }
        guard ForeignContentFolder.isFolder(src, in: root, of: source) else {
            throw SiteError(file: file, line: book.line(of: "src") ?? values.values.line(of: "book"),
                            "the book's chapters folder \(src)/ (`book.src`) is not there; create it with a SUMMARY.md, or set `src`")
        }
        if let language = try text("language", in: book, "book.language")?.replacingOccurrences(of: "_", with: "-"), !language.isEmpty {
            guard SiteLanguage.isCode(language) else {
                throw SiteError(file: file, line: book.line(of: "language"), "`book.language` (\(language)) \(SiteLanguage.notACode)")
            }
            configuration.language = language
        }
        switch book["authors"] {
        case .list(let names)?: configuration.author = names.compactMap(\.string).joined(separator: ", ")
        case .string(let name)?: configuration.author = name
        default: break
        }
        if configuration.author?.isEmpty == true { configuration.author = nil }
        configuration.uglyURLs = true
        configuration.keepFileNames = true
        configuration.hidesRustLines = true
        configuration.menuOfSections = false
        let html = (try values.table("output"))?["html"]?.map ?? .empty
        if let url = try text("site-url", in: html, "output.html.site-url"), !url.isEmpty {
            try values.checkBaseURL(url, from: "output")
            configuration.baseURL = url.hasSuffix("/") ? url : url + "/"
        }
        configuration.smartPunctuation = (html["smart-punctuation"] ?? html["curly-quotes"])?.bool ?? true
        // mdBook's pulldown-cmark links no bare URL.
        configuration.linksBareURLs = false
        configuration.repository = try text("git-repository-url", in: html, "output.html.git-repository-url")
        configuration.editURL = try text("edit-url-template", in: html, "output.html.edit-url-template")
        switch html["additional-css"] {
        case nil, .null?: break
        case .list(let files)?:
            for listed in files {
                // Paths from the book's folder; one outside it is not published.
                guard let path = listed.string.flatMap(ForeignContentFolder.inside) else {
                    throw SiteError(file: file, line: html.line(of: "additional-css"),
                                    "`output.html.additional-css` must list CSS files inside the book's folder, such as theme/book.css")
                }
                // A file of the chapters' folder is published with them; any other at its path from the book's folder.
                let inChapters = path.hasPrefix(chapters + "/")
                let url = URLPath.encoded("/" + (inChapters ? String(path.dropFirst(chapters.count + 1)) : path))
                guard !configuration.stylesheets.contains(url) else { continue }
                configuration.stylesheets.append(url)
                if !inChapters { configuration.extraFiles.append(path) }
            }
        default:
            throw SiteError(file: file, line: html.line(of: "additional-css"), "`output.html.additional-css` must be a list of CSS files")
        }
        switch html["redirect"] {
        case nil, .null?: break
        case .map(let table)?: configuration.redirects = try Redirect.read(table, file: file, line: { html.line(of: "redirect") })
        default: throw SiteError(file: file, line: html.line(of: "redirect"), "`output.html.redirect` must be a table of old and new paths")
        }
        _ = values.value("rust")
        return configuration
    }
}
