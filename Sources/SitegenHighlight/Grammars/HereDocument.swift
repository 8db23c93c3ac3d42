/// Here documents (shell, Ruby): a line opens one with `<<WORD`, and its body runs from the
/// next line to the line that holds the word alone. The lexer cannot carry the word from the
/// opening to the body, so the body's matcher, at the line feed that ends the opening line,
/// finds the opening again on that line.
enum HereDocument {
    /// An opening: where it ends, its word, and the bytes the terminator line may start with.
    struct Opening {
        var end: Int
        var word: Range<Int>
        var indentation = ByteSet()
    }

    /// At the line feed `at`: the end of the body of the first here document the line opens
    /// (`opening` reads one at an index), with the terminator line when `withTerminator`, or
    /// else where that line starts; the end of the code when no line ends it; `nil` when the
    /// line opens none.
    static func body(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, withTerminator: Bool,
                     opening: (UnsafeBufferPointer<UInt8>, Int) -> Opening?) -> Int? {
        var lineStart = at
        while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
        var found: Opening?
        var index = lineStart
        while index < at, found == nil {
            if bytes[index] == UInt8(ascii: "<") { found = opening(bytes, index) }
            index += 1
        }
        guard let found else { return nil }
        let count = bytes.count, length = found.word.count
        var line = at + 1
        while line < count {
            var start = line
            while start < count, found.indentation.contains(bytes[start]) { start += 1 }
            var end = start
            while end < count, bytes[end] != 10 { end += 1 }
            var content = end
            while content > start, bytes[content - 1] == 13 || bytes[content - 1] == 32 || bytes[content - 1] == 9 { content -= 1 }
            if content - start == length, (0..<length).allSatisfy({ bytes[start + $0] == bytes[found.word.lowerBound + $0] }) {
                return withTerminator ? end : line
            }
            line = end + 1
        }
        return count
    }
}
