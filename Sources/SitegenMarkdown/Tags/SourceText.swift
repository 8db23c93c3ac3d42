/// A page's Markdown as bytes, with its lines and the places of its code: what the readers of
/// tags and math that run before the parse look at (``TagReader``, ``MathReader``).
package struct SourceText {
    package let bytes: [UInt8]
    private let lineStarts: [Int]
    private let firstLine: Int
    /// Byte ranges of code blocks, in order.
    package let code: [Range<Int>]

    /// `body`, whose first line is the file's line `firstLine`; `codeLines` are the file's
    /// lines of code blocks.
    package init(_ body: Substring, firstLine: Int, codeLines: [ClosedRange<Int>]) {
        bytes = Array(body.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
        self.firstLine = firstLine
        let count = bytes.count
        code = codeLines.compactMap { lines in
            let first = lines.lowerBound - firstLine, last = lines.upperBound - firstLine
            guard last >= 0, first < starts.count else { return nil }
            let start = starts[max(0, first)]
            let end = last + 1 < starts.count ? starts[last + 1] : count
            return start..<end
        }
    }

    package func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }

    package func starts(with text: String, at start: Int) -> Bool {
        let utf8 = text.utf8
        guard start >= 0, start + utf8.count <= bytes.count else { return false }
        return bytes[start..<start + utf8.count].elementsEqual(utf8)
    }

    package func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The end of the code block that holds `position`, if one does; `index` walks the blocks
    /// in order and is kept between calls with increasing positions.
    package func endOfCodeBlock(at position: Int, index: inout Int) -> Int? {
        while index < code.count, code[index].upperBound <= position { index += 1 }
        guard index < code.count, code[index].contains(position) else { return nil }
        return code[index].upperBound
    }

    /// After a code span that starts at `start` (a run of backticks closed by a run as long on
    /// the same line), or after the run when nothing closes it.
    package func endOfCodeSpan(at start: Int) -> Int {
        var run = start
        while byte(run) == UInt8(ascii: "`") { run += 1 }
        let length = run - start
        var at = run
        while let next = byte(at), next != UInt8(ascii: "\n") {
            if next == UInt8(ascii: "`") {
                var end = at
                while byte(end) == UInt8(ascii: "`") { end += 1 }
                if end - at == length { return end }
                at = end
            } else {
                at += 1
            }
        }
        return run
    }

    private func lineIndex(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The file's line of the byte at `offset`.
    package func line(at offset: Int) -> Int {
        firstLine + lineIndex(at: offset)
    }

    /// The spaces before `offset` on its line, when there is nothing else.
    package func indentation(before offset: Int) -> String? {
        let start = lineStarts[lineIndex(at: offset)]
        guard bytes[start..<offset].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        return string(start..<offset)
    }

    /// The language and the text of the fenced code block from `start` to `end` (a code
    /// block's bytes), if it is fenced.
    package func fencedBlock(from start: Int, to end: Int) -> (language: String, content: Range<Int>)? {
        var at = start
        while at < end, bytes[at] == UInt8(ascii: " ") { at += 1 }
        guard let fence = byte(at), fence == UInt8(ascii: "`") || fence == UInt8(ascii: "~") else { return nil }
        var afterFence = at
        while afterFence < end, bytes[afterFence] == fence { afterFence += 1 }
        guard afterFence - at >= 3 else { return nil }
        var info = afterFence
        while info < end, bytes[info] == UInt8(ascii: " ") { info += 1 }
        var infoEnd = info
        while infoEnd < end, ![UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "{"), UInt8(ascii: ",")]
            .contains(bytes[infoEnd]) { infoEnd += 1 }
        guard let firstLineEnd = bytes[infoEnd..<end].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        // The closing fence is the block's last line, when it has one.
        var last = end
        if last > firstLineEnd + 1, bytes[last - 1] == UInt8(ascii: "\n") { last -= 1 }
        var lineStart = last
        while lineStart > firstLineEnd + 1, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let closing = bytes[lineStart..<last].drop { $0 == UInt8(ascii: " ") }
        let contentEnd = closing.first == fence && closing.prefix(while: { $0 == fence }).count >= afterFence - at ? lineStart : last
        return (string(info..<infoEnd).lowercased(), firstLineEnd + 1..<max(firstLineEnd + 1, contentEnd))
    }
}
