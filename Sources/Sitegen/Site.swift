@_exported import SitegenMarkdown

/// A website: its settings and the Markdown parser its pages go through.
///
/// This is the start of the site model; loading, rendering and writing come in later stages.
public struct Site: Sendable {
    /// The site's title.
    public var title: String
    /// The absolute URL the site is published at, such as `https://example.org`.
    public var baseURL: String
    /// The parser every page's Markdown goes through.
    public var markdownParser: MarkdownParser

    /// Creates a site. Pages get heading ids, so tables of contents can link to them.
    public init(title: String, baseURL: String = "/",
                markdownParser: MarkdownParser = MarkdownParser(options: .init(headingIDs: true))) {
        self.title = title
        self.baseURL = baseURL
        self.markdownParser = markdownParser
    }

    /// Adds a modifier to the site's Markdown parser.
    public mutating func addModifier(_ modifier: Modifier) {
        markdownParser.addModifier(modifier)
    }
}
