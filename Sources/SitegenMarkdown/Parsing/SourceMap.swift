import Foundation

/// Turns cmark's 1-based (line, byte column) source positions into byte offsets of the
/// Markdown body, and those into slices of it.
struct SourceMap {
    private let body: Substring
    private let lineStarts: [Int]
    private let byteCount: Int

    init(_ body: Substring) {
        self.body = body
        var starts = [0]
        var text = body
        byteCount = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var offset = 0
            while offset < bytes.count, let newline = memchr(base + offset, 0x0A, bytes.count - offset) {
                offset = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
            return bytes.count
        }
        lineStarts = starts
    }

    /// The byte at an offset, or `nil` past the end.
    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < byteCount else { return nil }
        return body.utf8[index(offset)]
    }

    /// The byte offset of a 1-based line and byte column, or `nil` when out of range.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= byteCount ? offset : nil
    }

    /// The byte range of a node from its start position to its end position (inclusive).
    /// An end column of 0 means the node ended on the line before; its line break is trimmed.
    func range(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) -> Range<Int>? {
        guard let start = offset(line: startLine, column: startColumn) else { return nil }
        var end: Int
        if endColumn == 0 {
            guard endLine >= 1, endLine <= lineStarts.count else { return nil }
            end = lineStarts[endLine - 1]
        } else {
            guard let last = offset(line: endLine, column: endColumn) else { return nil }
            end = min(last + 1, byteCount)
        }
        while end > start, let last = byte(at: end - 1), last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            end -= 1
        }
        return start <= end ? start..<end : nil
    }

    /// The slice of the body for a byte range.
    func slice(_ range: Range<Int>) -> Substring {
        body[index(range.lowerBound)..<index(range.upperBound)]
    }

    private func index(_ offset: Int) -> String.Index {
        body.utf8.index(body.utf8.startIndex, offsetBy: offset)
    }
}
