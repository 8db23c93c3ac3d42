import SitegenMarkdown

/// kramdown's HTML blocks, in a Jekyll site's pages: an element whose opening tag starts a line
/// is HTML as written up to the line that closes it, blank lines and
/// all, and the line after it starts Markdown again:
///
/// ```
/// <div class="box">
///   <p>one</p>
///                                  kramdown: all of it HTML, as written
///     <p>two</p>                   CommonMark: the blank line ends the HTML;
/// </div>                                       `<p>two</p>` is indented code
/// After *this*                     kramdown: a paragraph; CommonMark: HTML
/// ```
///
/// Such an element is put behind one ``HTMLFragments`` placeholder, written as an HTML comment
/// that keeps its lines, when CommonMark would read it otherwise: when it holds a blank line
/// (often one that a Liquid `{% if %}` line left), or when a line of text follows it; and only
/// where the comment starts a block of its own, at the margin after a blank line (or the text's
/// start, or another such element): not in a list item, nor inside HTML that CommonMark reads
/// on, which the comment's blank lines would end. Elements
/// of kramdown's span-level names (`span`, `a`, `img`…) are text, as in kramdown; so are
/// elements never closed, code, and elements holding a placeholder already (a `markdown="1"`
/// element's tags, ``KramdownHTMLBlocks``; `{::nomarkdown}`, ``KramdownExtensions``). Elements of the same name opened and closed inside
/// are counted. Bounded: past a budget of lines looked at, the rest of the page is left as it is.
enum KramdownRawHTML {
    /// kramdown's span-level elements (`HTML_SPAN_ELEMENTS`), which do not start an HTML block.
    private static let spanElements: Set<String> = [
        "a", "abbr", "acronym", "b", "big", "bdo", "br", "button", "cite", "code", "del", "dfn", "em", "i", "img", "input",
        "ins", "kbd", "label", "mark", "option", "q", "rb", "rbc", "rp", "rt", "rtc", "ruby", "samp", "select", "small",
        "span", "strong", "sub", "sup", "tt", "u", "var",
    ]
    /// Elements CommonMark already reads up to their closing tag, and those without a body.
    private static let readAlike: Set<String> = [
        "script", "style", "pre", "textarea", "area", "base", "col", "command", "embed", "hr", "keygen", "link", "meta",
        "param", "source", "track", "wbr",
    ]

    /// `body` with such elements behind placeholders of `fragments`, or `nil` when it has none.
    static func rewritten(_ body: Substring, fragments: inout HTMLFragments) -> String? {
        guard body.utf8.contains(UInt8(ascii: "<")) else { return nil }
        let lines = body.utf8.split(separator: 10, omittingEmptySubsequences: false).map { Substring($0) }
        var fences = IndentedBlocks.Fences()
        var output: [Substring] = []
        output.reserveCapacity(lines.count)
        var budget = 8 * lines.count + 10_000
        var changed = false, afterPlaceholder = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            // Only where the placeholder starts a block of its own: at the margin (not in a list
            // item), after a blank line or the text's start (not inside an HTML block CommonMark
            // reads on, whose blank line the placeholder's would end).
            let startsBlock = index == 0 || afterPlaceholder || lines[index - 1].utf8.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
            afterPlaceholder = false
            guard !fences.isCode(line), startsBlock, line.utf8.first == UInt8(ascii: "<"), let name = openingName(line),
                  let close = closingLine(of: name, opening: index, in: lines, budget: &budget) else {
                output.append(line)
                index += 1
                continue
            }
            let element = lines[index...close]
            let holdsBlank = element.contains { $0.utf8.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }
            let textFollows = close + 1 < lines.count && !lines[close + 1].utf8.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
            guard holdsBlank || textFollows, !element.contains(where: { $0.utf8.contains(2) }) else {
                output.append(contentsOf: element)
                index = close + 1
                continue
            }
            let html = element.joined(separator: "\n")
            output.append(Substring(fragments.blockPlaceholder(for: html, newlines: close - index)))
            changed = true
            afterPlaceholder = true
            index = close + 1
        }
        return changed ? output.joined(separator: "\n") : nil
    }

    /// The element's name, lowercased, when `line` starts (up to three spaces in) with the
    /// opening tag of an element that starts a kramdown HTML block and that CommonMark may read
    /// otherwise.
    static func openingName(_ line: Substring) -> String? {
        let bytes = line.utf8
        let spaces = bytes.prefix(4).prefix { $0 == 32 }.count
        guard spaces <= 3 else { return nil }
        let rest = bytes.dropFirst(spaces)
        guard rest.first == UInt8(ascii: "<"), let first = rest.dropFirst().first, isLetter(first) else { return nil }
        let name = String(decoding: rest.dropFirst().prefix(while: isNameByte), as: UTF8.self).lowercased()
        let after = rest.dropFirst(1 + name.utf8.count).first
        guard after == nil || after == UInt8(ascii: ">") || after == 32 || after == 9 || after == 13 || after == UInt8(ascii: "/"),
              !spanElements.contains(name), !readAlike.contains(name) else { return nil }
        return name
    }

    /// The line that closes the element `name` opened on line `opening`: where as many of its
    /// closing tags as opening ones have been seen; `nil` when none does, or past the budget.
    private static func closingLine(of name: String, opening: Int, in lines: [Substring], budget: inout Int) -> Int? {
        let open = Array(("<" + name).utf8), closing = Array(("</" + name).utf8)
        var depth = 0
        for index in opening..<lines.count {
            budget -= 1
            guard budget > 0 else { return nil }
            let bytes = Array(lines[index].utf8)
            var at = 0
            while let found = bytes[at...].firstIndex(of: UInt8(ascii: "<")) {
                if matches(closing, in: bytes, at: found) {
                    var end = found + closing.count
                    while end < bytes.count, bytes[end] == 32 || bytes[end] == 9 { end += 1 }
                    if end < bytes.count, bytes[end] == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 { return index }
                    }
                } else if matches(open, in: bytes, at: found), found + open.count == bytes.count || !isNameByte(bytes[found + open.count]) {
                    depth += 1
                }
                at = found + 1
            }
            // The opening line opens it, whatever it holds before.
            if index == opening, depth <= 0 { return nil }
        }
        return nil
    }

    /// Whether `bytes` hold `needle` at `at`, letters in either case.
    private static func matches(_ needle: [UInt8], in bytes: [UInt8], at: Int) -> Bool {
        guard at + needle.count <= bytes.count else { return false }
        for (offset, byte) in needle.enumerated() where byte != bytes[at + offset] && byte != bytes[at + offset] | 0x20 {
            return false
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
