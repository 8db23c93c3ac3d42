import Foundation
import SitegenMarkdown

/// A Markdown file of the content folder, loaded and placed at its URL, not yet rendered.
/// Page processors (``Site/pageProcessors``) may change what is `var`; the URL and file stay.
public struct Page: Sendable {
    /// The file, relative to the content folder (`posts/hello.md`, `posts/trip/index.md`).
    public let sourcePath: String
    /// The page's URL path in the site, such as `/posts/hello/`.
    public let url: String
    /// The path of the section the page belongs to (`posts`; empty for the top level).
    public let sectionPath: String
    /// Whether the page is a bundle (`folder/index.md`) whose other files are published beside it.
    public let isBundle: Bool
    /// The front matter as written.
    public var frontMatter: FrontMatter
    /// `title` from the front matter, if given.
    public var explicitTitle: String?
    /// The title from the file name, for pages with neither a `title` nor a `#` heading.
    public let fileTitle: String
    /// `date`, or the `YYYY-MM-DD-` prefix of the file name.
    public var date: Date?
    /// `updated`.
    public var updated: Date?
    /// `draft: true`.
    public let isDraft: Bool
    /// `weight`, for ordering (lower first). Default 0.
    public var weight: Int
    /// `layout`: the template to render with instead of `page`.
    public var layout: String?
    /// `tags`.
    public var tags: [String] { terms["tags"] ?? [] }
    /// The page's terms of every taxonomy (`tags`, and any in `taxonomies:` of sitegen.yml).
    public var terms: [String: [String]]
    /// `aliases`: old URLs that redirect to this page.
    public var aliases: [String]
    /// `description`, if given.
    public var description: String?
    /// Values plugins add for templates, as `page.data.KEY`.
    public var data: FrontMatter = .empty
    /// The front matter and the Markdown body.
    let source: MarkdownSource
    /// Which read of the file this is, in a live build (0 otherwise): a page parsed from the same
    /// revision parses the same.
    var revision = 0
}
