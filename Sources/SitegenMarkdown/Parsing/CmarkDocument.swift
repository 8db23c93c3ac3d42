import CCmarkGFM
import Foundation
import SitegenLimits

/// One Markdown body parsed by cmark-gfm. With ``cmarkLibraryReady``, the only code that talks to the C library: it
/// parses, walks the tree once to gather facts and the nodes modifiers want, brackets those
/// nodes with markers, and renders HTML.
final class CmarkDocument {
    private let parser: OpaquePointer
    private let root: OpaquePointer
    private let renderOptions: Int32
    private let body: Substring
    private let readsGeneratorSyntax: Bool
    /// Blocks taken out of the document (``remove(_:markedNodes:)``), freed with it.
    private var removed: [OpaquePointer] = []
    /// The first heading the walk met.
    private var firstHeadingNode: OpaquePointer?
    /// Headings whose opening tag gets attributes, found by the walk (``retagHeadings()``).
    private var retagged: [TreeWalker.RetaggedHeading] = []
    private let rewritesRawHTML: Bool
    private let readsAlerts: Bool
    private let joinsEastAsianLines: Bool
    private let hidesRustLines: Bool
    /// The alerts the walk found, written as alerts when the document is first rendered.
    private var alertBlocks: AlertBlocks?
    /// How deep alerts may nest before the document notes the first one deeper (tests give less).
    var maximumAlertDepth = Limits.containerDepth
    /// The placeholders of HTML made before the parse, left out of the text of headings and
    /// summaries (so that a heading's id does not hold one).
    var placeholders: HTMLFragments?

