import SitegenLimits

/// Reads a JSON object (front matter as Hugo reads it: a document that starts with `{`) into
/// ``FrontMatter``, straight into typed values: a small parser of our own, so that no untyped
/// value passes through. Numbers without a fraction or exponent are integers, everything else
/// maps as in YAML; JSON has no dates, so dates are strings that read as dates (``FrontMatterValue/date``).
/// A key given twice: the last one counts, as in YAML.
///
/// It reads at most `maximumBytes` (front matter's ``Limits/frontMatterBytes``): a document that
/// goes on past them is refused as too long, wherever the parse stands then.
struct JSONReader {
    private let bytes: String.UTF8View
    private var index: String.UTF8View.Index
    /// Where reading stops: the end of the text, or `maximumBytes` after the start.
    private let end: String.UTF8View.Index
    private let maximumBytes: Int
    /// The line of `index` in the file.
    private var line: Int
    private let firstLine: Int
    private let subject: String

    private init(_ text: String, from start: String.UTF8View.Index, line: Int, subject: String, maximumBytes: Int) {
        bytes = text.utf8
        index = start
        end = bytes.index(start, offsetBy: maximumBytes, limitedBy: bytes.endIndex) ?? bytes.endIndex
        self.maximumBytes = maximumBytes
        self.line = line
        firstLine = line
        self.subject = subject
    }

    /// Reads the object that starts at `start` (on line `line` of the file) and returns it with
    /// the index just after its closing brace.
    ///
    /// - Throws: ``MarkdownError`` with the line and column of the problem.
    static func parseObject(_ text: String, from start: String.UTF8View.Index, line: Int, subject: String = "JSON front matter",
                            maximumBytes: Int = Limits.frontMatterBytes) throws(MarkdownError) -> (FrontMatter, String.UTF8View.Index) {
        var reader = JSONReader(text, from: start, line: line, subject: subject, maximumBytes: maximumBytes)
        reader.skipSpace()
        guard reader.peek == UInt8(ascii: "{") else { throw reader.error("front matter must be an object, like {\"title\": \"Hello\"}") }
        let object = try reader.object(depth: 0, topLevel: true)
        return (object, reader.index)
    }

    /// Reads a whole JSON document (a `hugo.json`) that must be one object, with nothing but
    /// white space after it.
    static func parseDocument(_ text: String, subject: String = "JSON",
                              maximumBytes: Int = Limits.frontMatterBytes) throws(MarkdownError) -> FrontMatter {
        var reader = JSONReader(text, from: text.utf8.startIndex, line: 1, subject: subject, maximumBytes: maximumBytes)
        reader.skipSpace()
        guard reader.peek != nil else { return .empty }
        guard reader.peek == UInt8(ascii: "{") else { throw reader.error("the file must hold one object, like {\"title\": \"Hello\"}") }
        let object = try reader.object(depth: 0, topLevel: true)
        reader.skipSpace()
        guard reader.peek == nil else { throw reader.error("expected the end of the file after the object's closing }") }
        return object
    }

    // MARK: Values

    private var peek: UInt8? { index < end ? bytes[index] : nil }

    private mutating func advance() {
        index = bytes.index(after: index)
    }

