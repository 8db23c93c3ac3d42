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
        let text: String
        /// Where the HTML is kept instead of ``text`` when it was spilled to a file, and its
        /// digest when it is to be checked (a file of the build cache).
        let spilled: (file: SpillFile, range: Range<Int>, digest: UInt64?)?
        let data: FrontMatter
        let titleID: String?

        init(page: Page, title: String, description: String, summary: String, headings: [Heading],
             content: String, spilled: (file: SpillFile, range: Range<Int>, digest: UInt64?)? = nil, data: FrontMatter, titleID: String?) {
            self.page = page
            self.title = title
            self.description = description
            self.summary = summary
            self.headings = headings
            self.text = content
            self.spilled = spilled
            self.data = data
            self.titleID = titleID
        }

        var content: String {
            guard let spilled else { return text }
            // A text that does not read back leaves the file damaged, which the build checks before it publishes.
            return spilled.file.text(at: spilled.range, digest: spilled.digest) ?? ""
        }
    }

    private var storage: Storage

    init(page: Page, title: String, description: String, summary: String, headings: [Heading],
         content: String, data: FrontMatter, titleID: String? = nil) {
        storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                          content: content, data: data, titleID: titleID)
    }

    /// A page whose HTML is kept at `spilled` (`nil`: it has none).
    init(page: Page, title: String, description: String, summary: String, headings: [Heading],
         spilled: (file: SpillFile, range: Range<Int>, digest: UInt64?)?, data: FrontMatter, titleID: String? = nil) {
        storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                          content: "", spilled: spilled, data: data, titleID: titleID)
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
    public var content: String { storage.content }
    /// The `id` of the heading left out of ``content`` because it is the title: the theme's
    /// title heading carries it, so that links to it still lead somewhere.
    public var titleID: String? { _read { yield storage.titleID } }
    /// This rendered page, of `page` (the same page, as loaded again).
    func with(page: Page) -> RenderedPage {
        var copy = self
        copy.storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                               content: storage.text, spilled: storage.spilled, data: data, titleID: titleID)
        return copy
    }

    /// This rendered page with its HTML kept in `file` instead of memory (as it is when the
    /// file cannot take it).
    func spilled(into file: SpillFile) -> RenderedPage {
        guard storage.spilled == nil, let range = file.append(storage.text) else { return self }
        var copy = self
        copy.storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                               content: "", spilled: (file, range, nil), data: data, titleID: titleID)
        return copy
    }

    /// Whether the build's own file of pages' HTML, where this page's is kept, did not read
    /// back (``SpillFile/isDamaged``): the HTML read of any page of it may be missing.
    var lostHTML: Bool {
        storage.spilled.map { $0.file.isScratch && $0.file.isDamaged } ?? false
    }

    /// This page with its HTML in memory, read back once when it was kept in a file: for a
    /// render that reads it more than once (the page's image in its head, then its text).
    func unspilled() -> RenderedPage {
        guard storage.spilled != nil else { return self }
        var copy = self
        copy.storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                               content: storage.content, data: data, titleID: titleID)
        return copy
    }

    /// Values plugins add for templates, as `page.data.KEY` (the page's own, then computed ones).
    public internal(set) var data: FrontMatter {
        get { storage.data }
        set {
            storage = Storage(page: page, title: title, description: description, summary: summary, headings: headings,
                              content: storage.text, spilled: storage.spilled, data: newValue, titleID: titleID)
        }
    }
}