    /// Parses a body. `trackPositions` asks cmark for exact inline source positions, which
    /// modifiers' Markdown slices need.
    init(parsing body: Substring, options: MarkdownParser.Options, trackPositions: Bool) {
        _ = cmarkLibraryReady
        self.body = body
        readsGeneratorSyntax = options.generatorSyntax
        rewritesRawHTML = options.rawHTML == .keep
        readsAlerts = options.alerts
        joinsEastAsianLines = options.eastAsianLineBreaks
        hidesRustLines = options.hidesRustLines
        renderOptions = options.cmarkFlags
        let parser: OpaquePointer = cmark_parser_new(renderOptions | (trackPositions ? CMARK_OPT_SOURCEPOS : 0))
        for name in options.syntaxExtensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var text = body
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
        }
        self.parser = parser
        let document = cmark_parser_finish(parser)
        root = document ?? cmark_node_new(CMARK_NODE_DOCUMENT)
    }

    deinit {
        alertBlocks?.release()
        for block in removed { cmark_node_free(block) }
        cmark_node_free(root)
        cmark_parser_free(parser)
    }

    /// The steps the alerts were found in (nodes, lines and open containers looked at), to
    /// show by counting that the work grows with the document, not with its nesting.
    var alertSteps: Int { alertBlocks?.steps ?? 0 }

    /// Renders the document to HTML and hands the bytes to `use`.
    func withHTML<Result>(_ use: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        alertBlocks?.render()
        let html: UnsafeMutablePointer<CChar> = cmark_render_html(root, renderOptions, cmark_parser_get_syntax_extensions(parser))
        defer { free(html) }
        return html.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            use(UnsafeBufferPointer(start: bytes, count: strlen(html)))
        }
    }

    /// Renders the document to an HTML string.
    func html() -> String {
        withHTML { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines of the document's code blocks (counted from 1), from the tree alone.
    func codeBlockLines() -> [ClosedRange<Int>] {
        var lines: [ClosedRange<Int>] = []
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                  cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER else { continue }
            let start = Int(cmark_node_get_start_line(node))
            lines.append(start...max(start, Int(cmark_node_get_end_line(node))))
        }
        return lines
    }

    /// Walks the document once: gathers headings, title, summary and word count, and finds
    /// every node of the `wanted` targets. Returns those nodes in document order (an index
    /// is the id its markers carry). Call ``insertMarkers(around:nonce:)`` after. With
    /// `headingIDs`, every marked heading carries its id in ``MarkedNode/openingAttributes``;
    /// with `retagsHeadings`, an unmarked heading's id and attributes are written by
    /// ``retagHeadings()``. A `linkRewriter` rewrites URLs on the tree as the walk meets them
    /// (`lineOffset`: the lines before the body, for the lines it is given).
    func walk(wanted: Set<Modifier.Target>, headingIDs: Bool = false, retagsHeadings: Bool = false,
              linkRewriter: LinkRewriter? = nil, lineOffset: Int = 0)
        -> (facts: DocumentFacts, marked: [MarkedNode], nodes: [OpaquePointer]) {
        // An attribute list's `{` is in the text as written, or an entity (`&#123;`, `&lbrace;`).
        if readsGeneratorSyntax, body.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "&") }) {
            dropKramdownAttributeLists()
        }
        if readsAlerts, alertBlocks == nil, Self.mayHoldAlerts(body) {
            alertBlocks = AlertBlocks(root: root, body: body, maximumDepth: maximumAlertDepth)
        }
        if joinsEastAsianLines, EastAsianText.mayBreakLine(in: body) { joinEastAsianLines() }
        if hidesRustLines, HiddenRustLines.mayHold(body) { hideRustLines() }
        var walker = TreeWalker(placeholders: placeholders, wanted: wanted, body: body, headingIDs: headingIDs, readsGeneratorSyntax: readsGeneratorSyntax,
                                retagsHeadings: retagsHeadings, linkRewriter: linkRewriter,
                                rewritesRawHTML: rewritesRawHTML, lineOffset: lineOffset, alerts: alertBlocks?.alerts ?? [:])
        // Our own pre-order traversal (no recursion, so any depth is fine) that skips the
        // inline content no one needs: most of a document's nodes.
        var node = root
        var entering = true
        while true {
            walker.visit(node, entering: entering)
            if entering {
                if let child = cmark_node_first_child(node), walker.descends(into: node) {
                    node = child
                    continue
                }
                if !Self.isLeaf(node) { walker.visit(node, entering: false) }
            }
            if node == root { break }
            if let next = cmark_node_next(node) {
                node = next
                entering = true
            } else if let parent = cmark_node_parent(node) {
                node = parent
                entering = false
            } else {
                break
            }
        }
        firstHeadingNode = walker.firstHeading
        retagged = walker.retagged
        var facts = walker.facts
        facts.tooDeepAlertLine = alertBlocks?.tooDeepLine
        return (facts, walker.marked, walker.nodes)
    }

    /// Gives the headings the walk found attributes for (ids, `{#id .class}`) their opening
    /// tag: each becomes a custom block holding `<hN …>`, its inline content and `</hN>`, which
    /// cmark-gfm renders as it renders the heading, attributes added. Headings taken out of
    /// the document (``remove(_:markedNodes:)``) are left alone. Call after any removal.
    func retagHeadings() {
        for heading in retagged where cmark_node_parent(heading.node) != nil {
            let block = CmarkNodes.block(opening: "")
            guard cmark_node_insert_before(heading.node, block) == 1 else {
                cmark_node_free(block)
                continue
            }
            _ = cmark_node_append_child(block, CmarkNodes.inlineHTML("<h\(heading.level)\(heading.attributes)>"))
            while let child = cmark_node_first_child(heading.node) { _ = cmark_node_append_child(block, child) }
            _ = cmark_node_append_child(block, CmarkNodes.inlineHTML("</h\(heading.level)>"))
            cmark_node_free(heading.node)
        }
        retagged = []
    }

    /// Whether a body holds `[!` or `:::`, as any alert does (found with `memchr`: most bodies
    /// hold neither, and a byte-by-byte look costs as much as a tenth of cmark's parse).
    private static func mayHoldAlerts(_ body: Substring) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let end = base + bytes.count
            func holds(_ first: UInt8, followedBy rest: [UInt8]) -> Bool {
                var cursor = base
                while cursor < end, let found = memchr(cursor, Int32(first), end - cursor) {
                    let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
                    if end - at > rest.count, rest.indices.allSatisfy({ at[$0 + 1] == rest[$0] }) { return true }
                    cursor = at + 1
                }
                return false
            }
            return holds(UInt8(ascii: "["), followedBy: [UInt8(ascii: "!")])
                || holds(UInt8(ascii: ":"), followedBy: [UInt8(ascii: ":"), UInt8(ascii: ":")])
        }
    }

    /// Whether the text of `run` (text nodes) starts with `{` after any spaces and tabs, as an
    /// attribute list does: most runs are told apart by a byte, before any string is made.
    private static func opensWithBrace(_ run: [OpaquePointer]) -> Bool {
        for node in run {
            guard var byte = cmark_node_get_literal(node) else { continue }
            while byte.pointee == CChar(UInt8(ascii: " ")) || byte.pointee == CChar(UInt8(ascii: "\t")) { byte += 1 }
            if byte.pointee != 0 { return byte.pointee == CChar(UInt8(ascii: "{")) }
        }
        return false
    }

    /// kramdown's attribute lists, which other renderers show as text: drops a `{:…}` line
    /// that ends a paragraph (or is one) and a `{:…}` right after an image or link. An `#id`
    /// in a line is kept as an empty `<a id>`, so that links to it still land.
    private func dropKramdownAttributeLists() {
        var paragraphs: [OpaquePointer] = []
        var afterInline: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH:
                paragraphs.append(node)
            case CMARK_NODE_TEXT:
                if let previous = cmark_node_previous(node),
                   [CMARK_NODE_IMAGE, CMARK_NODE_LINK].contains(cmark_node_get_type(previous)) { afterInline.append(node) }
            default:
                break
            }
        }
        cmark_iter_free(iterator)
        for first in afterInline {
            var run: [OpaquePointer] = []
            var next: OpaquePointer? = first
            while let node = next, cmark_node_get_type(node) == CMARK_NODE_TEXT { run.append(node); next = cmark_node_next(node) }
            guard Self.opensWithBrace(run) else { continue }
            let text = run.map { string(cmark_node_get_literal($0)) }.joined()
            guard text.hasPrefix("{:"), let close = text.firstIndex(of: "}"), AttributeList.kramdown(text[...close]) != nil else { continue }
            var dropped = text.utf8.distance(from: text.startIndex, to: text.index(after: close))
            for node in run where dropped > 0 {
                let literal = string(cmark_node_get_literal(node))
                let cut = min(dropped, literal.utf8.count)
                cmark_node_set_literal(node, String(decoding: literal.utf8.dropFirst(cut), as: UTF8.self))
                dropped -= cut
            }
        }
        for paragraph in paragraphs {
            var lastLine: [OpaquePointer] = []
            var before = cmark_node_last_child(paragraph)
            while let node = before, cmark_node_get_type(node) == CMARK_NODE_TEXT {
                lastLine.insert(node, at: 0)
                before = cmark_node_previous(node)
            }
            guard !lastLine.isEmpty, Self.opensWithBrace(lastLine), before.map({ cmark_node_get_type($0) == CMARK_NODE_SOFTBREAK }) ?? true,
                  let list = AttributeList.kramdown(Substring(lastLine.map { string(cmark_node_get_literal($0)) }.joined())) else {
                continue
            }
            let anchor = list.id.map { "<a id=\"\($0)\"></a>" }
            if let lineBreak = before {
                if let anchor {
                    let html: OpaquePointer = cmark_node_new(CMARK_NODE_HTML_INLINE)
                    cmark_node_set_literal(html, anchor)
                    _ = Self.insert(html, before: lineBreak)
                }
                for node in [lineBreak] + lastLine { cmark_node_free(node) }
            } else {
                if let anchor {
                    let html: OpaquePointer = cmark_node_new(CMARK_NODE_HTML_BLOCK)
                    cmark_node_set_literal(html, anchor + "\n")
                    _ = Self.insert(html, before: paragraph)
                }
                cmark_node_free(paragraph)
            }
        }
    }

    /// Leaves out the hidden lines of each Rust code block (``MarkdownParser/Options/hidesRustLines``).
    private func hideRustLines() {
        guard let iterator = cmark_iter_new(root) else { return }
        var blocks: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                  HiddenRustLines.isRust(info: string(cmark_node_get_fence_info(node))) else { continue }
            blocks.append(node)
        }
        cmark_iter_free(iterator)
        for block in blocks {
            let code = string(cmark_node_get_literal(block))
            if let shown = HiddenRustLines.shown(code) { cmark_node_set_literal(block, shown) }
        }
    }

    /// Leaves out each soft line break between two Chinese or Japanese characters (see
    /// ``MarkdownParser/Options/eastAsianLineBreaks``): the text before it ends with one, the
    /// text after it starts with one, looking into emphasis, links and code spans.
    private func joinEastAsianLines() {
        var breaks: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_SOFTBREAK else { continue }
            breaks.append(node)
        }
        cmark_iter_free(iterator)
        /// The text of the leaf at the end (or start) of `node`: a text or code span, or nothing.
        func edgeText(_ node: OpaquePointer?, last: Bool) -> String? {
            var node = node
            while let inner = node, let child = last ? cmark_node_last_child(inner) : cmark_node_first_child(inner) { node = child }
            guard let leaf = node, [CMARK_NODE_TEXT, CMARK_NODE_CODE].contains(cmark_node_get_type(leaf)) else { return nil }
            return string(cmark_node_get_literal(leaf))
        }
        for lineBreak in breaks {
            guard let before = edgeText(cmark_node_previous(lineBreak), last: true)?.unicodeScalars.last,
                  let after = edgeText(cmark_node_next(lineBreak), last: false)?.unicodeScalars.first,
                  EastAsianText.isWide(before), EastAsianText.isWide(after) else { continue }
            cmark_node_free(lineBreak)
        }
    }

    /// The node types cmark's own iterator visits once, with no exit event.
    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
             CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            true
        default:
            false
        }
    }

    /// The document's first heading, when it is a block of the document itself (not inside a
    /// block quote or a list). Call after ``walk(wanted:)``.
    func firstHeading() -> OpaquePointer? {
        guard let heading = firstHeadingNode, cmark_node_parent(heading) == root else { return nil }
        return heading
    }

    /// Whether `block` opens the document: nothing but HTML comments come before it.
    func opensDocument(_ block: OpaquePointer) -> Bool {
        var node = cmark_node_previous(block)
        while let previous = node {
            guard cmark_node_get_type(previous) == CMARK_NODE_HTML_BLOCK,
                  Self.isComment(string(cmark_node_get_literal(previous))) else { return false }
            node = cmark_node_previous(previous)
        }
        return true
    }

    /// Whether an HTML block is one comment and nothing else.
    private static func isComment(_ html: String) -> Bool {
        let text = html.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return false }
        return text.dropFirst(4).range(of: "-->")?.upperBound == text.endIndex
    }

    /// Takes `block` out of the document, so that it does not render. Returns the indices of
    /// `markedNodes` that were it or inside it: they must get no markers.
    func remove(_ block: OpaquePointer, markedNodes: [OpaquePointer]) -> Set<Int> {
        var inside: Set<Int> = []
        for (id, node) in markedNodes.enumerated() {
            var current: OpaquePointer? = node
            while let candidate = current, candidate != root {
                if candidate == block {
                    inside.insert(id)
                    break
                }
                current = cmark_node_parent(candidate)
            }
            // A block's nodes come one after the other in document order.
            if !inside.isEmpty && !inside.contains(id) { break }
        }
        cmark_node_unlink(block)
        removed.append(block)
        return inside
    }

    /// Brackets each node with start and end markers carrying its index, but those `skipping`.
    /// Returns the indices that could not be bracketed (cmark refused the insertion); those
    /// nodes keep their HTML.
    @discardableResult
    func insertMarkers(around marked: [MarkedNode], nodes: [OpaquePointer], nonce: String,
                       skipping: Set<Int> = []) -> Set<Int> {
        var refused: Set<Int> = []
        for (id, mark) in marked.enumerated() where !skipping.contains(id) {
            let node = nodes[id]
            let start = MarkerText.start(id: id, nonce: nonce)
            let end = MarkerText.end(id: id, nonce: nonce)
            let inserted: Bool
            switch mark.placement {
            case .block:
                inserted = Self.insert(CmarkNodes.block(opening: start), before: node) && Self.insert(CmarkNodes.block(opening: end), after: node)
            case .paragraph:
                inserted = Self.check(cmark_node_prepend_child(node, CmarkNodes.text(start)))
                    && Self.check(cmark_node_append_child(node, CmarkNodes.text(end)))
            case .inline:
                inserted = Self.insert(CmarkNodes.text(start), before: node) && Self.insert(CmarkNodes.text(end), after: node)
            }
            if !inserted { refused.insert(id) }
        }
        return refused
    }

    private static func insert(_ marker: OpaquePointer, before node: OpaquePointer) -> Bool {
        if cmark_node_insert_before(node, marker) == 1 { return true }
        cmark_node_free(marker)
        return false
    }

    private static func insert(_ marker: OpaquePointer, after node: OpaquePointer) -> Bool {
        if cmark_node_insert_after(node, marker) == 1 { return true }
        cmark_node_free(marker)
        return false
    }

    private static func check(_ result: Int32) -> Bool { result == 1 }
}

