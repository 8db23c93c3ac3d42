/// A parsed Markdown document: its HTML and what a site needs to know about it.
public struct Markdown: Sendable, Hashable {
    /// The HTML body, with every modifier applied.
    public package(set) var html: String
    /// The front matter, YAML, TOML or JSON (empty when the document has none, or when front
    /// matter parsing is off).
    public let frontMatter: FrontMatter
    /// The plain text of the first level-1 heading, if any.
    public let title: String?
    /// Every heading in document order.
    public let headings: [Heading]
    /// The plain text of the first paragraph, if any.
    public let summary: String?
    /// How many lines of the file the front matter took, so that a line of the body can be
    /// reported as a line of the file.
    public let bodyLineOffset: Int
    /// The document's first heading, when it was left out of ``html`` because it is the title
    /// a site shows itself (see ``MarkdownParser/TitleHeading``); it stays in ``headings``.
    public let omittedHeading: Heading?
    /// The lines of the file (front matter counted) that each code block takes, fences
    /// included, in document order: where text is shown as written.
    package let codeLines: [ClosedRange<Int>]
    /// The line of the file (front matter counted) of the first callout nested deeper than
    /// ``Limits/containerDepth`` (`:::` containers and alerts counted together), if any: a
    /// site makes it an error; the HTML holds it as the others.
    package var tooDeepAlertLine: Int? = nil
    /// The formulas that could not be read (see ``MarkdownParser/Options/math``).
    package var mathFailures: [MathReader.Failure] = []

    /// The number of words a reader sees: the text of ``html``, tags not counted. Computed
    /// on each use, in one pass over the HTML.
    public var wordCount: Int { WordCounter.count(html) }
}

extension Markdown {
    /// A document whose text is HTML already (another generator's `.html` page), kept as
    /// written: no title, headings or summary are read from it.
    package init(passingThrough source: MarkdownSource) {
        self.init(html: String(source.body), frontMatter: source.frontMatter, title: nil, headings: [], summary: nil,
                  bodyLineOffset: source.bodyLineOffset, omittedHeading: nil, codeLines: [])
    }
}
