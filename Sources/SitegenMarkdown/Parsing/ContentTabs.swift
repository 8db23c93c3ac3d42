import SitegenLimits

/// MkDocs Material's content tabs (pymdown's `tabbed` extension), rewritten before parsing
/// into tabs that work without JavaScript and by keyboard (radio buttons and labels, drawn by
/// the bundled themes' `.tabs` rules):
///
/// ```
/// === "Python"
///
///     print("hi")
///
/// === "Swift"
///
///     print("hi")
/// ```
///
/// A tab opens with `===` (`===+` selects it, `===!` starts a new set) and a title in double
/// quotes at the start of a line; its text is the lines indented by four spaces (or a tab)
/// below it. Tabs that follow each other make one set. The HTML around the tabs is kept behind
/// ``HTMLFragments`` placeholders written as HTML comments on the lines of the `===` markers
/// (a set's close on the blank line after its last tab), so the text keeps its lines.
enum ContentTabs {
    /// Whether `body` may hold content tabs: a line starting with `===`.
    static func mayHold(_ body: Substring) -> Bool {
        body.hasPrefix("===") || body.contains("\n===")
    }

    /// `body` with its content tabs rewritten, or `nil` when it has none.
    static func rewritten(_ body: Substring, fragments: inout HTMLFragments) -> String? {
        guard mayHold(body) else { return nil }
        var sets = fragments.html.count, changed = false
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let result = rewrite(lines, depth: 1, sets: &sets, changed: &changed, fragments: &fragments)
        return changed ? result.joined(separator: "\n") : nil
    }

    /// The lines of a block at nesting `depth` (an admonition's text) with their content tabs
    /// rewritten, or `nil` when they have none.
    static func rewritten(lines: [Substring], depth: Int, fragments: inout HTMLFragments) -> [Substring]? {
        guard lines.contains(where: { $0.hasPrefix("===") }) else { return nil }
        var sets = fragments.html.count, changed = false
        let result = rewrite(lines, depth: depth, sets: &sets, changed: &changed, fragments: &fragments)
        return changed ? result : nil
    }

    private struct Marker {
        let title: String
        let selected: Bool
        let startsSet: Bool
    }

    private static func rewrite(_ lines: [Substring], depth: Int, sets: inout Int, changed: inout Bool,
                                fragments: inout HTMLFragments) -> [Substring] {
        var output: [Substring] = []
        output.reserveCapacity(lines.count + 1)
        var index = 0
        var fences = IndentedBlocks.Fences()
        while index < lines.count {
            let line = lines[index]
            guard !fences.isCode(line), depth <= Limits.containerDepth, marker(line) != nil else {
                output.append(line)
                index += 1
                continue
            }
            // A set: tabs that follow each other, blank lines between them.
            changed = true
            sets += 1
            let set = sets
            var number = 0
            var tabs: [(marker: Marker, at: Int, content: ClosedRange<Int>?, end: Int)] = []
            var at = index
            while at < lines.count, let found = marker(lines[at]), tabs.isEmpty || !found.startsSet {
                let (lastText, end) = IndentedBlocks.block(after: at, in: lines)
                tabs.append((found, at, lastText.map { (at + 1)...$0 }, end))
                at = end
            }
            let selected = tabs.firstIndex { $0.marker.selected } ?? 0
            for (position, tab) in tabs.enumerated() {
                number += 1
                let id = "content-tabs-\(set)-\(number)"
                var opening = position == 0 ? "<div class=\"tabs\">" : "</div>"
                opening += "<input type=\"radio\" class=\"tab-input\" name=\"content-tabs-\(set)\" id=\"\(id)\""
                    + (position == selected ? " checked" : "") + "><label class=\"tab-label\" for=\"\(id)\">"
                    + HTMLText.escapeAttribute(tab.marker.title) + "</label><div class=\"tab-panel\">"
                output.append(Substring(fragments.blockPlaceholder(for: opening, newlines: 0)))
                let content = tab.content.map { IndentedBlocks.dedented(lines[$0]) } ?? []
                output += rewrite(content, depth: depth + 1, sets: &sets, changed: &changed, fragments: &fragments)
                let blanks = (tab.content?.upperBound ?? tab.at) + 1..<tab.end
                if position == tabs.count - 1 {
                    // The set closes on its last blank line, or on a line of its own.
                    output += Array(repeating: Substring(""), count: max(0, blanks.count - 1))
                    output.append(Substring(fragments.blockPlaceholder(for: "</div></div>", newlines: 0)))
                } else {
                    output += Array(repeating: Substring(""), count: blanks.count)
                }
            }
            index = at
        }
        return output
    }

    /// The tab `line` opens (`=== "Title"`, `===+ "Title"`, `===! "Title"`), if it opens one.
    private static func marker(_ line: Substring) -> Marker? {
        guard line.hasPrefix("===") else { return nil }
        var rest = line.dropFirst(3)
        var selected = false, startsSet = false
        while let first = rest.first, first == "+" || first == "!" {
            if first == "+" { selected = true } else { startsSet = true }
            rest = rest.dropFirst()
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        let afterQuote = rest.dropFirst()
        guard let close = afterQuote.lastIndex(of: "\"") else { return nil }
        guard afterQuote[afterQuote.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return nil }
        return Marker(title: String(afterQuote[..<close]), selected: selected, startsSet: startsSet)
    }
}
