import SitegenLimits

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
        /// Whether it folds, as Obsidian's `[!NOTE]-` (closed) and `[!NOTE]+` (open) do; `nil` when it does not.
        var foldsOpen: Bool? = nil
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
            var child = CmarkNodes.firstChild(of: container)
            while let node = child {
                steps += 1
                switch CmarkNodes.kind(of: node) {
                case .blockQuote:
                    let line = containerQuotes[node] ?? (findMarker(in: node) ? CmarkNodes.startLine(of: node) : nil)
                    if let line, depth + 1 > maximumDepth, tooDeepLine == nil { tooDeepLine = line }
                    containers.append((node, line == nil ? depth : depth + 1))
                case .list, .item, .footnoteDefinition:
                    containers.append((node, depth))
                default:
                    break
                }
                child = CmarkNodes.next(after: node)
            }
        }
    }

    /// Frees what was taken out of the tree: call when the document is freed.
    func release() {
        if !rendered {
            for entry in found { for node in entry.title ?? [] { CmarkNodes.free(node) } }
        }
        for paragraph in retired { CmarkNodes.free(paragraph) }
    }

    /// Writes each alert as GitHub does: its quote becomes a `div` holding the title paragraph
    /// (its own, else `titles`' word for its kind, else the kind's English one) and the quote's
    /// blocks. Call after the walk and the markers; a second call does nothing.
    mutating func render(titles: [Alert.Kind: String] = [:]) {
        guard !rendered else { return }
        rendered = true
        for entry in found {
            let kind = entry.alert.kind
            // One that folds is a `<details>`, its title the `<summary>`, as MkDocs' `???` blocks are.
            let element = entry.foldsOpen == nil ? "div" : "details", titleElement = entry.foldsOpen == nil ? "p" : "summary"
            let container = CmarkNodes.block(opening: "<\(element) class=\"markdown-alert markdown-alert-\(kind.rawValue)\""
                                                 + (entry.foldsOpen == true ? " open>" : ">"), closing: "</\(element)>")
            guard CmarkNodes.insert(container, before: entry.quote) else {
                CmarkNodes.free(container)
                continue
            }
            let title = CmarkNodes.block(opening: "")
            CmarkNodes.append(title, to: container)
            CmarkNodes.append(CmarkNodes.inlineHTML("<\(titleElement) class=\"markdown-alert-title\">" + Self.icon(kind)), to: title)
            for node in entry.title ?? [CmarkNodes.text(titles[kind] ?? kind.title)] { CmarkNodes.append(node, to: title) }
            CmarkNodes.append(CmarkNodes.inlineHTML("</\(titleElement)>"), to: title)
            while let child = CmarkNodes.firstChild(of: entry.quote) { CmarkNodes.append(child, to: container) }
            CmarkNodes.free(entry.quote)
        }
    }

    // MARK: GitHub alerts

    /// Notes `quote` as an alert when its first line is a marker, and takes the marker (and
    /// the title after it) out of its first paragraph; whether it is one.
    private mutating func findMarker(in quote: OpaquePointer) -> Bool {
        guard let paragraph = CmarkNodes.firstChild(of: quote), CmarkNodes.kind(of: paragraph) == .paragraph,
              let first = CmarkNodes.firstChild(of: paragraph), CmarkNodes.kind(of: first) == .text else { return false }
        let literal = Array(CmarkNodes.literal(of: first).utf8)
        guard literal.starts(with: Array("[!".utf8)), let close = literal.firstIndex(of: UInt8(ascii: "]")), close - 2 <= 20 else { return false }
        // GitHub's five, and the callout types of Obsidian, Docsy and MkDocs (`[!INFO]`, `[!FAQ]`), titled by their name.
        let name = String(decoding: literal[2..<close], as: UTF8.self)
        let gitHubKind = Alert.Kind(rawValue: name.lowercased())
        guard let kind = gitHubKind ?? Alert.Kind(calloutType: name) else { return false }
        var rest = literal[(close + 1)...]
        // Obsidian's fold: `-` closed, `+` open.
        var foldsOpen: Bool?
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            foldsOpen = sign == UInt8(ascii: "+")
            rest = rest.dropFirst()
        }
        guard rest.isEmpty || Self.isBlank(rest.first!), !isEscaped(paragraph) else { return false }
        let line = Self.takeFirstLine(of: paragraph)
        // The title: what follows the marker on its line; for a type other than GitHub's, its name.
        var titleText = String(decoding: rest.drop(while: Self.isBlank), as: UTF8.self)
        if titleText.isEmpty, gitHubKind == nil { titleText = name.prefix(1).uppercased() + name.dropFirst().lowercased() }
        var title = Array(line.dropFirst())
        if !titleText.isEmpty { title.insert(CmarkNodes.text(titleText), at: 0) }
        CmarkNodes.free(line[0])
        if CmarkNodes.firstChild(of: paragraph) == nil { retire(paragraph) }
        let plainTitle = title.map(Self.plainText).joined().trimmingBlanks
        if plainTitle.isEmpty { for node in title { CmarkNodes.free(node) } }
        found.append(Found(quote: quote, alert: Alert(kind: kind, title: plainTitle.isEmpty ? nil : plainTitle),
                           title: plainTitle.isEmpty ? nil : title, foldsOpen: foldsOpen))
        return true
    }

    /// Takes a closing line's colons out; the anchors an attribute list left after them stay,
    /// in a paragraph after the alert, so that links to them still land.
    private mutating func retireColons(of closing: OpaquePointer) {
        var child = CmarkNodes.firstChild(of: closing)
        while let node = child {
            child = CmarkNodes.next(after: node)
            if !Self.isAnchor(node) {
                CmarkNodes.unlink(node)
                CmarkNodes.free(node)
            }
        }
        if CmarkNodes.firstChild(of: closing) == nil { retire(closing) }
    }

    private mutating func retire(_ paragraph: OpaquePointer) {
        CmarkNodes.unlink(paragraph)
        retired.append(paragraph)
    }

    /// Whether a paragraph's first character is a backslash in the source, so that its
    /// `[!NOTE]` was written `\[!NOTE]`: text, as on GitHub.
    private mutating func isEscaped(_ paragraph: OpaquePointer) -> Bool {
        let line = CmarkNodes.startLine(of: paragraph), column = CmarkNodes.startColumn(of: paragraph)
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
        var sourceLine: Int { CmarkNodes.startLine(of: paragraph) + line }
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
        var child = CmarkNodes.firstChild(of: container)
        while let node = child {
            child = CmarkNodes.next(after: node)
            steps += 1
            // Which colons close is looked up in `openCounts`, never gathered from `open`: the
            // look-up costs the same with a thousand containers open as with one.
            if !open.isEmpty, let hoisted = Self.hoistLazyClosing(after: node, closes: { openCounts[$0, default: 0] > 0 }) {
                child = hoisted
                continue
            }
            guard CmarkNodes.kind(of: node) == .paragraph else { continue }
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
            let quote = CmarkNodes.blockQuote()
            guard CmarkNodes.insert(quote, before: opening) else {
                CmarkNodes.free(quote)
                continue
            }
            while let inside = CmarkNodes.next(after: opening), inside != closing { CmarkNodes.append(inside, to: quote) }
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
        while [.list, .item, .blockQuote].contains(CmarkNodes.kind(of: last)) {
            guard let inner = CmarkNodes.lastChild(of: last) else { return nil }
            last = inner
        }
        guard last != block, CmarkNodes.kind(of: last) == .paragraph else { return nil }
        let lines = lines(of: last)
        guard lines.count > 1, let line = colonLine(lines[lines.count - 1], paragraph: last, index: lines.count - 1),
              line.opening == nil, closes(line.colons),
              let alone = split(last, isolating: [lines.count - 1])[lines.count - 1] else { return nil }
        CmarkNodes.unlink(alone)
        CmarkNodes.insert(alone, after: block)
        return alone
    }

    /// The line's container opening or closing, if it is one: colons (three or more), then a
    /// kind and a title for an opening; colons alone for a closing.
    private static func colonLine(_ line: [OpaquePointer], paragraph: OpaquePointer, index: Int) -> ColonLine? {
        guard let first = line.first, CmarkNodes.kind(of: first) == .text,
              CmarkNodes.literal(of: first).hasPrefix(":::") else { return nil }
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
        var child = CmarkNodes.firstChild(of: paragraph)
        while let node = child {
            child = CmarkNodes.next(after: node)
            if isBreak(node) {
                line += 1
                // A new paragraph starts after an isolated line, and at one.
                if lines.contains(line - 1) || lines.contains(line) {
                    CmarkNodes.free(node)
                    let next = CmarkNodes.paragraph()
                    CmarkNodes.insert(next, after: current)
                    current = next
                    if lines.contains(line) { alone[line] = next }
                    continue
                }
            }
            if current != paragraph { CmarkNodes.append(node, to: current) }
        }
        return alone
    }

    // MARK: Lines of a paragraph

    /// The inline nodes of each line of a paragraph (the breaks between them left out).
    private static func lines(of paragraph: OpaquePointer) -> [[OpaquePointer]] {
        var lines: [[OpaquePointer]] = [[]]
        var child = CmarkNodes.firstChild(of: paragraph)
        while let node = child {
            if isBreak(node) { lines.append([]) } else { lines[lines.count - 1].append(node) }
            child = CmarkNodes.next(after: node)
        }
        return lines
    }

    /// Takes the first line's nodes out of a paragraph (with the break after it, freed).
    private static func takeFirstLine(of paragraph: OpaquePointer) -> [OpaquePointer] {
        var line: [OpaquePointer] = []
        while let node = CmarkNodes.firstChild(of: paragraph) {
            CmarkNodes.unlink(node)
            if isBreak(node) {
                CmarkNodes.free(node)
                break
            }
            line.append(node)
        }
        return line
    }

    private static func isBreak(_ node: OpaquePointer) -> Bool {
        let kind = CmarkNodes.kind(of: node)
        return kind == .softBreak || kind == .lineBreak
    }

    /// Whether a node is the empty anchor an attribute list after a block becomes (`<a id="x"></a>`).
    private static func isAnchor(_ node: OpaquePointer) -> Bool {
        guard CmarkNodes.kind(of: node) == .inlineHTML else { return false }
        let html = CmarkNodes.literal(of: node)
        return html.hasPrefix("<a id=") && html.hasSuffix("></a>")
    }

    private static func isText(_ node: OpaquePointer) -> Bool {
        CmarkNodes.kind(of: node) == .text
    }

    /// A node's text as a reader sees it (its literal, or its children's).
    private static func plainText(_ node: OpaquePointer) -> String {
        switch CmarkNodes.kind(of: node) {
        case .text, .code:
            return CmarkNodes.literal(of: node)
        case .softBreak, .lineBreak:
            return " "
        default:
            var text = ""
            var child = CmarkNodes.firstChild(of: node)
            while let inner = child {
                text += plainText(inner)
                child = CmarkNodes.next(after: inner)
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
