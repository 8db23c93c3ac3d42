/// A Markdown file cut into its front matter and its body, before the body is parsed.
///
/// A site generator reads every file's front matter first (for URLs, drafts, dates), then
/// parses the bodies; this type lets it do so without reading the front matter twice.
public struct MarkdownSource: Sendable {
    /// The front matter as written (empty when there is none or it is not read).
    public let frontMatter: FrontMatter
    /// The Markdown after the front matter.
    public let body: Substring
    /// How many lines of the file come before the body.
    public let bodyLineOffset: Int

    /// Splits a file's text, reading a leading front matter block when `readsFrontMatter` is
    /// on: YAML between `---` lines, TOML between `+++` lines, or a JSON object `{ … }`
    /// (blank lines may come before it).
    ///
    /// - Throws: ``MarkdownError`` when the front matter is not valid YAML, TOML or JSON, or
    ///   not a map.
    public init(text: String, readsFrontMatter: Bool = true) throws(MarkdownError) {
        guard readsFrontMatter else {
            self.init(frontMatter: .empty, body: text[...], bodyLineOffset: 0)
            return
        }
        let split = try FrontMatterBlock.split(text)
        self.init(frontMatter: split.frontMatter, body: split.body, bodyLineOffset: split.bodyLineOffset)
    }

    /// Creates a source from parts already split.
    public init(frontMatter: FrontMatter, body: Substring, bodyLineOffset: Int) {
        self.frontMatter = frontMatter
        self.body = body
        self.bodyLineOffset = bodyLineOffset
    }
}
