/// A heading of a Markdown document, for tables of contents and anchors.
public struct Heading: Sendable, Hashable {
    /// The level, 1 for `#` to 6 for `######`.
    public let level: Int
    /// The heading as plain text, without markup.
    public let text: String
    /// A slug unique in the document (`getting-started`, then `getting-started-1`, …), or the
    /// id the author gave (`## Install {#install}`) with ``MarkdownParser/Options/generatorSyntax`` on.
    /// With ``MarkdownParser/Options/headingIDs`` on, the HTML carries it as `id`.
    public let id: String

    /// Creates a heading.
    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}
