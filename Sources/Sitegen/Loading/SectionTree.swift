import Foundation
import SitegenMarkdown

/// The sections of a site, one job of loading: one for the top folder, each folder that holds
/// pages or an `_index.md`, and the folders above them, with the title, `weight`, `paginate`,
/// `sort` and `aliases` of its `_index.md`; and the site's title when its configuration gives none.
struct SectionTree {
    let layout: SiteLayout
    /// The site's languages: each one's folder (`fr`) is the root of its own tree, titled with
    /// the language's `title`.
    var languages: [SiteLanguage] = []
    /// Whether URLs keep folder names as written (``SiteConfiguration/keepFileNames``).
    var keepsFileNames = false

    /// The title of a site whose configuration gives none: the home page's (`_index.md`,
    /// `index.md` or `README.md` at the top: its `title`, else its first heading; of a Jekyll
    /// site's `index.html`, only its `title`), else the
    /// site folder's name — its parent's, when the folder has a name that says nothing of the
    /// site (`src`, `content`, `docs`…: a bare folder of chapters is often called `src`).
    func siteTitle(indexFiles: [String: (path: String, source: MarkdownSource)], pages: [Page]) -> String {
        let home = indexFiles[""]?.source ?? pages.first { $0.sourcePath.lowercased() == "readme.md" }.flatMap { try? $0.text.source() }
        // A Jekyll site's HTML home page (`index.html`) is no Markdown: only its front matter's title counts.
        let isHTML = indexFiles[""].map { $0.path.hasSuffix(".html") || $0.path.hasSuffix(".htm") } ?? false
        if let home, let title = home.frontMatter["title"]?.string ?? (isHTML ? nil : Self.headingTitle(of: home)), !title.isEmpty {
            return title
        }
        // A site from memory has no folder to be named after.
        return layout.folder.map { FileName.words(Self.folderName($0)) } ?? "Site"
    }

    /// Folder names that say where content is kept, not what it is.
    static let placeholderFolderNames: Set<String> = ["src", "source", "content", "contents", "docs", "doc", "site",
                                                      "website", "www", "pages", "markdown"]

    /// The name that stands for a site folder: its own, or its parent's when its own is a placeholder.
    static func folderName(_ folder: URL) -> String {
        let name = folder.standardizedFileURL.lastPathComponent
        let parent = folder.standardizedFileURL.deletingLastPathComponent().lastPathComponent
        guard placeholderFolderNames.contains(name.lowercased()), !parent.isEmpty, parent != "/" else { return name }
        return parent
    }

    /// A text's title from its headings: its first level-1 heading, else its first heading.
    static func headingTitle(of source: MarkdownSource) -> String? {
        let markdown = MarkdownParser(options: .init(frontMatter: false)).parse(source)
        return markdown.title ?? markdown.headings.first?.text
    }

    /// The sections; problems with the numbers and `sort` of `_index.md` files go to `errors`.
    func sections(pages: [Page], indexFiles: [String: (path: String, source: MarkdownSource)],
                  siteTitle: String, errors: inout [SiteError]) -> [String: Section] {
        var sections: [String: Section] = [:]
        let roots = Dictionary(languages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let defaultCode = languages.first { $0.path.isEmpty }?.code ?? languages.first?.code ?? ""
        func ensure(_ path: String) {
            guard sections[path] == nil else { return }
            let index = indexFiles[path]
            let frontMatter = index?.source.frontMatter ?? .empty
            let root = roots[path]
            let title = frontMatter["title"]?.string ?? root?.title
                ?? (path.isEmpty || root != nil ? siteTitle : index.flatMap { Self.headingTitle(of: $0.source) }
                    ?? FileName.words(URLPath.lastComponent(of: path)))
            let file = index.map { layout.display(contentPath: $0.path) }
            var weight = 0, paginate: Int?, sort: SortOrder?, aliases: [String] = []
            do throws(SiteError) {
                aliases = try PageReader.aliases(in: frontMatter, of: URLPath.folderURL(path, keepingNames: keepsFileNames), file: file)
                weight = try WholeNumber.read("weight", in: frontMatter, range: WholeNumber.weight, file: file, example: 10) ?? 0
                paginate = try WholeNumber.read("paginate", in: frontMatter, range: WholeNumber.paginate, file: file, example: 10,
                                                note: " (0 for no pagination)")
                switch frontMatter["sort"] {
                case nil, .null?: break
                case .string(let value)? where SortOrder(rawValue: value) != nil: sort = SortOrder(rawValue: value)
                default: throw SiteError(file: file, line: frontMatter.line(of: "sort"), "`sort` must be date, weight or title")
                }
            } catch {
                errors.append(error)
            }
            sections[path] = Section(path: path, url: URLPath.folderURL(path, keepingNames: keepsFileNames), title: title,
                                     weight: weight, paginate: paginate,
                                     sort: sort, sourcePath: file,
                                     source: index?.source ?? MarkdownSource(frontMatter: .empty, body: "", bodyLineOffset: 0))
            sections[path]?.aliases = aliases
            let top = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            let language = roots[top].map { ($0.code, top) } ?? (defaultCode, "")
            sections[path]?.language = language.0
            sections[path]?.translationKey = language.1.isEmpty ? path : String(path.dropFirst(language.1.count).drop { $0 == "/" })
            if !path.isEmpty && root == nil {
                let parent = URLPath.folder(of: path)
                ensure(parent)
                sections[parent]?.subsectionPaths.append(path)
            }
        }
        ensure("")
        for root in roots.keys.sorted() { ensure(root) }
        for (index, page) in pages.enumerated() {
            ensure(page.sectionPath)
            sections[page.sectionPath]?.pageIndices.append(index)
        }
        for path in indexFiles.keys { ensure(path) }
        return sections
    }
}
