import SitegenMarkdown
import Synchronization

/// A page after its Markdown was parsed and modified: what its template, list pages, feeds
/// and plugins use.
///
/// A rendered page is a value kept in one shared box, so that lists of thousands of pages are
/// sorted and passed around without copying every field.
public struct RenderedPage: Sendable {
    /// What a rendered page holds besides its page, title and HTML.
    struct Details: Sendable {
        let description: String
        let summary: String
        let headings: [Heading]
        let data: FrontMatter
        let titleID: String?
    }

    /// Details made when first asked for, once (a build cache's page, whose details a build of
    /// one edit mostly never reads).
    final class DeferredDetails: Sendable {
        private let made = Mutex<Details?>(nil)
        private let make: @Sendable () -> Details

        init(_ make: @escaping @Sendable () -> Details) {
            self.make = make
        }

        var details: Details {
            made.withLock { made in
                if let details = made { return details }
                let details = make()
                made = details
                return details
            }
        }
    }

    /// A page's details, made with it or when first asked for.
    enum DetailsSource: Sendable {
        case made(Details)
        case deferred(DeferredDetails)

        var details: Details {
            switch self {
            case .made(let details): details
            case .deferred(let deferred): deferred.details
            }
        }
    }

    private final class Storage: Sendable {
        let page: Page
        let title: String
        let source: DetailsSource
        let text: String
        /// Where the HTML is kept instead of ``text`` when it was spilled to a file, and its
        /// digest when it is to be checked (a file of the build cache).
        let spilled: (file: SpillFile, range: Range<Int>, digest: UInt64?)?

        init(page: Page, title: String, details: DetailsSource, content: String,
             spilled: (file: SpillFile, range: Range<Int>, digest: UInt64?)? = nil) {
            self.page = page
            self.title = title
            self.source = details
            self.text = content
            self.spilled = spilled
        }

        var details: Details { source.details }

        var content: String {
            guard let spilled else { return text }
            // A text that does not read back leaves the file damaged, which the build checks before it publishes.
            return spilled.file.text(at: spilled.range, digest: spilled.digest) ?? ""
        }
    }

    private var storage: Storage

    init(page: Page, title: String, description: String, summary: String, headings: [Heading],
         content: String, data: FrontMatter, titleID: String? = nil) {
        storage = Storage(page: page, title: title, details: .made(Details(description: description, summary: summary, headings: headings,
                                                                           data: data, titleID: titleID)), content: content)
    }

    /// A page whose HTML is kept at `spilled` (`nil`: it has none), with its `details`.
    init(page: Page, title: String, details: DetailsSource, spilled: (file: SpillFile, range: Range<Int>, digest: UInt64?)?) {
        storage = Storage(page: page, title: title, details: details, content: "", spilled: spilled)
    }

    /// The loaded page.
    public var page: Page { _read { yield storage.page } }
    /// Its title: `title`, else the first `#` heading, else its first heading of any level, else
    /// the file name.
    public var title: String { _read { yield storage.title } }
    /// Its description: `description`, else ``summary``.
    public var description: String { storage.details.description }
    /// Its summary: the text before `<!--more-->`, else the first paragraph, as plain text.
    public var summary: String { storage.details.summary }
    /// The headings of its text.
    public var headings: [Heading] { storage.details.headings }
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
    public var titleID: String? { storage.details.titleID }
    /// Its details, made or as they will be made when first asked for.
    var details: DetailsSource { storage.source }
    /// This rendered page, of `page` (the same page, as loaded again).
    func with(page: Page) -> RenderedPage {
        var copy = self
        copy.storage = Storage(page: page, title: title, details: storage.source, content: storage.text, spilled: storage.spilled)
        return copy
    }

    /// This rendered page with its HTML kept in `file` instead of memory (as it is when the
    /// file cannot take it).
    func spilled(into file: SpillFile) -> RenderedPage {
        guard storage.spilled == nil, let range = file.append(storage.text) else { return self }
        var copy = self
        copy.storage = Storage(page: page, title: title, details: storage.source, content: "", spilled: (file, range, nil))
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
        copy.storage = Storage(page: page, title: title, details: storage.source, content: storage.content)
        return copy
    }

    /// Values plugins add for templates, as `page.data.KEY` (the page's own, then computed ones).
    public internal(set) var data: FrontMatter {
        get { storage.details.data }
        set {
            let details = storage.details
            storage = Storage(page: page, title: title, details: .made(Details(description: details.description, summary: details.summary,
                                                                               headings: details.headings, data: newValue, titleID: details.titleID)),
                              content: storage.text, spilled: storage.spilled)
        }
    }
}
