import SitegenMarkdown

/// A page after its Markdown was parsed and modified: what its template, list pages, feeds
/// and plugins use.
///
/// A rendered page is a value kept in one shared box, so that lists of thousands of pages are
/// sorted and passed around without copying every field.
public struct RenderedPage: Sendable {
    private final class Storage: Sendable {
        let page: Page
        let title: String
        let description: String
        let summary: String
        let headings: [Heading]
        let content: String
        let data: FrontMatter
        let titleID: String?

        init(page: Page, title: String, description: String, summary: String, headings: [Heading],
             content: String, data: FrontMatter, titleID: String?) {
            self.page = page
            self.title = title
            self.description = description
            self.summary = summary
            self.headings = headings
            self.content = content
            self.data = data
            self.titleID = titleID
        }
    }

    private var storage: Storage

    init(page: Page, title: String, description: String, summary: String, headings: [Heading],
         content: String, data: FrontMatter, titleID: String? = nil) {
        storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                          content: content, data: data, titleID: titleID)
    }

    /// The loaded page.
    public var page: Page { _read { yield storage.page } }
    /// Its title: `title`, else the first `#` heading, else its first heading of any level, else
    /// the file name.
    public var title: String { _read { yield storage.title } }
    /// Its description: `description`, else ``summary``.
    public var description: String { _read { yield storage.description } }
    /// Its summary: the text before `<!--more-->`, else the first paragraph, as plain text.
    public var summary: String { _read { yield storage.summary } }
    /// The headings of its text.
    public var headings: [Heading] { _read { yield storage.headings } }
    /// The words a reader sees in its text, counted when asked (most themes never ask); in
    /// Chinese and Japanese, each character counts as a word.
    public var wordCount: Int { WordCounter.count(storage.content) }
    /// Minutes to read its text, at least one: 220 words a minute, and 500 characters a
    /// minute of Chinese and Japanese.
    public var readingMinutes: Int { WordCounter.tally(storage.content).readingMinutes }
    /// The page's HTML body (its Markdown rendered and modified, without the template). The
    /// heading that opens the text is left out when it is the title, which the theme shows.
    public var content: String { _read { yield storage.content } }
    /// The `id` of the heading left out of ``content`` because it is the title: the theme's
    /// title heading carries it, so that links to it still lead somewhere.
    public var titleID: String? { _read { yield storage.titleID } }
    /// This rendered page, of `page` (the same page, as loaded again).
    func with(page: Page) -> RenderedPage {
        RenderedPage(page: page, title: title, description: description, summary: summary, headings: headings, content: content,
                     data: data, titleID: titleID)
    }

    /// Values plugins add for templates, as `page.data.KEY` (the page's own, then computed ones).
    public internal(set) var data: FrontMatter {
        get { storage.data }
        set {
            storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                              content: content, data: newValue, titleID: titleID)
        }
    }
}