/// The state of one walk over a cmark tree.
private struct TreeWalker {
    let placeholders: HTMLFragments?
    /// Plain text being gathered for a heading, a paragraph or an image's alt text.
    private struct Capture {
        enum Kind { case heading(level: Int), paragraph(isSummary: Bool), image }
        let kind: Kind
        let markedIndex: Int?
        var text = ""
    }

    /// A heading whose opening tag gets `attributes` (` id="…" class="…"`).
    struct RetaggedHeading {
        let node: OpaquePointer
        let level: Int
        let attributes: String
    }

    let wanted: Set<Modifier.Target>
    /// ``wanted`` as bits, tested for every node without hashing.
    private let wantedBits: UInt32
    let body: Substring
    /// Whether headings that are not marked are noted in ``retagged`` when they get attributes.
    let retagsHeadings: Bool
    let linkRewriter: LinkRewriter?
    /// Whether raw HTML renders as written, so that its `href` and `src` are rewritten.
    let rewritesRawHTML: Bool
    /// Lines of the file before the body.
    let lineOffset: Int
    private(set) var retagged: [RetaggedHeading] = []
    /// Whether every heading's id goes into its HTML.
    let headingIDs: Bool
    /// Whether `{#id .class}` at the end of a heading sets its attributes.
    let readsGeneratorSyntax: Bool
    private(set) var facts = DocumentFacts()
    private(set) var marked: [MarkedNode] = []
    private(set) var nodes: [OpaquePointer] = []
    /// The first heading met, in document order.
    private(set) var firstHeading: OpaquePointer?
    private lazy var sourceMap = SourceMap(body)
    private var slugger = HeadingSlugger()
    private var captures: [Capture] = []
    private var imageDepth = 0
    private var footnoteDepth = 0

    /// Whether any wanted target lives in inline content, so the walk must see all of it.
    private let wantsInlineContent: Bool
    /// The quotes that are alerts.
    private let alerts: [OpaquePointer: Alert]

    init(placeholders: HTMLFragments?, wanted: Set<Modifier.Target>, body: Substring, headingIDs: Bool, readsGeneratorSyntax: Bool,
         retagsHeadings: Bool, linkRewriter: LinkRewriter?, rewritesRawHTML: Bool, lineOffset: Int,
         alerts: [OpaquePointer: Alert] = [:]) {
        self.placeholders = placeholders
        self.alerts = alerts
        self.wanted = wanted
        wantedBits = wanted.reduce(0) { $0 | $1.bit }
        self.body = body
        self.headingIDs = headingIDs
        self.readsGeneratorSyntax = readsGeneratorSyntax
        self.retagsHeadings = retagsHeadings
        self.linkRewriter = linkRewriter
        self.rewritesRawHTML = rewritesRawHTML
        self.lineOffset = lineOffset
        wantsInlineContent = linkRewriter != nil
            || !wanted.isSubset(of: [.blockquotes, .codeBlocks, .headings, .horizontalLines, .html, .lists, .tables])
    }

