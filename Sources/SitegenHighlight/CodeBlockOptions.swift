/// What a code block's info string asks of its lines: numbers and marked lines.
///
/// Read as the generators people move from write it:
/// - Hugo: `` ```go {linenos=true hl_lines=[2,"4-6"] linenostart=10} ``, also `linenos=table`
///   or `inline` (both number lines here) and `hl_lines="2 4-6"`;
/// - Zola: `` ```rust,linenos,linenostart=20,hl_lines=3-4 8-9 ``;
/// - Docusaurus, VitePress, Astro: `` ```js {2,4-6} showLineNumbers ``;
/// - MkDocs Material: `` ```py linenums="3" hl_lines="2 3" ``.
///
/// Marked lines count from the block's first line, whatever number it shows (as Hugo and
/// Zola count them).
package struct CodeBlockOptions: Sendable, Hashable {
    /// Whether lines are numbered.
    package var lineNumbers = false
    /// The number of the first line.
    package var firstLineNumber = 1
    /// The lines to mark, counted from 1 at the block's first line.
    package var markedLines: Set<Int> = []

    /// No numbers, no marked lines.
    package init() {}

    /// The options of an info string such as `go {linenos=true hl_lines=[2,"4-6"]}`, over a
    /// site's own (Hugo's `[markup.highlight] lineNos = true`, `lineNoStart`): lines numbered
    /// from `start` when `numbersLines`, unless the string says `linenos=false`.
    package init(info: String, numbersLines: Bool = false, startingAt start: Int = 1) {
        lineNumbers = numbersLines
        firstLineNumber = start
        // The language is the first word; options follow a space, a comma or a brace. Most
        // info strings are a language alone: nothing more is made for them.
        guard let first = info.utf8.firstIndex(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "{") })
        else { return }
        let bytes = Array(info.utf8)
        var index = info.utf8.distance(from: info.utf8.startIndex, to: first)
        var markedRanges: [ClosedRange<Int>] = []
        // The first `}` at or after the last brace looked at: kept, so that a string of many
        // `{` without a `}` is not searched to its end once for each.
        var knownClose = -1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                // `{2,4-6}` marks lines; `{key=value …}` holds Hugo's options.
                if knownClose < index { knownClose = bytes[index...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count }
                let close = knownClose
                let inner = bytes[(index + 1)..<close]
                if !inner.isEmpty, inner.allSatisfy({ CodeBlockOptions.isRangeByte($0) || $0 == UInt8(ascii: ",") }) {
                    markedRanges += CodeBlockOptions.ranges(in: inner)
                    index = close + 1
                } else {
                    index += 1
                }
                continue
            }
            guard CodeBlockOptions.isKeyByte(byte) else { index += 1; continue }
            var end = index
            while end < bytes.count, CodeBlockOptions.isKeyByte(bytes[end]) { end += 1 }
            let key = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
            var value: ArraySlice<UInt8> = []
            if end < bytes.count, bytes[end] == UInt8(ascii: "=") {
                (value, end) = CodeBlockOptions.value(in: bytes, at: end + 1, rangesOnly: key == "hl_lines")
            }
            let text = String(decoding: value, as: UTF8.self).trimmingQuotes
            switch key {
            case "linenos":
                lineNumbers = value.isEmpty || !["false", "0", "no", "off"].contains(text.lowercased())
            case "showlinenumbers":
                lineNumbers = true
                if let start = CodeBlockOptions.lineNumber(text) { firstLineNumber = start }
            case "linenostart":
                if let start = CodeBlockOptions.lineNumber(text) { firstLineNumber = start }
            case "linenums":
                // MkDocs Material (pymdownx.highlight): `linenums="1"` numbers lines from 1.
                if let start = CodeBlockOptions.lineNumber(text), start > 0 {
                    lineNumbers = true
                    firstLineNumber = start
                }
            case "hl_lines":
                markedRanges += CodeBlockOptions.ranges(in: value)
            default:
                break
            }
            index = end
        }
        // A hostile `hl_lines=1-999999999` must not make a set of a billion numbers, nor
        // thousands of `1-100000` spell out a hundred thousand lines each: all ranges share
        // one budget.
        var budget = 100_000
        for range in markedRanges where budget > 0 {
            for line in range.prefix(budget) { markedLines.insert(line) }
            budget -= min(range.count, budget)
        }
    }

    /// Whether the lines get wrapped at all.
    package var decoratesLines: Bool { lineNumbers || !markedLines.isEmpty }

    /// Wraps each line of highlighted HTML (in which no element crosses a line end) as Chroma
    /// does: `<span class="line hl"><span class="ln">12</span><span class="cl">…</span></span>`,
    /// the numbers padded to one width.
    package func decorate(_ html: String) -> String {
        // Split at the byte: split at the Character `"\n"` would miss each CRLF, which Swift
        // holds as one Character, and run such lines together.
        var lines = html.utf8.split(separator: 10, omittingEmptySubsequences: false).map { Substring($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        // `firstLineNumber` is package and may be anything: numbers must not overflow, and a
        // negative one may be wider than the last.
        let firstLineNumber = min(self.firstLineNumber, Int.max - lines.count)
        let width = String(firstLineNumber + max(lines.count - 1, 0)).count
        var result = ""
        result.reserveCapacity(html.utf8.count + lines.count * 80)
        for (offset, line) in lines.enumerated() {
            let number = firstLineNumber + offset
            result += markedLines.contains(offset + 1) ? "<span class=\"line hl\">" : "<span class=\"line\">"
            if lineNumbers {
                let digits = String(number)
                result += "<span class=\"ln\">" + String(repeating: " ", count: max(width - digits.count, 0)) + digits + "</span>"
            }
            result += "<span class=\"cl\">" + line + "\n</span></span>"
        }
        return result
    }

    /// A first line number as `linenostart` and `showLineNumbers=` give it, if sensible: a
    /// huge or negative one is ignored rather than overflowing or padding by a negative count.
    private static func lineNumber(_ text: String) -> Int? {
        guard let start = Int(text), start >= 0, start < 1_000_000_000 else { return nil }
        return start
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    private static func isRangeByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ")
    }

    /// A value after `=`: `[…]`, `"…"`, or a bare word; for `hl_lines`, a bare value runs on
    /// over spaces while it looks like line ranges (Zola's `hl_lines=3-4 8-9`).
    private static func value(in bytes: [UInt8], at start: Int, rangesOnly: Bool) -> (ArraySlice<UInt8>, Int) {
        guard start < bytes.count else { return ([], start) }
        let first = bytes[start]
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let close: UInt8 = first == UInt8(ascii: "[") ? UInt8(ascii: "]") : first
            let end = bytes[(start + 1)...].firstIndex(of: close) ?? bytes.count
            return (bytes[(start + 1)..<end], min(end + 1, bytes.count))
        }
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\t") { break }
            if byte == UInt8(ascii: " ") && !(rangesOnly && end + 1 < bytes.count && isRangeByte(bytes[end + 1]) && bytes[end + 1] != UInt8(ascii: " ")) { break }
            if rangesOnly && !isRangeByte(byte) { break }
            end += 1
        }
        return (bytes[start..<end], end)
    }

    /// The ranges `2`, `4-6` in a text such as `2,"4-6"` or `2 4-6`.
    private static func ranges(in bytes: ArraySlice<UInt8>) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var numbers: [Int] = [], current: Int?, dash = false
        func endNumber() {
            if let value = current { numbers.append(value) }
            current = nil
        }
        func endRange() {
            endNumber()
            if numbers.count == 1 { ranges.append(numbers[0]...numbers[0]) }
            if numbers.count == 2, dash, numbers[0] <= numbers[1] { ranges.append(numbers[0]...numbers[1]) }
            numbers = []
            dash = false
        }
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                let digit = Int(byte - UInt8(ascii: "0"))
                current = min((current ?? 0) * 10 + digit, 1_000_000_000)
            } else if byte == UInt8(ascii: "-") {
                endNumber()
                dash = true
            } else {
                endRange()
            }
        }
        endRange()
        return ranges
    }
}

private extension String {
    var trimmingQuotes: String {
        var text = Substring(self)
        while let first = text.first, first == "\"" || first == "'" { text = text.dropFirst() }
        while let last = text.last, last == "\"" || last == "'" { text = text.dropLast() }
        return String(text)
    }
}
