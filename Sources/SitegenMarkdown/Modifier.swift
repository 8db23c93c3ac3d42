/// A plugin that rewrites the HTML of one kind of Markdown node.
///
/// You say *on what* a modifier runs (its ``Target``); the parser decides *when*. The closure
/// gets the node's rendered HTML, its Markdown source and typed facts about it, and returns
/// the HTML to use instead:
///
/// ```swift
/// var parser = MarkdownParser()
/// parser.addModifier(Modifier(target: .codeBlocks) { html, markdown in
///     "<div class=\"sample\">" + html + "</div>"
/// })
/// parser.addModifier(Modifier(target: .headings) { input in
///     guard case .heading(let level, _, let id) = input.node, level == 2 else { return input.html }
///     return input.html.replacingOccurrences(of: "</h2>", with: " <a href=\"#\(id)\">#</a></h2>")
/// })
/// ```
///
/// Modifiers of one target run in the order they were added, each getting the previous one's
/// result. A modifier on an outer node (a blockquote, a list, a table) sees its children
/// already modified. Modifiers work wherever a node can appear: inside table cells, tight
/// lists, blockquotes and footnotes. Nodes inside an image's alt text are not targets, since
/// that text is rendered as a plain attribute value.
public struct Modifier: Sendable {
    /// The closure type of a modifier that wants the full ``Input``.
    public typealias Body = @Sendable (_ input: Input) -> String

    /// The kind of node the modifier runs on.
    public let target: Target
    let body: Body

    /// Creates a modifier that receives an ``Input`` with the HTML, the Markdown source and
    /// typed facts about the node.
    public init(target: Target, _ body: @escaping Body) {
        self.target = target
        self.body = body
    }

    /// Runs the modifier on one node, as the parser does.
    public func modify(_ input: Input) -> String {
        body(input)
    }

    /// Creates a modifier from an Ink-style closure of the node's HTML and Markdown source.
    public init(target: Target, _ body: @escaping @Sendable (_ html: String, _ markdown: Substring) -> String) {
        self.target = target
        self.body = { input in body(input.html, input.markdown) }
    }
}

extension Modifier {
    /// What a modifier runs on.
    public enum Target: String, Sendable, CaseIterable, Hashable {
        /// Each top-level key of the front matter. HTML and Markdown are the key.
        case metadataKeys
        /// Each string value of the front matter (also inside lists and maps), after the
        /// keys were modified. HTML and Markdown are the value.
        case metadataValues
        /// Block quotes, `<blockquote>…</blockquote>`.
        case blockquotes
        /// Fenced and indented code blocks, `<pre><code>…</code></pre>`.
        case codeBlocks
        /// ATX and setext headings, `<h1>`…`<h6>`.
        case headings
        /// Thematic breaks, `<hr />`.
        case horizontalLines
        /// Raw HTML blocks.
        case html
        /// Images, `<img …/>`.
        case images
        /// Code spans, `<code>…</code>`.
        case inlineCode
        /// Links, including autolinks, `<a href…>…</a>`.
        case links
        /// Ordered and bullet lists, `<ul>…</ul>` / `<ol>…</ol>`.
        case lists
        /// Paragraphs. A paragraph in a tight list renders without `<p>` tags, exactly as
        /// cmark-gfm renders it, and so its HTML has none either. A footnote's last paragraph
        /// includes the back-reference link.
        case paragraphs
        /// GFM tables, `<table>…</table>`.
        case tables
        /// Raw inline HTML tags.
        case inlineHTML
        /// Runs of plain text.
        case text
        /// Footnote references, `<sup class="footnote-ref">…</sup>`.
        case footnoteReferences
        /// Emphasis, `<em>…</em>`.
        case emphasis
        /// Strong emphasis, `<strong>…</strong>`.
        case strong
        /// GFM strikethrough, `<del>…</del>`.
        case strikethrough
    }

    /// What a modifier's closure receives about one node.
    public struct Input: Sendable {
        /// The node's HTML as rendered so far (children already modified), without the
        /// newline that follows a block.
        public let html: String
        /// The node's Markdown source. Block nodes nested in containers include the
        /// container prefixes (`> `, list indentation), as they appear in the file.
        public let markdown: Substring
        /// Typed facts about the node.
        public let node: Node
        /// The front matter of the document being rendered.
        public let frontMatter: FrontMatter
        /// The line of the Markdown file (front matter included) where the node starts, for
        /// messages about it.
        public let line: Int

        /// Creates an input, as the parser does; useful to test a modifier on its own.
        public init(html: String, markdown: Substring, node: Node, frontMatter: FrontMatter = .empty, line: Int = 1) {
            self.html = html
            self.markdown = markdown
            self.node = node
            self.frontMatter = frontMatter
            self.line = line
        }
    }

    /// Typed facts about the node a modifier runs on.
    public enum Node: Sendable, Hashable {
        /// A front matter key.
        case metadataKey(String)
        /// A front matter string value and the top-level key it belongs to (as modified by
        /// ``Target/metadataKeys`` modifiers).
        case metadataValue(key: String, value: String)
        /// A block quote, and the alert it is (`> [!NOTE]`, `:::note`), if it is one: its HTML
        /// is then the alert's `<div class="markdown-alert …">`.
        case blockquote(alert: Alert?)
        /// A code block: the first word of its info string (`nil` when empty), the whole info
        /// string and the code.
        case codeBlock(language: String?, info: String, code: String)
        /// A heading: its level (1–6), its plain text and its unique slug id.
        case heading(level: Int, text: String, id: String)
        /// A thematic break.
        case horizontalLine
        /// A raw HTML block and its literal text.
        case html(String)
        /// An image: destination, title and alt text.
        case image(url: String, title: String, alt: String)
        /// A code span and its code.
        case inlineCode(String)
        /// A link: destination and title.
        case link(url: String, title: String)
        /// A list: whether it is ordered, its start number and whether it is tight.
        case list(ordered: Bool, start: Int, tight: Bool)
        /// A paragraph and its plain text.
        case paragraph(text: String)
        /// A table and the alignment of each column.
        case table(alignments: [TableAlignment])
        /// Inline raw HTML and its literal text.
        case inlineHTML(String)
        /// A run of plain text.
        case text(String)
        /// A footnote reference: its label (`[^note]` → `note`) and the number it shows.
        case footnoteReference(label: String, number: Int)
        /// Emphasis.
        case emphasis
        /// Strong emphasis.
        case strong
        /// Strikethrough.
        case strikethrough
    }

    /// The alignment of a GFM table column.
    public enum TableAlignment: String, Sendable, Hashable {
        /// No alignment given (`---`).
        case none
        /// `:---`
        case left
        /// `:---:`
        case center
        /// `---:`
        case right
    }
}