    /// Whether the walk must visit a node's children: always when inline targets are wanted or
    /// text is being gathered (headings, the summary paragraph); otherwise only the children
    /// of containers of blocks.
    func descends(into node: OpaquePointer) -> Bool {
        if wantsInlineContent || !captures.isEmpty { return true }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION:
            return true
        default:
            return false
        }
    }

    mutating func visit(_ node: OpaquePointer, entering: Bool) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            guard let literal = cmark_node_get_literal(node) else { return }
            if !captures.isEmpty {
                var text = String(cString: literal)
                if let placeholders, text.utf8.contains(0x02) { text = placeholders.removing(from: text) }
                for index in captures.indices { captures[index].text += text }
            }
            if type == CMARK_NODE_TEXT {
                mark(node, .text, .inline) { .text(String(cString: literal)) }
            } else {
                mark(node, .inlineCode, .inline) { .inlineCode(String(cString: literal)) }
            }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            for index in captures.indices { captures[index].text += " " }
        case CMARK_NODE_CODE_BLOCK:
            facts.codeLines.append(Int(cmark_node_get_start_line(node))...Int(max(cmark_node_get_start_line(node),
                                                                                  cmark_node_get_end_line(node))))
            mark(node, .codeBlocks, .block) {
                let info = string(cmark_node_get_fence_info(node))
                let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
                return .codeBlock(language: language, info: info, code: string(cmark_node_get_literal(node)))
            }
        case CMARK_NODE_HEADING:
            if entering {
                if firstHeading == nil { firstHeading = node }
                let level = Int(cmark_node_get_heading_level(node))
                let index = mark(node, .headings, .block) { .heading(level: level, text: "", id: "") }
                captures.append(Capture(kind: .heading(level: level), markedIndex: index))
            } else if let capture = captures.popLast(), case .heading(let level) = capture.kind {
                var text = trimmed(capture.text)
                var attributes = AttributeList()
                if readsGeneratorSyntax, let (list, dropped) = Self.takeTrailingAttributeList(of: node) {
                    attributes = list
                    text = trimmed(String(decoding: capture.text.utf8.dropLast(dropped), as: UTF8.self))
                }
                let id = attributes.id.map { slugger.reserve($0) }
                    ?? slugger.uniqueSlug(for: readsGeneratorSyntax ? Self.withoutTemplateTags(text) : text)
                facts.headings.append(Heading(level: level, text: text, id: id))
                if level == 1, facts.title == nil { facts.title = text }
                if headingIDs { attributes.id = id }
                if let index = capture.markedIndex {
                    marked[index].node = .heading(level: level, text: text, id: id)
                    marked[index].openingAttributes = attributes.htmlAttributes
                } else if retagsHeadings, case let html = attributes.htmlAttributes, !html.isEmpty {
                    retagged.append(RetaggedHeading(node: node, level: level, attributes: html))
                }
            }
        case CMARK_NODE_PARAGRAPH:
            if entering {
                let isSummary = facts.summary == nil && footnoteDepth == 0
                let index = mark(node, .paragraphs, .paragraph(wrapped: !isInTightList(node))) { .paragraph(text: "") }
                if isSummary || index != nil {
                    captures.append(Capture(kind: .paragraph(isSummary: isSummary), markedIndex: index))
                }
            } else if let last = captures.last, case .paragraph(let isSummary) = last.kind {
                captures.removeLast()
                let text = trimmed(last.text)
                if isSummary, !text.isEmpty, facts.summary == nil { facts.summary = text }
                if let index = last.markedIndex { marked[index].node = .paragraph(text: text) }
            }
        case CMARK_NODE_IMAGE:
            if entering {
                imageDepth += 1
                let index = mark(node, .images, .inline) {
                    .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)), alt: "")
                }
                captures.append(Capture(kind: .image, markedIndex: index))
                if imageDepth == 1 { rewriteURL(of: node, kind: .image) }
            } else {
                imageDepth -= 1
                if let capture = captures.popLast(), let index = capture.markedIndex,
                   case .image(let url, let title, _) = marked[index].node {
                    marked[index].node = .image(url: url, title: title, alt: capture.text)
                }
            }
        case CMARK_NODE_LINK:
            if entering {
                mark(node, .links, .inline) { .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node))) }
                if imageDepth == 0 { rewriteURL(of: node, kind: .link) }
            }
        case CMARK_NODE_BLOCK_QUOTE:
            if entering {
                let alert = alerts[node]
                mark(node, .blockquotes, .block) { .blockquote(alert: alert) }
            }
        case CMARK_NODE_LIST:
            if entering {
                mark(node, .lists, .block) {
                    .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                          start: Int(cmark_node_get_list_start(node)),
                          tight: cmark_node_get_list_tight(node) != 0)
                }
            }
        case CMARK_NODE_THEMATIC_BREAK:
            mark(node, .horizontalLines, .block) { .horizontalLine }
        case CMARK_NODE_HTML_BLOCK:
            mark(node, .html, .block) { .html(string(cmark_node_get_literal(node))) }
            rewriteAttributes(of: node)
        case CMARK_NODE_HTML_INLINE:
            mark(node, .inlineHTML, .inline) { .inlineHTML(string(cmark_node_get_literal(node))) }
            if imageDepth == 0 { rewriteAttributes(of: node) }
        case CMARK_NODE_EMPH:
            if entering { mark(node, .emphasis, .inline) { .emphasis } }
        case CMARK_NODE_STRONG:
            if entering { mark(node, .strong, .inline) { .strong } }
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            if entering, let index = mark(node, .footnoteReferences, .inline, facts: { .footnoteReference(label: "", number: 0) }) {
                // cmark keeps the reference's number as its literal; the label is in the source.
                let source = marked[index].markdown
                let label = source.hasPrefix("[^") && source.hasSuffix("]") ? String(source.dropFirst(2).dropLast()) : ""
                marked[index].node = .footnoteReference(label: label, number: Int(string(cmark_node_get_literal(node))) ?? 0)
            }
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteDepth += entering ? 1 : -1
        default:
            if entering, type == sitegen_table_node_type() {
                mark(node, .tables, .block) { .table(alignments: Self.alignments(of: node)) }
            } else if entering, type == sitegen_strikethrough_node_type() {
                mark(node, .strikethrough, .inline) { .strikethrough }
            }
        }
    }

    /// Gives a link or image the URL the ``linkRewriter`` returns for it, if any.
    private func rewriteURL(of node: OpaquePointer, kind: LinkRewriter.Kind) {
        guard let linkRewriter,
              let url = linkRewriter.rewrite(LinkRewriter.Input(url: string(cmark_node_get_url(node)), kind: kind,
                                                                line: lineOffset + Self.line(of: node))) else { return }
        cmark_node_set_url(node, url)
    }

    /// Rewrites the `href` and `src` attributes of raw HTML that renders as written.
    private func rewriteAttributes(of node: OpaquePointer) {
        guard let linkRewriter, rewritesRawHTML, let literal = cmark_node_get_literal(node) else { return }
        let html = String(cString: literal)
        guard html.utf8.contains(UInt8(ascii: "=")),
              let rewritten = linkRewriter.rewritingAttributes(in: html, line: lineOffset + Self.line(of: node)) else { return }
        cmark_node_set_literal(node, rewritten)
    }

    /// A heading's text without other generators' template tags (`{% addedin "2.0" %}`,
    /// `{{% param x %}}`, `{{ version }}`), which they replace before making the heading's id.
    private static func withoutTemplateTags(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        var rest = text[...]
        while let open = [rest.firstRange(of: "{%"), rest.firstRange(of: "{{")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let closing = rest[open] == "{%" ? "%}" : "}}"
            guard let close = rest[open.upperBound...].firstRange(of: closing) else { break }
            result += rest[..<open.lowerBound]
            rest = rest[close.upperBound...]
            if closing == "}}", rest.hasPrefix("}") { rest = rest.dropFirst() }
        }
        result += rest
        return trimmed(result)
    }

    /// Removes `{#id .class}` from the end of a heading's text nodes; returns it and how many
    /// bytes of text it took, with the spaces before it.
    private static func takeTrailingAttributeList(of heading: OpaquePointer) -> (AttributeList, Int)? {
        var run: [OpaquePointer] = []
        var last = cmark_node_last_child(heading)
        while let node = last, cmark_node_get_type(node) == CMARK_NODE_TEXT {
            run.insert(node, at: 0)
            last = cmark_node_previous(node)
        }
        guard !run.isEmpty, let (list, dropped) = AttributeList.trailing(run.map { string(cmark_node_get_literal($0)) }.joined())
        else { return nil }
        var remaining = dropped
        for node in run.reversed() where remaining > 0 {
            let literal = string(cmark_node_get_literal(node))
            let cut = min(remaining, literal.utf8.count)
            cmark_node_set_literal(node, String(decoding: literal.utf8.dropLast(cut), as: UTF8.self))
            remaining -= cut
        }
        return (list, dropped)
    }

    /// Records a node for modifiers of `target` (when any are registered and the node is not
    /// inside an image's alt text) and returns its index.
    @discardableResult
    private mutating func mark(_ node: OpaquePointer, _ target: Modifier.Target, _ placement: MarkedNode.Placement,
                               facts: () -> Modifier.Node) -> Int? {
        guard wantedBits & target.bit != 0, imageDepth == 0 || (target == .images && imageDepth == 1) else { return nil }
        let markdown = source(of: node, target: target, placement: placement)
        marked.append(MarkedNode(target: target, node: facts(), markdown: markdown, line: Self.line(of: node),
                                 placement: placement))
        nodes.append(node)
        return marked.count - 1
    }

    /// The node's first line; nodes without a position (extension autolinks) take their
    /// nearest positioned ancestor's.
    private static func line(of node: OpaquePointer) -> Int {
        var current: OpaquePointer? = node
        while let candidate = current {
            let line = Int(cmark_node_get_start_line(candidate))
            if line > 0 { return line }
            current = cmark_node_parent(candidate)
        }
        return 1
    }

    /// The node's Markdown source. cmark's positions are exact for blocks; for inline nodes
    /// they can be off (code spans exclude their backticks, autolinks have none, nodes after a
    /// line break inside a container are shifted), so they are checked against the first
    /// characters the node must start with, and otherwise cmark writes the node back out.
    private mutating func source(of node: OpaquePointer, target: Modifier.Target, placement: MarkedNode.Placement) -> Substring {
        let startLine = Int(cmark_node_get_start_line(node)), startColumn = Int(cmark_node_get_start_column(node))
        let endLine = Int(cmark_node_get_end_line(node)), endColumn = Int(cmark_node_get_end_column(node))
        let range = sourceMap.range(startLine: startLine, startColumn: startColumn, endLine: endLine, endColumn: endColumn)
        if case .inline = placement {
            if var range, isPlausible(&range, for: target) { return sourceMap.slice(range) }
            switch target {
            case .text, .inlineCode, .inlineHTML: return Substring(string(cmark_node_get_literal(node)))
            default: return Substring(commonMark(node))
            }
        }
        guard var range else { return Substring(commonMark(node)) }
        if target == .codeBlocks {
            // An indented code block starts at its code; its source includes the indentation.
            while let byte = sourceMap.byte(at: range.lowerBound - 1), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                range = range.lowerBound - 1..<range.upperBound
            }
        }
        return sourceMap.slice(range)
    }

    private mutating func isPlausible(_ range: inout Range<Int>, for target: Modifier.Target) -> Bool {
        guard range.lowerBound > 0 || range.upperBound > 0, let first = sourceMap.byte(at: range.lowerBound) else { return false }
        switch target {
        case .inlineCode:
            var lower = range.lowerBound, upper = range.upperBound
            while let byte = sourceMap.byte(at: lower - 1), byte == UInt8(ascii: "`") { lower -= 1 }
            while let byte = sourceMap.byte(at: upper), byte == UInt8(ascii: "`") { upper += 1 }
            range = lower..<upper
            return lower < range.upperBound && sourceMap.byte(at: lower) == UInt8(ascii: "`")
        case .links: return first == UInt8(ascii: "[") || first == UInt8(ascii: "<")
        case .images: return first == UInt8(ascii: "!")
        case .inlineHTML: return first == UInt8(ascii: "<")
        case .emphasis, .strong: return first == UInt8(ascii: "*") || first == UInt8(ascii: "_")
        case .strikethrough: return first == UInt8(ascii: "~")
        case .footnoteReferences: return first == UInt8(ascii: "[")
        default: return true
        }
    }

    private func commonMark(_ node: OpaquePointer) -> String {
        guard let rendered = cmark_render_commonmark(node, CMARK_OPT_DEFAULT, 0) else { return "" }
        defer { free(rendered) }
        var text = String(cString: rendered)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Whether a paragraph renders without `<p>`: html.c reads the tight flag of the
    /// paragraph's grandparent list.
    private func isInTightList(_ paragraph: OpaquePointer) -> Bool {
        guard let item = cmark_node_parent(paragraph), let list = cmark_node_parent(item),
              cmark_node_get_type(list) == CMARK_NODE_LIST else { return false }
        return cmark_node_get_list_tight(list) != 0
    }

    private static func alignments(of table: OpaquePointer) -> [Modifier.TableAlignment] {
        let columns = Int(cmark_gfm_extensions_get_table_columns(table))
        guard let raw = cmark_gfm_extensions_get_table_alignments(table) else {
            return Array(repeating: .none, count: columns)
        }
        return (0..<columns).map { column in
            switch raw[column] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }
}

/// The text without leading and trailing spaces and tabs.
private func trimmed(_ text: String) -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
        return ""
    }
    return String(text[first...last])
}

