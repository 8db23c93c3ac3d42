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
    /// Paragraphs, block quotes and links that kramdown's attribute lists give an id and
    /// classes, found before the walk (``retagKramdownElements(skipping:)``).
    private var kramdownTagged: [(node: OpaquePointer, list: AttributeList)] = []
    private let rewritesRawHTML: Bool
    private let readsAlerts: Bool
    private let makesSmartPunctuation: Bool
    private let alertTitles: [Alert.Kind: String]
    private let joinsEastAsianLines: Bool
    private let hidesRustLines: Bool
    private let pythonMarkdownHeadingIDs: Bool
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
        makesSmartPunctuation = options.smartPunctuation
        alertTitles = options.alertTitles
        joinsEastAsianLines = options.eastAsianLineBreaks
        hidesRustLines = options.hidesRustLines
        pythonMarkdownHeadingIDs = options.pythonMarkdownHeadingIDs
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
        alertBlocks?.render(titles: alertTitles)
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
        if readsGeneratorSyntax, Self.holdsBraceOrEntity(body) {
            dropKramdownAttributeLists()
        }
        if readsAlerts, alertBlocks == nil, Self.mayHoldAlerts(body) {
            alertBlocks = AlertBlocks(root: root, body: body, maximumDepth: maximumAlertDepth)
        }
        if readsGeneratorSyntax, DefinitionLists.mayHold(body) { removed += DefinitionLists.make(under: root) }
        if readsGeneratorSyntax, CodeBlockFrames.mayHold(body) { CodeBlockFrames.make(under: root) }
        if makesSmartPunctuation, ByteSearch.contains(UInt8(ascii: "@"), in: body) { SmartEmailLinks.mend(under: root, body: body) }
        if makesSmartPunctuation, SmartApostrophes.mayHold(body) { SmartApostrophes.mend(under: root) }
        if joinsEastAsianLines, EastAsianText.mayBreakLine(in: body) { joinEastAsianLines() }
        if hidesRustLines, HiddenRustLines.mayHold(body) { hideRustLines() }
        var walker = TreeWalker(placeholders: placeholders, wanted: wanted, body: body, headingIDs: headingIDs, readsGeneratorSyntax: readsGeneratorSyntax,
                                slugs: HeadingSlugger(style: pythonMarkdownHeadingIDs ? .pythonMarkdown : .github),
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
            replace(heading.node, with: CmarkNodes.block(opening: ""),
                    between: "<h\(heading.level)\(heading.attributes)>", and: "</h\(heading.level)>")
        }
        retagged = []
    }

    /// Whether a body holds a `{` or a `&` (found with `memchr`, as every page asks).
    private static func holdsBraceOrEntity(_ body: Substring) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            ByteScan.first(UInt8(ascii: "{"), in: bytes, from: 0) != nil || ByteScan.first(UInt8(ascii: "&"), in: bytes, from: 0) != nil
        }
    }

    /// Whether a body holds `[!` or `:::`, as any alert does (found with `memchr`: most bodies
    /// hold neither, and a byte-by-byte look costs as much as a tenth of cmark's parse).
    private static func mayHoldAlerts(_ body: Substring) -> Bool {
        func holds(_ first: UInt8, followedBy rest: [UInt8]) -> Bool {
            ByteSearch.any(first, in: body) { at, _, end in end - at > rest.count && rest.indices.allSatisfy { at[$0 + 1] == rest[$0] } }
        }
        return holds(UInt8(ascii: "["), followedBy: [UInt8(ascii: "!")])
            || holds(UInt8(ascii: ":"), followedBy: [UInt8(ascii: ":"), UInt8(ascii: ":")])
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

    /// Whether `paragraph` starts as an alert's lines may (`:::note`, `[!NOTE]`): the alerts
    /// move its nodes into other blocks.
    private static func mayOpenAlert(_ paragraph: OpaquePointer) -> Bool {
        guard let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT else { return false }
        let text = string(cmark_node_get_literal(first))
        return text.hasPrefix(":::") || text.hasPrefix("[!")
    }

    /// Takes a kramdown attribute list that is the first line of `paragraph` (`{: .note }` then
    /// `Text`): the paragraph's, as kramdown reads a list right before a block.
    @discardableResult
    private func takeLeadingAttributeList(of paragraph: OpaquePointer) -> Bool {
        var firstLine: [OpaquePointer] = []
        var next = cmark_node_first_child(paragraph)
        while let node = next, cmark_node_get_type(node) == CMARK_NODE_TEXT {
            firstLine.append(node)
            next = cmark_node_next(node)
        }
        guard let lineBreak = next, cmark_node_get_type(lineBreak) == CMARK_NODE_SOFTBREAK, !firstLine.isEmpty,
              Self.opensWithBrace(firstLine),
              let list = AttributeList.kramdown(Substring(firstLine.map { string(cmark_node_get_literal($0)) }.joined())) else { return false }
        for node in firstLine + [lineBreak] { cmark_node_free(node) }
        if list.id != nil || !list.classes.isEmpty { kramdownTagged.append((paragraph, list)) }
        return true
    }

    /// Frees `paragraph`, an attribute list alone, and forgets what lists gave it.
    private func freeAttributeListParagraph(_ paragraph: OpaquePointer) {
        kramdownTagged.removeAll { $0.node == paragraph }
        cmark_node_free(paragraph)
    }

    /// Whether `paragraph` is a kramdown attribute list and nothing else (one taken out of the tree).
    private static func isAttributeListAlone(_ paragraph: OpaquePointer) -> Bool {
        guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return false }
        var texts: [OpaquePointer] = []
        var next = cmark_node_first_child(paragraph)
        while let node = next {
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return false }
            texts.append(node)
            next = cmark_node_next(node)
        }
        return !texts.isEmpty && opensWithBrace(texts)
            && AttributeList.kramdown(Substring(texts.map { string(cmark_node_get_literal($0)) }.joined())) != nil
    }

    /// Gives the paragraphs, block quotes and links that kramdown attribute lists name their id
    /// and classes, written into their opening tags; a paragraph that a modifier marks
    /// (`marked`) or that a tight list shows without `<p>` keeps only its id, as an empty
    /// `<a id>`. Call after the walk, before markers are inserted.
    func retagKramdownElements(skipping marked: [OpaquePointer]) {
        guard !kramdownTagged.isEmpty else { return }
        let skipped = Set(marked)
        // A node given lists before and after it (`{: .x }`, `Text`, `{: .y }`) takes them all, as kramdown does.
        var merged: [(node: OpaquePointer, list: AttributeList)] = []
        var position: [OpaquePointer: Int] = [:]
        for (node, list) in kramdownTagged {
            if let at = position[node] {
                merged[at].list.id = list.id ?? merged[at].list.id
                merged[at].list.classes += list.classes.filter { !merged[at].list.classes.contains($0) }
            } else {
                position[node] = merged.count
                merged.append((node, list))
            }
        }
        for (node, list) in merged where cmark_node_parent(node) != nil {
            let attributes = list.htmlAttributes
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH:
                guard !skipped.contains(node), !Self.isInTightList(node) else {
                    if let id = list.id, let first = cmark_node_first_child(node) {
                        _ = Self.insert(CmarkNodes.inlineHTML("<a id=\"\(id)\"></a>"), before: first)
                    }
                    continue
                }
                replace(node, with: CmarkNodes.block(opening: ""), between: "<p\(attributes)>", and: "</p>")
            case CMARK_NODE_BLOCK_QUOTE where !skipped.contains(node):
                replace(node, with: CmarkNodes.block(opening: "<blockquote\(attributes)>", closing: "</blockquote>"))
            case CMARK_NODE_LINK where !skipped.contains(node):
                // The opening tag as cmark writes it (its escaping of the address and title), with the attributes.
                let bare: OpaquePointer = cmark_node_new(CMARK_NODE_LINK)
                cmark_node_set_url(bare, cmark_node_get_url(node))
                cmark_node_set_title(bare, cmark_node_get_title(node))
                guard let rendered = cmark_render_html(bare, renderOptions, nil) else { cmark_node_free(bare); continue }
                let html = String(cString: rendered)
                free(rendered)
                cmark_node_free(bare)
                guard html.hasPrefix("<a "), let end = html.range(of: "></a>") else { continue }
                let opening = String(html[..<end.lowerBound]) + attributes + ">"
                let tagged: OpaquePointer = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)
                cmark_node_set_on_enter(tagged, opening)
                cmark_node_set_on_exit(tagged, "</a>")
                replace(node, with: tagged)
            default:
                continue
            }
        }
        kramdownTagged = []
    }

    /// Puts `replacement` (a custom block or inline) where `node` is and moves `node`'s children
    /// into it, between the raw HTML `opening` and `closing` when given. `node` is taken out of
    /// the tree but kept as long as the document: inline nodes point into their block's text.
    private func replace(_ node: OpaquePointer, with replacement: OpaquePointer, between opening: String? = nil, and closing: String? = nil) {
        guard cmark_node_insert_before(node, replacement) == 1 else {
            cmark_node_free(replacement)
            return
        }
        if let opening { _ = cmark_node_append_child(replacement, CmarkNodes.inlineHTML(opening)) }
        while let child = cmark_node_first_child(node) { _ = cmark_node_append_child(replacement, child) }
        if let closing { _ = cmark_node_append_child(replacement, CmarkNodes.inlineHTML(closing)) }
        cmark_node_unlink(node)
        removed.append(node)
    }

    /// Whether `paragraph` is in an item of a tight list, which shows it without `<p>`.
    private static func isInTightList(_ paragraph: OpaquePointer) -> Bool {
        guard let item = cmark_node_parent(paragraph), let list = cmark_node_parent(item),
              cmark_node_get_type(list) == CMARK_NODE_LIST else { return false }
        return cmark_node_get_list_tight(list) != 0
    }

    /// The ATX heading on the line right before `paragraph`, whose text does not end with an
    /// attribute list of its own, or `nil`.
    private static func headingRightBefore(_ paragraph: OpaquePointer) -> OpaquePointer? {
        guard let heading = cmark_node_previous(paragraph), cmark_node_get_type(heading) == CMARK_NODE_HEADING,
              cmark_node_get_end_line(heading) + 1 == cmark_node_get_start_line(paragraph) else { return nil }
        if let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
           string(cmark_node_get_literal(last)).trimmingCharacters(in: .whitespaces).hasSuffix("}") { return nil }
        return heading
    }

    /// kramdown's attribute lists, which other renderers show as text: drops a `{:…}` line
    /// that ends a paragraph (or is one) and a `{:…}` right after an image or link. A line
    /// right after a heading gives the heading its `#id` and classes; elsewhere an `#id` in a
    /// line is kept as an empty `<a id>`, so that links to it still land.
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
            // After a link, the link's: `[Start](#start){: .btn }`.
            if let link = cmark_node_previous(first), cmark_node_get_type(link) == CMARK_NODE_LINK,
               let list = AttributeList.kramdown(text[...close]), list.id != nil || !list.classes.isEmpty {
                kramdownTagged.append((link, list))
            }
            for node in run where dropped > 0 {
                let literal = string(cmark_node_get_literal(node))
                let cut = min(dropped, literal.utf8.count)
                cmark_node_set_literal(node, String(decoding: literal.utf8.dropFirst(cut), as: UTF8.self))
                dropped -= cut
            }
        }
        for paragraph in paragraphs {
          // Lines of lists at the paragraph's end, the last first (`Text`, `{: .x }`, `{: .y }`), kept in their order.
          var trailing: [AttributeList] = []
          while true {
            var lastLine: [OpaquePointer] = []
            var before = cmark_node_last_child(paragraph)
            while let node = before, cmark_node_get_type(node) == CMARK_NODE_TEXT {
                lastLine.insert(node, at: 0)
                before = cmark_node_previous(node)
            }
            guard !lastLine.isEmpty, Self.opensWithBrace(lastLine), before.map({ cmark_node_get_type($0) == CMARK_NODE_SOFTBREAK }) ?? true,
                  let list = AttributeList.kramdown(Substring(lastLine.map { string(cmark_node_get_literal($0)) }.joined())) else {
                while takeLeadingAttributeList(of: paragraph) {}
                for list in trailing { kramdownTagged.append((paragraph, list)) }
                break
            }
            let anchor = list.id.map { "<a id=\"\($0)\"></a>" }
            if let lineBreak = before, readsAlerts, Self.mayOpenAlert(paragraph) {
                // An alert's lines (`:::note` … `:::`) go elsewhere: an id stays where it was, as an anchor.
                if let anchor {
                    let html: OpaquePointer = cmark_node_new(CMARK_NODE_HTML_INLINE)
                    cmark_node_set_literal(html, anchor)
                    _ = Self.insert(html, before: lineBreak)
                }
                for node in [lineBreak] + lastLine { cmark_node_free(node) }
            } else if let lineBreak = before {
                // The paragraph's own: `Text` then `{: .lead }`.
                for node in [lineBreak] + lastLine { cmark_node_free(node) }
                if list.id != nil || !list.classes.isEmpty { trailing.insert(list, at: 0) }
                continue
            } else if Self.headingRightBefore(paragraph) == nil, let next = cmark_node_next(paragraph),
                      [CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_PARAGRAPH].contains(cmark_node_get_type(next)), !Self.isAttributeListAlone(next),
                      list.id != nil || !list.classes.isEmpty {
                // Before a paragraph or block quote (after a blank line too), that block's, as kramdown
                // reads it: `{: .warning }` then `> Text`.
                kramdownTagged.append((next, list))
                for list in trailing { kramdownTagged.append((next, list)) }
                freeAttributeListParagraph(paragraph)
            } else {
                if let heading = Self.headingRightBefore(paragraph), list.id != nil || !list.classes.isEmpty {
                    // A list on the line after a heading is the heading's, as kramdown reads it: given
                    // to it as a list at its end (`{#id .class}`), which the walk reads.
                    let words = (list.id.map { ["#" + $0] } ?? []) + list.classes.map { "." + $0 }
                    let text: OpaquePointer = cmark_node_new(CMARK_NODE_TEXT)
                    cmark_node_set_literal(text, " {" + words.joined(separator: " ") + "}")
                    _ = cmark_node_append_child(heading, text)
                } else if let anchor {
                    let html: OpaquePointer = cmark_node_new(CMARK_NODE_HTML_BLOCK)
                    cmark_node_set_literal(html, anchor + "\n")
                    _ = Self.insert(html, before: paragraph)
                }
                freeAttributeListParagraph(paragraph)
            }
            break
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
    private var slugger: HeadingSlugger
    private var captures: [Capture] = []
    private var imageDepth = 0
    private var footnoteDepth = 0

    /// Whether any wanted target lives in inline content, so the walk must see all of it.
    private let wantsInlineContent: Bool
    /// The quotes that are alerts.
    private let alerts: [OpaquePointer: Alert]

    init(placeholders: HTMLFragments?, wanted: Set<Modifier.Target>, body: Substring, headingIDs: Bool, readsGeneratorSyntax: Bool, slugs: HeadingSlugger,
         retagsHeadings: Bool, linkRewriter: LinkRewriter?, rewritesRawHTML: Bool, lineOffset: Int,
         alerts: [OpaquePointer: Alert] = [:]) {
        self.placeholders = placeholders
        self.alerts = alerts
        self.wanted = wanted
        wantedBits = wanted.reduce(0) { $0 | $1.bit }
        self.body = body
        self.headingIDs = headingIDs
        slugger = slugs
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
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION,
             CMARK_NODE_CUSTOM_BLOCK:
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

/// The few kinds of node sitegen adds to cmark's tree, C strings read back as Swift text, and
/// the node operations other files of the module use on the tree (``AlertBlocks``), so that
/// none of them calls the C library.
enum CmarkNodes {
    /// A node's type, as far as code outside this file tells types apart.
    enum Kind {
        case blockQuote, list, item, footnoteDefinition, paragraph, codeBlock
        case text, code, softBreak, lineBreak, inlineHTML, link
        case other
    }

    static func kind(of node: OpaquePointer) -> Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_FOOTNOTE_DEFINITION: .footnoteDefinition
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_HTML_INLINE: .inlineHTML
        case CMARK_NODE_LINK: .link
        default: .other
        }
    }

    static func firstChild(of node: OpaquePointer) -> OpaquePointer? { cmark_node_first_child(node) }
    static func previous(before node: OpaquePointer) -> OpaquePointer? { cmark_node_previous(node) }
    /// A link's URL.
    static func url(of link: OpaquePointer) -> String { string(cmark_node_get_url(link)) }
    static func setURL(of link: OpaquePointer, to url: String) { cmark_node_set_url(link, url) }
    /// Sets a text node's text.
    static func setLiteral(of node: OpaquePointer, to literal: String) { cmark_node_set_literal(node, literal) }

    /// Every node of `kind` under `root`, in document order.
    static func nodes(_ kind: Kind, under root: OpaquePointer) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), self.kind(of: node) == kind { found.append(node) }
        }
        return found
    }
    static func lastChild(of node: OpaquePointer) -> OpaquePointer? { cmark_node_last_child(node) }
    static func next(after node: OpaquePointer) -> OpaquePointer? { cmark_node_next(node) }
    /// Sets a code block's info string.
    static func setInfo(of block: OpaquePointer, to info: String) { cmark_node_set_fence_info(block, info) }
    /// A code block's info string (`""` for an indented block).
    static func info(of block: OpaquePointer) -> String { string(cmark_node_get_fence_info(block)) }
    /// A text, code or HTML node's text; `""` for other nodes.
    static func literal(of node: OpaquePointer) -> String { string(cmark_node_get_literal(node)) }
    /// The node's first line in the parsed text, from 1.
    static func startLine(of node: OpaquePointer) -> Int { Int(cmark_node_get_start_line(node)) }
    static func startColumn(of node: OpaquePointer) -> Int { Int(cmark_node_get_start_column(node)) }

    /// Puts `node` before `sibling`; whether cmark allowed it (a node of a kind its parent can hold).
    @discardableResult
    static func insert(_ node: OpaquePointer, before sibling: OpaquePointer) -> Bool {
        cmark_node_insert_before(sibling, node) == 1
    }

    /// Puts `node` after `sibling`; whether cmark allowed it.
    @discardableResult
    static func insert(_ node: OpaquePointer, after sibling: OpaquePointer) -> Bool {
        cmark_node_insert_after(sibling, node) == 1
    }

    /// Makes `node` the last child of `parent`.
    static func append(_ node: OpaquePointer, to parent: OpaquePointer) {
        _ = cmark_node_append_child(parent, node)
    }

    /// Takes `node` out of the tree (it is freed on its own).
    static func unlink(_ node: OpaquePointer) { cmark_node_unlink(node) }
    /// Frees `node` and its children.
    static func free(_ node: OpaquePointer) { cmark_node_free(node) }

    /// An empty quote.
    static func blockQuote() -> OpaquePointer { cmark_node_new(CMARK_NODE_BLOCK_QUOTE) }
    /// An empty paragraph.
    static func paragraph() -> OpaquePointer { cmark_node_new(CMARK_NODE_PARAGRAPH) }

    /// A fenced code block holding `code`, its info string `info`.
    static func codeBlock(_ code: String, info: String) -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_CODE_BLOCK)
        cmark_node_set_literal(node, code)
        cmark_node_set_fence_info(node, info)
        _ = cmark_node_set_fenced(node, 1, 3, 0, CChar(UInt8(ascii: "`")))
        return node
    }

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
private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}
