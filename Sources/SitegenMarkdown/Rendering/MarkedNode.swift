/// A node that modifiers will run on, found while walking the document and bracketed by
/// markers in the rendered HTML.
struct MarkedNode {
    /// Where the markers sit, which tells how to cut the node's HTML out of the document's.
    enum Placement {
        /// Marker blocks before and after the node; each is followed by one line break.
        case block
        /// Marker text as the paragraph's first and last child. `wrapped` paragraphs render
        /// with `<p>…</p>` around the markers; paragraphs of tight lists render bare.
        case paragraph(wrapped: Bool)
        /// Marker text right before and after the node.
        case inline
    }

    let target: Modifier.Target
    var node: Modifier.Node
    var markdown: Substring
    /// The node's first line in the Markdown body.
    let line: Int
    let placement: Placement
    /// Attributes the parser itself gives the node's opening tag (a heading's ` id="…"`),
    /// written before any modifier runs.
    var openingAttributes = ""
}

/// The facts the walk over a document gathers, besides the nodes to modify.
struct DocumentFacts {
    var headings: [Heading] = []
    var title: String?
    var summary: String?
    /// The heading left out of the HTML by ``MarkdownParser/Options/titleHeading``.
    var omittedHeading: Heading?
    /// The lines of the file (front matter counted) of each code block, in document order.
    var codeLines: [ClosedRange<Int>] = []
    /// The line of the first alert nested deeper than ``Limits/containerDepth``, if any.
    var tooDeepAlertLine: Int?
}
