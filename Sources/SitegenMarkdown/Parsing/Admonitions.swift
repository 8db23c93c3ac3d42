import SitegenLimits

/// MkDocs' admonitions (Python-Markdown's `admonition` and pymdown's `details` extensions),
/// rewritten before parsing as the GitHub alerts sitegen renders
/// (``MarkdownParser/Options/admonitions``):
///
/// ```
/// !!! warning "Mind the gap"          > [!WARNING] Mind the gap
///     Text, **Markdown**.       →     > Text, **Markdown**.
///
/// ```
///
/// A block opens with `!!!`, `???` or `???+` at the start of a line, a type and an optional
/// title in double quotes; its text is the lines indented by four spaces (or a tab) below it,
/// blank lines between them included. Types map onto the five alert kinds (`note`, `abstract`,
/// `info`, `question`, `example`, `quote` → note; `tip`, `success`, `hint` → tip; `warning`;
/// `failure`, `danger`, `bug`, `error` → caution); a type that is no kind's own name is the
/// title when none is given (`!!! example` shows "Example"). Admonitions nest as containers do.
/// The text keeps its lines (a block with no blank line after it gets one, which is its
/// close), so lines in messages stay the file's. A collapsible block, `???` (closed) or `???+` (open), becomes a
/// `<details>` drawn as the alert, its title the `<summary>` (HTML behind ``HTMLFragments``
/// placeholders, written as HTML comments on the block's lines).
enum Admonitions {
    /// Whether `body` may hold an admonition: a line starting with `!!!` or `???`.
    static func mayHold(_ body: Substring) -> Bool {
        body.hasPrefix("!!!") || body.hasPrefix("???") || body.contains("\n!!!") || body.contains("\n???")
    }

    /// `body` with its admonitions as quoted alerts (a collapsible one as a `<details>`), the
    /// alerts of no title of their own titled by `titles`; `nil` when it has none.
    static func rewritten(_ body: Substring, titles: [Alert.Kind: String] = [:], fragments: inout HTMLFragments) -> String? {
        guard mayHold(body) else { return nil }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        var changed = false
        let result = rewrite(lines, depth: 1, titles: titles, changed: &changed, fragments: &fragments)
        guard changed else { return nil }
        var text = ""
        text.reserveCapacity(body.utf8.count + result.count * 2)
        for (number, line) in result.enumerated() {
            if number > 0 { text += "\n" }
            if line.quotes > 0 {
                for _ in 1..<line.quotes { text += "> " }
                text += line.text.isEmpty ? ">" : "> "
            }
            text += line.text
        }
        return text
    }

    /// A line of the rewritten text: its text, and how many quotes it is in (each a `> `
    /// before it, written once at the end: a deep nesting costs no copy of its lines for each level).
    private struct Line {
        var quotes = 0
        var text: Substring
    }

    /// The lines with the admonitions that start at their left edge rewritten; nested ones too,
    /// as deep as containers nest.
    private static func rewrite(_ lines: [Substring], depth: Int, titles: [Alert.Kind: String], changed: inout Bool,
                                fragments: inout HTMLFragments) -> [Line] {
        var output: [Line] = []
        output.reserveCapacity(lines.count + 1)
        var index = 0
        var fences = IndentedBlocks.Fences()
        while index < lines.count {
            let line = lines[index]
            guard !fences.isCode(line), depth <= Limits.containerDepth, let opener = opener(line) else {
                output.append(Line(text: line))
                index += 1
                continue
            }
            let (text, end) = IndentedBlocks.block(after: index, in: lines)
            let lastText = text ?? index
            changed = true
            // A collapsible block is HTML around its text; any other a quote (`> [!WARNING] Title`),
            // which its blank line ends as Python-Markdown ends the block: what follows starts
            // afresh (a link's definition too, which a paragraph line such as a container's
            // closing `:::` would take into its paragraph).
            let closing: Substring?
            if opener.collapsible {
                let open = opener.open ? " open" : ""
                output.append(Line(text: Substring(fragments.blockPlaceholder(
                    for: "<details class=\"markdown-alert markdown-alert-\(opener.kind.rawValue)\"\(open)>"
                        + "<summary class=\"markdown-alert-title\">" + AlertBlocks.icon(opener.kind)
                        + HTMLText.escapeAttribute(opener.title ?? titles[opener.kind] ?? opener.kind.title) + "</summary>", newlines: 0))))
                closing = Substring(fragments.blockPlaceholder(for: "</details>", newlines: 0))
            } else {
                output.append(Line(text: Substring(opener.quote)))
                closing = nil
            }
            // A marker with no indented text has an empty block.
            var content = IndentedBlocks.dedented(lines[(index + 1)..<(lastText + 1)])
            // Tabs in the block are found before it is quoted (`> ` would hide them), then
            // admonitions in it and in its tabs: one pass over its lines each.
            if let tabbed = ContentTabs.rewritten(lines: content, depth: depth + 1, fragments: &fragments) { content = tabbed }
            var inner = rewrite(content, depth: depth + 1, titles: titles, changed: &changed, fragments: &fragments)
            if closing == nil {
                // A rule right below the title would make it a heading (`---` under a line): a rule of `*` is only a rule.
                if let first = inner.first, first.quotes == 0, isDashRule(first.text) {
                    inner[0].text = Substring(String(first.text).replacingOccurrences(of: "-", with: "*"))
                }
                for position in inner.indices { inner[position].quotes += 1 }
            }
            output += inner
            // The blank lines after the text: the last becomes the close, so that lines stay where they were.
            let blanks = lastText + 1..<end
            output += Array(repeating: Line(text: ""), count: max(blanks.count - 1, 0))
            // With no blank line after it, one is added, so that the next line is not the block's.
            output.append(Line(text: closing ?? ""))
            index = end
        }
        return output
    }

