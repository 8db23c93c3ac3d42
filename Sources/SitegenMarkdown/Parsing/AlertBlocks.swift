import CCmarkGFM

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
    /// The quotes made of containers, which are alerts already.
    private var containerQuotes: Set<OpaquePointer> = []
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
    init(root: OpaquePointer, body: Substring) {
        self.body = body
        var containers = [root]
        while let container = containers.popLast() {
            findContainers(in: container)
            var child = cmark_node_first_child(container)
            while let node = child {
                switch cmark_node_get_type(node) {
                case CMARK_NODE_BLOCK_QUOTE:
                    if !containerQuotes.contains(node) { findMarker(in: node) }
                    containers.append(node)
                case CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION:
                    containers.append(node)
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
    /// the title after it) out of its first paragraph.
    private mutating func findMarker(in quote: OpaquePointer) {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT else { return }
        let literal = Array(string(cmark_node_get_literal(first)).utf8)
        guard literal.starts(with: Array("[!".utf8)), let close = literal.firstIndex(of: UInt8(ascii: "]")),
              let kind = Alert.Kind(rawValue: String(decoding: literal[2..<close], as: UTF8.self).lowercased()) else { return }
        let rest = literal[(close + 1)...]
        guard rest.isEmpty || Self.isBlank(rest.first!), !isEscaped(paragraph) else { return }
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
            lineStarts = [body.utf8.startIndex]
            for index in body.utf8.indices where body.utf8[index] == UInt8(ascii: "\n") {
                lineStarts.append(body.utf8.index(after: index))
            }
        }
        guard line > 0, column > 0, line <= lineStarts.count else { return false }
        return body.utf8[lineStarts[line - 1]...].dropFirst(column - 1).first == UInt8(ascii: "\\")
    }

    // MARK: Containers

    /// Turns each `:::kind` … `:::` run of `container`'s blocks into a quote noted as an alert.
    private mutating func findContainers(in container: OpaquePointer) {
        // Colon counts no later line closes (a search from an earlier opening failed), so that
        // thousands of unclosed openings are not each searched to the end.
        var unclosed: Set<Int> = []
        var child = cmark_node_first_child(container)
        while let node = child {
            child = cmark_node_next(node)
            guard cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH, let opening = Self.opening(of: node),
                  !unclosed.contains(opening.colons) else { continue }
            guard let end = Self.closingLine(after: node, colons: opening.colons) else {
                unclosed.insert(opening.colons)
                continue
            }
            // The closing line and the opening line each a paragraph alone.
            let closing = Self.isolate(line: end.line, of: end.paragraph)
            Self.splitAfterFirstLine(node)
            let quote: OpaquePointer = cmark_node_new(CMARK_NODE_BLOCK_QUOTE)
            guard cmark_node_insert_before(node, quote) == 1 else {
                cmark_node_free(quote)
                continue
            }
            while let inside = cmark_node_next(node), inside != closing { _ = cmark_node_append_child(quote, inside) }
            child = cmark_node_next(closing)
            retire(closing)
            retire(node)
            found.append(Found(quote: quote, alert: Alert(kind: opening.kind, title: opening.title),
                               title: opening.title.map { [CmarkNodes.text($0)] }))
            containerQuotes.insert(quote)
        }
    }

    /// The kind, title and colons of a paragraph whose first line opens a container.
    private static func opening(of paragraph: OpaquePointer) -> (kind: Alert.Kind, title: String?, colons: Int)? {
        guard let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT else { return nil }
        let line = firstLineText(of: paragraph)
        let colons = line.prefix { $0 == ":" }.count
        guard colons >= 3 else { return nil }
        let afterColons = line.dropFirst(colons).drop { $0 == " " || $0 == "\t" }
        let name = afterColons.prefix { $0.isLetter }
        guard let kind = Alert.Kind(named: name) else { return nil }
        var rest = afterColons.dropFirst(name.count)
        if rest.first == "[", let close = rest.lastIndex(of: "]") {
            rest = rest[rest.index(after: rest.startIndex)..<close]
        } else if let first = rest.first, first != " " && first != "\t" {
            return nil
        }
        let title = String(rest).trimmingBlanks
        return (kind, title.isEmpty ? nil : title, colons)
    }

    /// The first line after `opening`'s first one, in it or in a paragraph after it among its
    /// siblings, that is `colons` colons alone: where the container ends.
    private static func closingLine(after opening: OpaquePointer, colons: Int) -> (paragraph: OpaquePointer, line: Int)? {
        let marker = String(repeating: ":", count: colons)
        var candidate: OpaquePointer? = opening
        while let node = candidate {
            if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH {
                for (index, line) in lines(of: node).enumerated() where node != opening || index > 0 {
                    if line.allSatisfy(isText) && line.map(plainText).joined().trimmingBlanks == marker { return (node, index) }
                }
            }
            candidate = cmark_node_next(node)
        }
        return nil
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

    /// The plain text of a paragraph's first line.
    private static func firstLineText(of paragraph: OpaquePointer) -> String {
        var text = ""
        var child = cmark_node_first_child(paragraph)
        while let node = child, !isBreak(node) {
            text += plainText(node)
            child = cmark_node_next(node)
        }
        return text
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

    /// Moves what follows a paragraph's first line into a new paragraph after it.
    private static func splitAfterFirstLine(_ paragraph: OpaquePointer) {
        guard let lineBreak = firstBreak(in: paragraph), cmark_node_next(lineBreak) != nil else {
            if let lineBreak = firstBreak(in: paragraph) { cmark_node_free(lineBreak) }
            return
        }
        let rest: OpaquePointer = cmark_node_new(CMARK_NODE_PARAGRAPH)
        guard cmark_node_insert_after(paragraph, rest) == 1 else {
            cmark_node_free(rest)
            return
        }
        while let node = cmark_node_next(lineBreak) { _ = cmark_node_append_child(rest, node) }
        cmark_node_free(lineBreak)
    }

    /// Splits a paragraph so that its line `index` is a paragraph alone; returns that paragraph.
    private static func isolate(line index: Int, of paragraph: OpaquePointer) -> OpaquePointer {
        var target = paragraph
        if index > 0 {
            // Lines before stay; the line and what follows move to a new paragraph.
            var breaks = 0
            var child = cmark_node_first_child(paragraph)
            while let node = child {
                child = cmark_node_next(node)
                if isBreak(node) {
                    breaks += 1
                    if breaks == index {
                        let after: OpaquePointer = cmark_node_new(CMARK_NODE_PARAGRAPH)
                        _ = cmark_node_insert_after(paragraph, after)
                        while let moved = cmark_node_next(node) { _ = cmark_node_append_child(after, moved) }
                        cmark_node_free(node)
                        target = after
                        break
                    }
                }
            }
        }
        splitAfterFirstLine(target)
        return target
    }

    private static func firstBreak(in paragraph: OpaquePointer) -> OpaquePointer? {
        var child = cmark_node_first_child(paragraph)
        while let node = child, !isBreak(node) { child = cmark_node_next(node) }
        return child
    }

    private static func isBreak(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
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
