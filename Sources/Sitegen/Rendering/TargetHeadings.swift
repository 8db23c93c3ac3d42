import Synchronization

/// The headings of the site's Markdown files, parsed when a link first asks for them: links
/// written for Zola name headings by Zola's slug, which sitegen's ids may not match.
final class TargetHeadings: Sendable {
    private let sources: [String: PageText]
    private let parser: MarkdownParser
    private let parsed = Mutex<[String: [Heading]]>([:])

    /// Headings of the files in `sources` (content path → source), as `parser` gives them.
    init(sources: [String: PageText], parser: MarkdownParser) {
        self.sources = sources
        self.parser = MarkdownParser(options: parser.options)
    }

    /// The headings of the file at `contentPath`, or `nil` when it is not a Markdown file of the site.
    func headings(of contentPath: String) -> [Heading]? {
        if let known = parsed.withLock({ $0[contentPath] }) { return known }
        // A file that no longer reads is reported by its own page's parse.
        guard let source = try? sources[contentPath]?.source() else { return nil }
        let headings = parser.parse(source).headings
        parsed.withLock { $0[contentPath] = headings }
        return headings
    }
}