    /// Whether `line` is three dashes or more alone (after at most three spaces).
    private static func isDashRule(_ line: Substring) -> Bool {
        let bytes = line.utf8
        let indent = bytes.prefix { $0 == 32 }.count
        let dashes = bytes.dropFirst(indent).prefix { $0 == UInt8(ascii: "-") }.count
        return indent < 4 && dashes >= 3 && bytes.dropFirst(indent + dashes).allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
    }

    /// What opens an admonition: its quote's first line (`> [!WARNING] Mind the gap`), its
    /// kind and title, and whether it folds (`???`) and starts open (`???+`).
    private struct Opener {
        let quote: String
        let kind: Alert.Kind
        let title: String?
        let collapsible: Bool
        let open: Bool
    }

    /// What opens for `line`, if it opens an admonition.
    private static func opener(_ line: Substring) -> Opener? {
        let marker: Substring
        if line.hasPrefix("???+") {
            marker = "???+"
        } else if line.hasPrefix("!!!") || line.hasPrefix("???") {
            marker = line.prefix(3)
        } else {
            return nil
        }
        var rest = line.dropFirst(marker.count)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        var title: String?
        if let quote = rest.firstIndex(of: "\"") {
            let afterQuote = rest[rest.index(after: quote)...]
            guard let close = afterQuote.lastIndex(of: "\"") else { return nil }
            title = String(afterQuote[..<close])
            rest = rest[..<quote]
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let type = words.first, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        let kind = Alert.Kind(calloutType: type) ?? .note
        if title == nil, Alert.Kind(named: type) == nil || type.lowercased() != kind.rawValue {
            title = type.prefix(1).uppercased() + type.dropFirst().lowercased()
        }
        // An empty title shows the kind's own.
        let shown = titleMarkdown((title ?? "").trimmingCharacters(in: .whitespaces))
        return Opener(quote: "> [!" + kind.rawValue.uppercased() + "]" + (shown.isEmpty ? "" : " " + shown), kind: kind,
                      title: title.flatMap { $0.isEmpty ? nil : $0 }, collapsible: marker.hasPrefix("???"), open: marker == "???+")
    }

    /// A title as Markdown on the quote's first line, where nothing of it may pair with the
    /// text below it (which MkDocs reads apart): `<` and `|` written as entities (no HTML, no
    /// table's header), and so is each of `` ` ``, `*`, `_`, `[` and `]` when the title parsed
    /// alone leaves one as text (an entity, as a backslash before `[` would open math); one
    /// the title escaped already stays, and a last `\` (a line break) is escaped.
    static func titleMarkdown(_ title: String) -> String {
        var escaped: Set<Character> = ["<", "|"]
        if title.contains(where: { "`*_[]".contains($0) }) {
            // What parsing it alone leaves as text: a mark with no partner in it.
            let html = (try? MarkdownParser(options: .init(frontMatter: false)).html(from: title)) ?? title
            var text = "", inTag = false
            for character in html {
                if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
            }
            for mark in "`*_[]" where text.contains(mark) { escaped.insert(mark) }
            if escaped.contains("[") || escaped.contains("]") { escaped.formUnion(["[", "]"]) }
        }
        var markdown = "", backslashes = 0
        for character in title {
            if escaped.contains(character) && backslashes % 2 == 0, let scalar = character.unicodeScalars.first {
                markdown += "&#\(scalar.value);"
            } else {
                markdown.append(character)
            }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return backslashes % 2 == 1 ? markdown + "\\" : markdown
    }
}