extension MarkdownParser.Options {
    /// The cmark option bits for these options.
    fileprivate var cmarkFlags: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if rawHTML == .keep { flags |= CMARK_OPT_UNSAFE }
        if smartPunctuation { flags |= CMARK_OPT_SMART }
        if hardBreaks { flags |= CMARK_OPT_HARDBREAKS }
        if sourcePositions { flags |= CMARK_OPT_SOURCEPOS }
        if extensions.contains(.footnotes) { flags |= CMARK_OPT_FOOTNOTES }
        return flags
    }

    /// The cmark syntax extensions to attach, in a fixed order (footnotes is an option bit).
    fileprivate var syntaxExtensionNames: [String] {
        MarkdownParser.Extension.allCases.filter { $0 != .footnotes && extensions.contains($0) }.map(\.rawValue)
    }
}

// MARK: - CmarkLibrary

/// Makes cmark-gfm's parsers safe to finish on many threads at once, without a lock; read it
/// once before any parser is made (a Swift lazy global: run once, thread-safely).
///
/// In cmark-gfm 0.29.0.gfm.6, `cmark_parser_finish` adds each attached extension's trigger
/// characters to process-wide tables (inlines.c: `SPECIAL_CHARS`, and `SKIP_CHARS` for an
/// extension marked as emphasis) and removes them when it is done, so a parser finishing on
/// another thread could miss autolinks or strikethrough (github/cmark-gfm PR #176). Here the
/// trigger characters are added once and for good, and no extension lists them any more, so
/// no parser removes them (a trigger character met where no extension matches is read as text):
/// - autolink's `:` and `w`: autolink finds its matches without the list.
/// - strikethrough's `~`: the inline parser finds the extension that closes a delimiter by
///   looking for the delimiter's byte in the extensions' lists, so strikethrough lists a
///   stand-in byte (``CmarkLibrary/strikethroughStandIn``) instead of `~`, its match function
///   is wrapped to mark the `~` delimiters it pushes with the stand-in, and it is no longer
///   marked as emphasis (so the stand-in never enters `SKIP_CHARS`). When parsers add and
///   remove the stand-in, a text run may be split at that byte, and cmark joins adjacent text
///   again before it returns the document: the output is the same.
///
/// The extension objects are changed in place (through the layout in cmark-gfm's own
/// `syntax_extension.h`, which Debian installs with the library), so every parser of the
/// process that attaches them, ours or not, parses the same way. Registering the core
/// extensions happens here too (the C guard is a plain flag).
package let cmarkLibraryReady: Void = {
    cmark_gfm_core_extensions_ensure_registered()
    guard let primer = cmark_parser_new(CMARK_OPT_DEFAULT) else { return }
    let autolink = cmark_find_syntax_extension(MarkdownParser.Extension.autolink.rawValue)
    let strikethrough = cmark_find_syntax_extension(MarkdownParser.Extension.strikethrough.rawValue)
    for syntaxExtension in [autolink, strikethrough].compactMap({ $0 }) {
        cmark_parser_attach_syntax_extension(primer, syntaxExtension)
    }
    cmark_manage_extensions_special_characters(primer, 1)
    cmark_parser_free(primer)
    if let autolink { cmark_syntax_extension_set_special_inline_chars(autolink, nil) }
    if let strikethrough { CmarkLibrary.markStrikethroughWithStandIn(strikethrough) }
}()