    private mutating func skipSpace() {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            advance()
        }
    }

    private mutating func value(depth: Int) throws(MarkdownError) -> FrontMatterValue {
        guard depth < FrontMatterReader.maximumDepth else {
            throw error("values are nested more than \(FrontMatterReader.maximumDepth) levels deep")
        }
        switch peek {
        case UInt8(ascii: "{"): return .map(try object(depth: depth + 1, topLevel: false))
        case UInt8(ascii: "["): return .list(try array(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): return try number()
        case nil: throw error("expected a value, found the end of the file")
        default: throw error("expected a value (text in \"quotes\", a number, true, false, null, [ or {)")
        }
    }

    private mutating func object(depth: Int, topLevel: Bool) throws(MarkdownError) -> FrontMatter {
        let unclosed = "the object that opens on line \(line) is not closed: a } is missing"
        advance()
        var entries: [(key: String, value: FrontMatterValue)] = []
        var lines: [String: Int] = [:]
        var seen: Set<String> = []
        var repeated: [String] = []
        skipSpace()
        if peek == UInt8(ascii: "}") {
            advance()
            return FrontMatter()
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else {
                throw error(peek == nil ? unclosed : "expected a key in \"quotes\"")
            }
            let keyLine = line
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw error("expected : after the key \"\(key)\"") }
            advance()
            skipSpace()
            let value = try value(depth: depth)
            if !seen.insert(key).inserted, !repeated.contains(key) { repeated.append(key) }
            entries.append((key, value))
            lines[key] = keyLine
            skipSpace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                guard topLevel else { return FrontMatter(entries) }
                var frontMatter = FrontMatter(entries, lines: lines)
                frontMatter.repeatedKeys = repeated
                return frontMatter
            case nil:
                throw error(unclosed)
            default:
                throw error("expected , or } after the value of \"\(key)\"")
            }
        }
    }

    private mutating func array(depth: Int) throws(MarkdownError) -> [FrontMatterValue] {
        let unclosed = "the list that opens on line \(line) is not closed: a ] is missing"
        advance()
        var values: [FrontMatterValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            advance()
            return values
        }
        while true {
            skipSpace()
            values.append(try value(depth: depth))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return values
            case nil: throw error(unclosed)
            default: throw error("expected , or ] in the list")
            }
        }
    }

    private mutating func word(_ word: String) throws(MarkdownError) {
        let start = index
        for expected in word.utf8 {
            guard peek == expected else {
                index = start
                throw error("expected a value (text in \"quotes\", a number, true, false, null, [ or {)")
            }
            advance()
        }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?`
    private mutating func number() throws(MarkdownError) -> FrontMatterValue {
        let start = index
        let isDigit = { (byte: UInt8?) -> Bool in byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        if peek == UInt8(ascii: "-") { advance() }
        guard isDigit(peek) else { throw error("expected a digit") }
        if peek == UInt8(ascii: "0") {
            advance()
        } else {
            while isDigit(peek) { advance() }
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            isInteger = false
            advance()
            guard isDigit(peek) else { throw error("expected a digit after the decimal point") }
            while isDigit(peek) { advance() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard isDigit(peek) else { throw error("expected a digit in the exponent") }
            while isDigit(peek) { advance() }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text) else { throw error("\(text) is not a number") }
        return .double(double)
    }

    private mutating func string() throws(MarkdownError) -> String {
        advance()
        var result: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("the text is not closed: a \" is missing") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                try escape(into: &result)
            case ..<0x20:
                throw error("a line break or control character must be written as an escape (\\n, \\t, \\u0000) inside text")
            default:
                result.append(byte)
                advance()
            }
        }
    }

    private mutating func escape(into result: inout [UInt8]) throws(MarkdownError) {
        guard let byte = peek else { throw error("the text is not closed: a \" is missing") }
        advance()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(byte)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code) {
                // A surrogate pair: the low half follows as another \u escape.
                guard peek == UInt8(ascii: "\\") else { throw error("\\u escape: a lone surrogate") }
                advance()
                guard peek == UInt8(ascii: "u") else { throw error("\\u escape: a lone surrogate") }
                advance()
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("\\u escape: a lone surrogate") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape: a lone surrogate") }
            result.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw error("unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private mutating func hex4() throws(MarkdownError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else { throw error("\\u must be followed by four hex digits") }
            code = code * 16 + digit
            advance()
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// An error at the current position; where reading stopped at `maximumBytes`, the error
    /// that the text is too long, on its first line.
    private func error(_ message: String) -> MarkdownError {
        if index >= end && end < bytes.endIndex {
            return MarkdownError(line: firstLine, message: "\(subject): goes on past \(LimitWording.size(maximumBytes)), "
                                 + "the most it may hold; shorten it, or move long values to a data file")
        }
        let before = bytes[..<index]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map(bytes.index(after:)) ?? bytes.startIndex
        let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1
        return MarkdownError(line: line, column: column, message: "\(subject): \(message)")
    }
}
