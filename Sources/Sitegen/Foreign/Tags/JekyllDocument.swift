import Foundation
import SitegenMarkdown
import SitegenTemplates

/// A page or post as Jekyll's Liquid sees it: its front matter, and `url`, `title`, `date`
/// (ISO 8601), `categories`, `tags`, `excerpt` (its front matter's, else its first paragraph,
/// rendered when asked),
/// `path`, `id`.
struct JekyllDocument: TemplateObject {
    private let frontMatter: FrontMatter
    private let language: String
    private let fields: [String: TemplateValue]
    private let excerpt: (@Sendable () -> String)?

    init(page: Page, language: String, excerpt: @escaping @Sendable (Page) -> String) {
        frontMatter = page.frontMatter
        self.language = language
        var fields: [String: TemplateValue] = [
            "url": .text(page.url), "title": .text(page.explicitTitle ?? page.fileTitle), "path": .text(page.sourcePath),
            "id": .text(page.url), "categories": .list(Self.list(page, "categories", single: "category").map { .text($0) }),
            "tags": .list(Self.list(page, "tags", single: "tag").map { .text($0) }),
        ]
        if let date = page.date { fields["date"] = .text(ISO8601DateFormatter().string(from: date)) }
        self.fields = fields
        self.excerpt = { excerpt(page) }
    }

    init(frontMatter: FrontMatter, url: String, language: String) {
        self.frontMatter = frontMatter
        self.language = language
        fields = ["url": .text(url)]
        excerpt = nil
    }

    func member(_ name: String) -> TemplateValue? {
        // A front matter's own `excerpt` is the excerpt, as in Jekyll.
        if name == "excerpt", frontMatter["excerpt"] == nil, let excerpt { return .text(excerpt()) }
        if let value = fields[name], name != "title" || frontMatter["title"] == nil { return value }
        return frontMatter[name].map { FrontMatterObject.value($0, language: language) } ?? fields[name]
    }

    /// A post's categories or tags: the front matter's list (or space-separated words), or its
    /// one `category`/`tag`.
    static func list(_ page: Page, _ key: String, single: String) -> [String] {
        if let terms = page.terms[key], !terms.isEmpty { return terms }
        switch page.frontMatter[key] {
        case .list(let values)?: return values.compactMap(\.string)
        case .string(let words)?: return JekyllPermalink.words(words)
        default: return page.frontMatter[single]?.string.map { [$0] } ?? []
        }
    }
}