/// The process-wide changes ``cmarkLibraryReady`` makes to cmark-gfm's extensions.
enum CmarkLibrary {
    /// The byte strikethrough's delimiters carry instead of `~`: a control character that no
    /// extension matches and that Markdown gives no meaning (below 128, as cmark's tables of
    /// delimiters require).
    static let strikethroughStandIn: UInt8 = 0x01

    /// Lists the stand-in as strikethrough's trigger byte and wraps its match function (kept
    /// in the extension's private pointer, which strikethrough does not use) so that the `~`
    /// delimiters it pushes carry the stand-in.
    fileprivate static func markStrikethroughWithStandIn(_ strikethrough: UnsafeMutablePointer<cmark_syntax_extension>) {
        guard strikethrough.pointee.priv == nil, strikethrough.pointee.match_inline != nil else { return }
        strikethrough.pointee.priv = unsafeBitCast(strikethrough.pointee.match_inline, to: UnsafeMutableRawPointer?.self)
        strikethrough.pointee.match_inline = { syntaxExtension, parser, parent, character, inlineParser in
            guard let syntaxExtension,
                  let match = unsafeBitCast(syntaxExtension.pointee.priv, to: cmark_match_inline_func?.self),
                  let node = match(syntaxExtension, parser, parent, character, inlineParser) else { return nil }
            if let delimiter = cmark_inline_parser_get_last_delimiter(inlineParser), delimiter.pointee.inl_text == node {
                delimiter.pointee.delim_char = CmarkLibrary.strikethroughStandIn
            }
            return node
        }
        let standIn = UnsafeMutableRawPointer(bitPattern: UInt(strikethroughStandIn))
        cmark_syntax_extension_set_special_inline_chars(strikethrough, cmark_llist_append(cmark_get_default_mem_allocator(), nil, standIn))
        cmark_syntax_extension_set_emphasis(strikethrough, 0)
    }
}

// MARK: - CmarkNodes

/// The few kinds of node sitegen adds to cmark's tree, and C strings read back as Swift text.
enum CmarkNodes {
    /// A text node: cmark escapes it when it renders.
    static func text(_ literal: String) -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_TEXT)
        cmark_node_set_literal(node, literal)
        return node
    }

    /// Raw HTML among inline nodes, written as it is.
    static func inlineHTML(_ html: String) -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)
        cmark_node_set_on_enter(node, html)
        return node
    }

    /// A block written as `opening`, its children, then `closing` (each on a line of its own
    /// when not empty).
    static func block(opening: String, closing: String = "") -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
        if !opening.isEmpty { cmark_node_set_on_enter(node, opening) }
        if !closing.isEmpty { cmark_node_set_on_exit(node, closing) }
        return node
    }
}

/// A C string as Swift text; `""` for none.
func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

extension Modifier.Target {
    /// The target as one bit of a set of targets.
    var bit: UInt32 {
        switch self {
        case .metadataKeys: 1 << 0
        case .metadataValues: 1 << 1
        case .blockquotes: 1 << 2
        case .codeBlocks: 1 << 3
        case .headings: 1 << 4
        case .horizontalLines: 1 << 5
        case .html: 1 << 6
        case .images: 1 << 7
        case .inlineCode: 1 << 8
        case .links: 1 << 9
        case .lists: 1 << 10
        case .paragraphs: 1 << 11
        case .tables: 1 << 12
        case .inlineHTML: 1 << 13
        case .text: 1 << 14
        case .footnoteReferences: 1 << 15
        case .emphasis: 1 << 16
        case .strong: 1 << 17
        case .strikethrough: 1 << 18
        }
    }
}

// MARK: - AlertBlocks

/// The alerts of one document, on cmark's tree: found before the walk, so that the walk sees
/// each as a quote whose facts name the alert and no longer sees its marker, and written as
/// GitHub writes alerts after it.
///
/// - A GitHub alert is a quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
///   `[!WARNING]` or `[!CAUTION]` (any case), alone or followed by a title.
/// - A container is a paragraph line `:::kind`, `::: kind Title` or `:::kind[Title]` (three or
///   more colons), the blocks after it, and a line of as many colons alone: Docusaurus,
///   Starlight and VitePress write callouts so. Its kind may also be named as those generators
///   name it (`info`, `danger`…; see ``Alert/Kind/init(named:)``); a container of another kind
///   (`:::details`) stays text. It becomes a quote first, so that it is an alert as the others.
struct AlertBlocks {
    /// An alert found: its quote, what it is, and the title's inline nodes (taken out of the
    /// tree; `nil` when the kind's own title shows).
    private struct Found {
        let quote: OpaquePointer
        let alert: Alert
        let title: [OpaquePointer]?
    }

    private var found: [Found] = []
    /// The quotes made of containers, which are alerts already, and the line of each opening.
    private var containerQuotes: [OpaquePointer: Int] = [:]
    /// How deep alerts may nest; the first one deeper is noted in ``tooDeepLine``.
    private let maximumDepth: Int
    /// The line (of the body, from 1) of the first alert nested deeper than ``maximumDepth``.
    private(set) var tooDeepLine: Int?
    /// Nodes, lines and open containers looked at: the work done, for tests that count it.
    private(set) var steps = 0
    /// Paragraphs taken out of the tree. Inline nodes point into their block's text, so a
    /// paragraph whose nodes moved elsewhere lives as long as the document (``release()``).
    private var retired: [OpaquePointer] = []
    private var rendered = false
    /// Where each line of ``body`` starts, once an alert's source is looked at.
    private var lineStarts: [String.Index] = []

    /// Each alert's quote and what it is, for the walk.
    var alerts: [OpaquePointer: Alert] {
        Dictionary(found.map { ($0.quote, $0.alert) }, uniquingKeysWith: { first, _ in first })
    }

    /// The Markdown the tree was parsed from, to tell a marker from an escaped one (`\[!NOTE]`).
    private let body: Substring

    /// Finds the alerts under `root` (parsed from `body`) and takes their markers out of the text.
    /// Each block is looked at once, with how many alerts hold it: nesting costs no extra pass.
    init(root: OpaquePointer, body: Substring, maximumDepth: Int = Limits.containerDepth) {
        self.body = body
        self.maximumDepth = maximumDepth
        var containers = [(node: root, depth: 0)]
        while let (container, depth) = containers.popLast() {
            findContainers(in: container)
            var child = cmark_node_first_child(container)
            while let node = child {
                steps += 1
                switch cmark_node_get_type(node) {
                case CMARK_NODE_BLOCK_QUOTE:
                    let line = containerQuotes[node] ?? (findMarker(in: node) ? Int(cmark_node_get_start_line(node)) : nil)
                    if let line, depth + 1 > maximumDepth, tooDeepLine == nil { tooDeepLine = line }
                    containers.append((node, line == nil ? depth : depth + 1))
                case CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION:
                    containers.append((node, depth))
                default:
                    break
                }
                child = cmark_node_next(node)
            }
        }
    }

    /// Frees what was taken out of the tree: call when the document is freed.
    func release() {
        if !rendered {
            for entry in found { for node in entry.title ?? [] { cmark_node_free(node) } }
        }
        for paragraph in retired { cmark_node_free(paragraph) }
    }

