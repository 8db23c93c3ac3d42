import Foundation
import SitegenMarkdown

/// A Markdown file of the content folder, loaded and placed at its URL, not yet rendered.
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
    public let frontMatter: FrontMatter
    /// `title` from the front matter, if given.
    public let explicitTitle: String?
    /// The title from the file name, for pages with neither a `title` nor a `#` heading.
    public let fileTitle: String
    /// `date`, or the `YYYY-MM-DD-` prefix of the file name.
    public let date: Date?
    /// `updated`.
    public let updated: Date?
    /// `draft: true`.
    public let isDraft: Bool
    /// `weight`, for ordering (lower first). Default 0.
    public let weight: Int
    /// `layout`: the template to render with instead of `page`.
    public let layout: String?
    /// `tags`.
    public let tags: [String]
    /// `description`, if given.
    public let description: String?
    /// The front matter and the Markdown body.
    let source: MarkdownSource
}

/// A page after its Markdown was parsed, modified and rendered with its template. Keeps
/// what list pages, feeds and plugins need, not the HTML.
public struct RenderedPage: Sendable {
    /// The loaded page.
    public let page: Page
    /// Its title: `title`, else the first `#` heading, else the file name.
    public let title: String
    /// Its description: `description`, else the first paragraph.
    public let description: String
    /// The headings of its text.
    public let headings: [Heading]
    /// The words a reader sees in its text.
    public let wordCount: Int
}
