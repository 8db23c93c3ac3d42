/// Cuts the expression inside a Liquid or Tera tag into names, strings, numbers and symbols.
/// The two dialects lex alike; `Dialect` holds where they part.
enum TemplateExpressionLexer {
    enum Lexeme: Equatable {
        case identifier(String)
        case string(String)
        case integer(Int)
        case number(Double)
        case symbol(String)
    }

    struct Dialect {
        /// `-1` is one number where no value comes before the `-` (Liquid); otherwise `-` is
        /// always a symbol and the parser negates.
        var signedNumbers: Bool
        /// `1_000` and `1e3` (Rust's number syntax, so Tera's).
        var digitGroupsAndExponents: Bool
        /// Digits after a `.` are a list index, not a fraction: `a.0.1` (Tera).
        var indexesAfterDots: Bool
        /// `my-file` and `empty?` are names (Jekyll's data files, Ruby's predicates).
        var hyphensAndQuestionMarksInNames: Bool
        /// Two-byte symbols and the lexemes they stand for (Tera writes `&&` for `and`).
        var pairs: [String: Lexeme]
        /// One-byte symbols.
        var singles: String
        /// Told after "Object literals" when one is met, naming where they come from.
        var objectLiteralNote: String

        static let liquid = Dialect(
            signedNumbers: true, digitGroupsAndExponents: false, indexesAfterDots: false,
            hyphensAndQuestionMarksInNames: true,
            pairs: Dictionary(uniqueKeysWithValues: ["==", "!=", "<>", "<=", ">=", ".."].map { ($0, .symbol($0)) }),
            singles: "|:,.[]()<>=+-*/%~", objectLiteralNote: " (`{ key: value }`, Nunjucks)"
        )

        static let tera = Dialect(
            signedNumbers: false, digitGroupsAndExponents: true, indexesAfterDots: true,
            hyphensAndQuestionMarksInNames: false,
            pairs: [
                "==": .symbol("=="), "!=": .symbol("!="), "<=": .symbol("<="), ">=": .symbol(">="),
                "&&": .identifier("and"), "||": .identifier("or"),
            ],
            singles: "|,.[]()<>=+-*/%~", objectLiteralNote: ""
        )
    }

    static func lex(_ markup: String, line: Int, dialect: Dialect) throws(DialectError) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        let bytes = Array(markup.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte.isLiquidWhitespace {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                guard let end = bytes[(index + 1)...].firstIndex(of: byte) else {
                    throw DialectError(.syntax, line: line, "A string is never closed in `\(markup)`.")
                }
                lexemes.append(.string(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
                index = end + 1
                continue
            }
            if isDigit(byte)
                || (dialect.signedNumbers && byte == UInt8(ascii: "-") && !endsInValue(lexemes)
                    && index + 1 < bytes.count && isDigit(bytes[index + 1]))
            {
                let end = numberEnd(bytes, from: index, dialect: dialect, afterDot: lexemes.last == .symbol("."))
                lexemes.append(number(bytes[index..<end], dialect: dialect))
                index = end
                continue
            }
            if isIdentifierStart(byte) {
                let end = identifierEnd(bytes, from: index, dialect: dialect)
                lexemes.append(.identifier(String(decoding: bytes[index..<end], as: UTF8.self)))
                index = end
                continue
            }
            let two = index + 1 < bytes.count ? String(decoding: bytes[index...(index + 1)], as: UTF8.self) : ""
            if let pair = dialect.pairs[two] {
                lexemes.append(pair)
                index += 2
                continue
            }
            let one = String(decoding: bytes[index...index], as: UTF8.self)
            if dialect.singles.contains(one) {
                lexemes.append(.symbol(one))
                index += 1
                continue
            }
            if one == "{" {
                throw DialectError(.unsupported(construct: "object literal"), line: line,
                                   "Object literals\(dialect.objectLiteralNote) are not supported in `\(markup)`.")
            }
            throw DialectError(.syntax, line: line, "Unexpected `\(one)` in `\(markup)`.")
        }
        return lexemes
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether the last lexeme ends a value, so that a `-` after it subtracts.
    private static func endsInValue(_ lexemes: [Lexeme]) -> Bool {
        switch lexemes.last {
        case .identifier, .string, .integer, .number, .symbol(")"), .symbol("]"): return true
        default: return false
        }
    }

    /// Where the number starting at `start` (a digit, or a sign before one) ends.
    private static func numberEnd(_ bytes: [UInt8], from start: Int, dialect: Dialect, afterDot: Bool) -> Int {
        var end = start + 1
        while end < bytes.count, isDigit(bytes[end]) || (dialect.digitGroupsAndExponents && bytes[end] == UInt8(ascii: "_")) {
            end += 1
        }
        if !(dialect.indexesAfterDots && afterDot), end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), isDigit(bytes[end + 1]) {
            end += 1
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        }
        if dialect.digitGroupsAndExponents, end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E"),
           end + 1 < bytes.count, isDigit(bytes[end + 1]) || bytes[end + 1] == UInt8(ascii: "-")
        {
            end += 2
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        }
        return end
    }

    /// An integer when the digits have no fraction or exponent and fit, a number otherwise.
    private static func number(_ bytes: ArraySlice<UInt8>, dialect: Dialect) -> Lexeme {
        var text = String(decoding: bytes, as: UTF8.self)
        if dialect.digitGroupsAndExponents { text = text.replacingOccurrences("_", "") }
        let isDecimal = text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if !isDecimal, let value = Int(text) { return .integer(value) }
        return .number(Double(text) ?? 0)
    }

    /// Where the name starting at `start` ends.
    private static func identifierEnd(_ bytes: [UInt8], from start: Int, dialect: Dialect) -> Int {
        var end = start + 1
        while end < bytes.count, isIdentifierStart(bytes[end]) || isDigit(bytes[end])
            || (dialect.hyphensAndQuestionMarksInNames && isHyphenInName(bytes, at: end))
        {
            end += 1
        }
        if dialect.hyphensAndQuestionMarksInNames, end < bytes.count, bytes[end] == UInt8(ascii: "?") { end += 1 }
        return end
    }

    /// A `-` inside a name: not before white space, `-` or `%` (where it trims a tag, `-%}`).
    private static func isHyphenInName(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "-") && index + 1 < bytes.count && !bytes[index + 1].isLiquidWhitespace
            && bytes[index + 1] != UInt8(ascii: "-") && bytes[index + 1] != UInt8(ascii: "%")
    }
}