    /// Writes each alert as GitHub does: its quote becomes a `div` holding the title paragraph
    /// and the quote's blocks. Call after the walk and the markers; a second call does nothing.
    mutating func render() {
        guard !rendered else { return }
        rendered = true
        for entry in found {
            let kind = entry.alert.kind
            let container = CmarkNodes.block(opening: "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">", closing: "</div>")
            guard cmark_node_insert_before(entry.quote, container) == 1 else {
                cmark_node_free(container)
                continue
            }
            let title = CmarkNodes.block(opening: "")
            _ = cmark_node_append_child(container, title)
            _ = cmark_node_append_child(title, CmarkNodes.inlineHTML("<p class=\"markdown-alert-title\">" + Self.icon(kind)))
            for node in entry.title ?? [CmarkNodes.text(kind.title)] { _ = cmark_node_append_child(title, node) }
            _ = cmark_node_append_child(title, CmarkNodes.inlineHTML("</p>"))
            while let child = cmark_node_first_child(entry.quote) { _ = cmark_node_append_child(container, child) }
            cmark_node_free(entry.quote)
        }
    }

    // MARK: GitHub alerts

    /// Notes `quote` as an alert when its first line is a marker, and takes the marker (and
    /// the title after it) out of its first paragraph; whether it is one.
    private mutating func findMarker(in quote: OpaquePointer) -> Bool {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT else { return false }
        let literal = Array(string(cmark_node_get_literal(first)).utf8)
        guard literal.starts(with: Array("[!".utf8)), let close = literal.firstIndex(of: UInt8(ascii: "]")),
              let kind = Alert.Kind(rawValue: String(decoding: literal[2..<close], as: UTF8.self).lowercased()) else { return false }
        let rest = literal[(close + 1)...]
        guard rest.isEmpty || Self.isBlank(rest.first!), !isEscaped(paragraph) else { return false }
        let line = Self.takeFirstLine(of: paragraph)
        // The title: what follows the marker on its line.
        let titleText = String(decoding: rest.drop(while: Self.isBlank), as: UTF8.self)
        var title = Array(line.dropFirst())
        if !titleText.isEmpty { title.insert(CmarkNodes.text(titleText), at: 0) }
        cmark_node_free(line[0])
        if cmark_node_first_child(paragraph) == nil { retire(paragraph) }
        let plainTitle = title.map(Self.plainText).joined().trimmingBlanks
        if plainTitle.isEmpty { for node in title { cmark_node_free(node) } }
        found.append(Found(quote: quote, alert: Alert(kind: kind, title: plainTitle.isEmpty ? nil : plainTitle),
                           title: plainTitle.isEmpty ? nil : title))
        return true
    }

    /// Takes a closing line's colons out; the anchors an attribute list left after them stay,
    /// in a paragraph after the alert, so that links to them still land.
    private mutating func retireColons(of closing: OpaquePointer) {
        var child = cmark_node_first_child(closing)
        while let node = child {
            child = cmark_node_next(node)
            if !Self.isAnchor(node) {
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
        }
        if cmark_node_first_child(closing) == nil { retire(closing) }
    }

    private mutating func retire(_ paragraph: OpaquePointer) {
        cmark_node_unlink(paragraph)
        retired.append(paragraph)
    }

    /// Whether a paragraph's first character is a backslash in the source, so that its
    /// `[!NOTE]` was written `\[!NOTE]`: text, as on GitHub.
    private mutating func isEscaped(_ paragraph: OpaquePointer) -> Bool {
        let line = Int(cmark_node_get_start_line(paragraph)), column = Int(cmark_node_get_start_column(paragraph))
        if lineStarts.isEmpty {
            // Where each line starts, found once (a document may hold thousands of alerts).
            // Lines end as cmark ends them: at `\n`, `\r\n` or a lone `\r`.
            lineStarts = [body.utf8.startIndex]
            let bytes = body.utf8
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
                let next = bytes.index(after: index)
                if byte == UInt8(ascii: "\r"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "\n") { continue }
                lineStarts.append(next)
            }
        }
        guard line > 0, column > 0, line <= lineStarts.count else { return false }
        return body.utf8[lineStarts[line - 1]...].dropFirst(column - 1).first == UInt8(ascii: "\\")
    }

    // MARK: Containers

    /// A paragraph line of colons: a container's opening (with its kind and title) or closing.
    private struct ColonLine {
        let paragraph: OpaquePointer
        let line: Int
        let colons: Int
        let opening: (kind: Alert.Kind, title: String?)?

        /// The line of the body it is on (the paragraph's first line, then one a line).
        var sourceLine: Int { Int(cmark_node_get_start_line(paragraph)) + line }
    }

    /// Turns each `:::kind` … `:::` run of `container`'s blocks into a quote noted as an alert.
    /// One pass finds the colon lines and pairs them (a closing closes the innermost open
    /// container of its colons; those opened inside it and never closed stay text), one pass
    /// per paragraph makes each paired line a paragraph alone, then the quotes are made,
    /// innermost first: linear in the size of the document, however many containers it holds
    /// (each block and line is looked at once, and an open container is passed over by the
    /// search for a closing's opening only when that closing drops it).
    private mutating func findContainers(in container: OpaquePointer) {
        var pairs: [(opening: ColonLine, closing: ColonLine)] = []
        var open: [ColonLine] = []
        var openCounts: [Int: Int] = [:]
        var child = cmark_node_first_child(container)
        while let node = child {
            child = cmark_node_next(node)
            steps += 1
            // Which colons close is looked up in `openCounts`, never gathered from `open`: the
            // look-up costs the same with a thousand containers open as with one.
            if !open.isEmpty, let hoisted = Self.hoistLazyClosing(after: node, closes: { openCounts[$0, default: 0] > 0 }) {
                child = hoisted
                continue
            }
            guard cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH else { continue }
            // An opening starts a paragraph, or follows a closing line in it.
            var mayOpen = true
            for (index, line) in Self.lines(of: node).enumerated() {
                steps += 1
                guard let colonLine = Self.colonLine(line, paragraph: node, index: index) else {
                    mayOpen = false
                    continue
                }
                if colonLine.opening != nil {
                    if mayOpen {
                        open.append(colonLine)
                        openCounts[colonLine.colons, default: 0] += 1
                    }
                    mayOpen = false
                } else if openCounts[colonLine.colons, default: 0] > 0, let at = open.lastIndex(where: { $0.colons == colonLine.colons }) {
                    steps += open.count - at
                    for dropped in open[at...] { openCounts[dropped.colons, default: 0] -= 1 }
                    pairs.append((open[at], colonLine))
                    open.removeSubrange(at...)
                    mayOpen = true
                } else {
                    mayOpen = false
                }
            }
        }
        guard !pairs.isEmpty else { return }
        // Each paired line a paragraph alone.
        var isolate: [OpaquePointer: Set<Int>] = [:]
        for pair in pairs {
            isolate[pair.opening.paragraph, default: []].insert(pair.opening.line)
            isolate[pair.closing.paragraph, default: []].insert(pair.closing.line)
        }
        var alone: [OpaquePointer: [Int: OpaquePointer]] = [:]
        for (paragraph, lines) in isolate { alone[paragraph] = Self.split(paragraph, isolating: lines) }
        for pair in pairs {
            guard let opening = alone[pair.opening.paragraph]?[pair.opening.line],
                  let closing = alone[pair.closing.paragraph]?[pair.closing.line],
                  let kind = pair.opening.opening?.kind else { continue }
            let quote: OpaquePointer = cmark_node_new(CMARK_NODE_BLOCK_QUOTE)
            guard cmark_node_insert_before(opening, quote) == 1 else {
                cmark_node_free(quote)
                continue
            }
            while let inside = cmark_node_next(opening), inside != closing { _ = cmark_node_append_child(quote, inside) }
            retireColons(of: closing)
            retire(opening)
            let title = pair.opening.opening?.title
            found.append(Found(quote: quote, alert: Alert(kind: kind, title: title), title: title.map { [CmarkNodes.text($0)] }))
            containerQuotes[quote] = pair.opening.sourceLine
        }
    }

    /// A closing line written right after a list or a quote is, for cmark, the last line of
    /// its last paragraph (a lazy continuation). When `block` is such a list or quote and that
    /// line closes a container of colons that `closes`, it is moved out as a paragraph after
    /// `block`, which is returned.
    private static func hoistLazyClosing(after block: OpaquePointer, closes: (Int) -> Bool) -> OpaquePointer? {
        var last = block
        while cmark_node_get_type(last) == CMARK_NODE_LIST || cmark_node_get_type(last) == CMARK_NODE_ITEM
                || cmark_node_get_type(last) == CMARK_NODE_BLOCK_QUOTE {
            guard let inner = cmark_node_last_child(last) else { return nil }
            last = inner
        }
        guard last != block, cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH else { return nil }
        let lines = lines(of: last)
        guard lines.count > 1, let line = colonLine(lines[lines.count - 1], paragraph: last, index: lines.count - 1),
              line.opening == nil, closes(line.colons),
              let alone = split(last, isolating: [lines.count - 1])[lines.count - 1] else { return nil }
        cmark_node_unlink(alone)
        _ = cmark_node_insert_after(block, alone)
        return alone
    }

    /// The line's container opening or closing, if it is one: colons (three or more), then a
    /// kind and a title for an opening; colons alone for a closing.
    private static func colonLine(_ line: [OpaquePointer], paragraph: OpaquePointer, index: Int) -> ColonLine? {
        guard let first = line.first, cmark_node_get_type(first) == CMARK_NODE_TEXT,
              string(cmark_node_get_literal(first)).hasPrefix(":::") else { return nil }
        let text = line.map(plainText).joined()
        let colons = text.prefix { $0 == ":" }.count
        // A closing is colons alone, or followed by the anchor an attribute list (`{: #id}`) left.
        let words = line.filter { !isAnchor($0) }
        if words.allSatisfy(isText), words.map(plainText).joined().dropFirst(colons).allSatisfy({ $0 == " " || $0 == "\t" }) {
            return ColonLine(paragraph: paragraph, line: index, colons: colons, opening: nil)
        }
        let afterColons = text.dropFirst(colons).drop { $0 == " " || $0 == "\t" }
        let name = afterColons.prefix { $0.isLetter }
        guard let kind = Alert.Kind(named: name) else { return nil }
        var rest = afterColons.dropFirst(name.count)
        if rest.first == "[", let close = rest.lastIndex(of: "]") {
            // `:::note[Title]` and nothing after it: `:::note[A]junk` is no opening.
            guard rest[rest.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
            rest = rest[rest.index(after: rest.startIndex)..<close]
        } else if let first = rest.first, first != " " && first != "\t" {
            return nil
        }
        let title = String(rest).trimmingBlanks
        return ColonLine(paragraph: paragraph, line: index, colons: colons, opening: (kind, title.isEmpty ? nil : title))
    }

    /// Splits a paragraph so that each of its lines at `isolating` is a paragraph alone (the
    /// other lines stay together between them), moving each node once; the paragraph of each
    /// of those lines.
    private static func split(_ paragraph: OpaquePointer, isolating lines: Set<Int>) -> [Int: OpaquePointer] {
        var alone: [Int: OpaquePointer] = [:]
        var current = paragraph
        var line = 0
        if lines.contains(0) { alone[0] = paragraph }
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            child = cmark_node_next(node)
            if isBreak(node) {
                line += 1
                // A new paragraph starts after an isolated line, and at one.
                if lines.contains(line - 1) || lines.contains(line) {
                    cmark_node_free(node)
                    let next: OpaquePointer = cmark_node_new(CMARK_NODE_PARAGRAPH)
                    _ = cmark_node_insert_after(current, next)
                    current = next
                    if lines.contains(line) { alone[line] = next }
                    continue
                }
            }
            if current != paragraph { _ = cmark_node_append_child(current, node) }
        }
        return alone
    }

    // MARK: Lines of a paragraph

    /// The inline nodes of each line of a paragraph (the breaks between them left out).
    private static func lines(of paragraph: OpaquePointer) -> [[OpaquePointer]] {
        var lines: [[OpaquePointer]] = [[]]
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            if isBreak(node) { lines.append([]) } else { lines[lines.count - 1].append(node) }
            child = cmark_node_next(node)
        }
        return lines
    }

