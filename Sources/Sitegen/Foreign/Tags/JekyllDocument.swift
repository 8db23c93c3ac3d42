import Foundation
import SitegenMarkdown
import SitegenTemplates

/// A page or post as Jekyll's Liquid sees it: its front matter, and `url`, `title`, `date`
/// (ISO 8601), `categories`, `tags`, `excerpt` (its front matter's, else cut from its HTML
/// at `excerpt_separator` or after its first paragraph), `content` (its HTML), a post's
/// `previous` and `next` (once known, ``JekyllDocuments``),
/// `path`, `id`.
struct JekyllDocument: TemplateObject {
    private let frontMatter: FrontMatter
    private let language: String
    private let fields: [String: TemplateValue]
    private let excerpt: (@Sendable () -> String)?
    /// The other documents, for `content`, the excerpt and a post's `previous` and `next`.
    private let documents: JekyllDocuments?
    private let path: String
    /// What ends the excerpt (`excerpt_separator`; a blank line by default).
    private let separator: String
    private let isPost: Bool

    init(page: Page, language: String, documents: JekyllDocuments? = nil, separator: String = "\n\n", timeZone: TimeZone? = nil,
         excerpt: @escaping @Sendable (Page) -> String) {
        frontMatter = page.frontMatter
        self.language = language
        self.documents = documents
        path = page.sourcePath
        self.separator = page.frontMatter["excerpt_separator"]?.string ?? separator
        isPost = Self.isPost(page.sourcePath)
        var fields: [String: TemplateValue] = [
            "url": .text(page.url), "path": .text(page.sourcePath),
            "id": .text(page.url), "categories": .list(Self.list(page, "categories", single: "category").map { .text($0) }),
            "tags": .list(Self.list(page, "tags", single: "tag").map { .text($0) }),
        ]
        if let date = page.date { fields["date"] = .text(JekyllPermalink.liquidText(of: date, zone: timeZone)) }
        // A post is titled by its file's name when its front matter gives no title; another page is not, as in Jekyll.
        if let title = page.explicitTitle ?? (isPost ? page.fileTitle : nil) {
            fields["title"] = .text(title)
        }
        // The collection a document is of: `posts`, or the label of the `_label` folder it is in.
        let components = page.sourcePath.split(separator: "/")
        if isPost {
            fields["collection"] = .text("posts")
        } else if let first = components.first, first.hasPrefix("_"), first.count > 1, components.count > 1 {
            fields["collection"] = .text(String(first.dropFirst()))
        }
        self.fields = fields
        self.excerpt = { excerpt(page) }
    }

    init(frontMatter: FrontMatter, url: String, language: String, path: String? = nil) {
        self.frontMatter = frontMatter
        self.language = language
        fields = ["url": .text(url)].merging(path.map { ["path": .text($0), "id": .text(url)] } ?? [:]) { $1 }
        excerpt = nil
        documents = nil
        self.path = path ?? ""
        separator = "\n\n"
        isPost = false
    }

    func member(_ name: String) -> TemplateValue? {
        switch name {
        // A front matter's own `excerpt` is the excerpt, as in Jekyll; else it is cut from the page's HTML, once known.
        case "excerpt" where frontMatter["excerpt"] == nil:
            if let html = documents?.html(of: path) { return .text(Self.excerpt(of: html, separator: separator)) }
            if let excerpt { return .text(excerpt()) }
        case "content":
            if let html = documents?.html(of: path) { return .text(html) }
        case "previous", "next":
            // A post's or a collection document's neighbour in its collection.
            if let neighbour = documents?.neighbour(of: path, next: name == "next") { return neighbour }
            if isPost { return .null }
        default: break
        }
        if let value = fields[name], name != "title" || frontMatter["title"] == nil { return value }
        return frontMatter[name].map { FrontMatterObject.value($0, language: language, dateText: JekyllPermalink.valueText(of:)) } ?? fields[name]
    }

    /// The excerpt Jekyll cuts from a page's HTML `html`: what comes before `separator` when
    /// the HTML holds it (`<!--more-->` stays in it as written), else its first block (its
    /// first paragraph, with the line it ends).
    static func excerpt(of html: String, separator: String) -> String {
        // Cut at the separator only where no element is left open, else after the first block.
        if separator != "\n\n", !separator.isEmpty, let cut = html.range(of: separator),
           openElements(in: html[..<cut.lowerBound]) == 0 {
            return String(html[..<cut.lowerBound])
        }
        return firstBlock(of: html)
    }

    /// Elements that have no closing tag.
    private static let voidElements: Set<Substring> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                                        "source", "track", "wbr"]

    /// How many elements `html` leaves open (a negative count: it closes more than it opens).
    private static func openElements(in html: Substring) -> Int {
        var depth = 0
        forEachTag(in: html) { closing, _ in depth += closing ? -1 : 1; return true }
        return depth
    }

    /// The first top-level element of `html` (its first block: a paragraph, list, table…) with
    /// the line break after it; all of `html` when it never closes.
    private static func firstBlock(of html: String) -> String {
        var depth = 0, end: String.Index?
        forEachTag(in: html[...]) { closing, tagEnd in
            depth += closing ? -1 : 1
            if depth <= 0 { end = tagEnd; return false }
            return true
        }
        guard let end else { return html }
        return String(html[..<end]) + "\n"
    }

    /// Calls `visit` with each opening (`false`) or closing (`true`) tag of `html` and where
    /// it ends, leaving out void elements, self-closed ones and comments, until it returns false.
    private static func forEachTag(in html: Substring, _ visit: (Bool, String.Index) -> Bool) {
        var rest = html
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            if after.hasPrefix("!--") {
                guard let close = after.range(of: "-->") else { return }
                rest = after[close.upperBound...]
                continue
            }
            guard let close = after.firstIndex(of: ">") else { return }
            let tag = after[..<close]
            let tagEnd = after.index(after: close)
            rest = after[tagEnd...]
            let closing = tag.hasPrefix("/")
            let name = (closing ? tag.dropFirst() : tag).prefix { $0.isLetter || $0.isNumber }.lowercased()
            guard !name.isEmpty, !voidElements.contains(Substring(name)), !tag.hasSuffix("/") else { continue }
            if !visit(closing, tagEnd) { return }
        }
    }

    /// Whether the content file at `path` is a post: in a `_posts` (or `_drafts`) folder.
    static func isPost(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0 == "_posts" || $0 == "_drafts" }
    }

    /// A post's categories or tags: the front matter's list (or space-separated words), or its
    /// one `category`/`tag`; a post's categories start with the folders above `_posts`
    /// (`en/news/_posts/` → `en`, `news`), as Jekyll gives them.
    static func list(_ page: Page, _ key: String, single: String) -> [String] {
        if key == "categories", isPost(page.sourcePath) {
            return JekyllPermalink(rules: JekyllPermalinkRules(site: nil), path: page.sourcePath, frontMatter: page.frontMatter,
                                   date: nil).categoryNames
        }
        if let terms = page.terms[key], !terms.isEmpty { return terms }
        switch page.frontMatter[key] {
        case .list(let values)?: return values.compactMap(\.string)
        case .string(let words)?: return JekyllPermalink.words(words)
        default: return page.frontMatter[single]?.string.map { [$0] } ?? []
        }
    }
}