    /// Takes the first line's nodes out of a paragraph (with the break after it, freed).
    private static func takeFirstLine(of paragraph: OpaquePointer) -> [OpaquePointer] {
        var line: [OpaquePointer] = []
        while let node = cmark_node_first_child(paragraph) {
            cmark_node_unlink(node)
            if isBreak(node) {
                cmark_node_free(node)
                break
            }
            line.append(node)
        }
        return line
    }

    private static func isBreak(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }

    /// Whether a node is the empty anchor an attribute list after a block becomes (`<a id="x"></a>`).
    private static func isAnchor(_ node: OpaquePointer) -> Bool {
        guard cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE else { return false }
        let html = string(cmark_node_get_literal(node))
        return html.hasPrefix("<a id=") && html.hasSuffix("></a>")
    }

    private static func isText(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node) == CMARK_NODE_TEXT
    }

    /// A node's text as a reader sees it (its literal, or its children's).
    private static func plainText(_ node: OpaquePointer) -> String {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            return string(cmark_node_get_literal(node))
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            return " "
        default:
            var text = ""
            var child = cmark_node_first_child(node)
            while let inner = child {
                text += plainText(inner)
                child = cmark_node_next(inner)
            }
            return text
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    // MARK: Icons

    /// A 16-pixel line icon for each kind, drawn in the text's color: a circled `i`, a bulb,
    /// a speech bubble with `!`, a triangle with `!`, an octagon with `!`.
    static func icon(_ kind: Alert.Kind) -> String {
        let shape = switch kind {
        case .note: #"<circle cx="8" cy="8" r="6.25"/><path d="M8 7.25v4M8 4.75v.01"/>"#
        case .tip: #"<path d="M5.5 10.5a4.25 4.25 0 1 1 5 0v1.25h-5zM6.25 14.25h3.5"/>"#
        case .important: #"<path d="M2 2.25h12v8.5H7.25L4.5 13.5v-2.75H2zM8 4.5v3M8 9.25v.01"/>"#
        case .warning: #"<path d="M8 1.75 14.75 13.75H1.25zM8 6v3.75M8 11.75v.01"/>"#
        case .caution: #"<path d="M5.25 1.75h5.5l3.5 3.5v5.5l-3.5 3.5h-5.5l-3.5-3.5v-5.5zM8 4.75v4M8 10.75v.01"/>"#
        }
        return #"<svg class="markdown-alert-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" "#
            + #"stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">"# + shape + "</svg>"
    }
}

extension String {
    /// Without spaces and tabs at either end.
    fileprivate var trimmingBlanks: String {
        let bytes = utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let trimmed = bytes.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: trimmed.reversed(), as: UTF8.self)
    }
}
