/// Splits a Go template into text and actions, and each action into tokens.
///
/// Trim markers are applied here (`{{- ` takes the white space before the action off the text,
/// ` -}}` the white space after it) and comments vanish, so the parser sees only text and
/// actions that do something.
struct GoTemplateLexer {
    /// A piece of the template.
    enum Item {
        case text(String, line: Int)
        case action([Token], line: Int)
    }

    /// A word inside `{{ }}`.
    struct Token {
        enum Kind: Equatable {
            /// A name: a keyword, `true`, `nil`, a function such as `strings.Contains`.
            case identifier(String)
            /// `.Name` (the name without its dot).
            case field(String)
            /// `.` alone.
            case dot
            /// `$` or `$name` (with its `$`).
            case variable(String)
            case string(String)
            case number(Number)
            case leftParen, rightParen, pipe, declare, assign, comma
        }
        var kind: Kind
        var line: Int
        /// Whether white space comes before the token: `.A.B` is one chain, `.A .B` two words.
        var spaced: Bool
    }

    enum Number: Equatable {
        case int(Int)
        case double(Double)
    }

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The template's items, in order.
    mutating func items() throws(DialectError) -> [Item] {
        var items: [Item] = []
        var trimNextText = false
        while position < bytes.count {
            let textStart = position
            let textLine = line
            while position < bytes.count, !(bytes[position] == 0x7B && peek(1) == 0x7B) {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
            var text = String(decoding: bytes[textStart..<position], as: UTF8.self)
            if trimNextText { text = String(text.drop(while: \.isGoSpace)) }
            trimNextText = false
            if position >= bytes.count {
                if !text.isEmpty { items.append(.text(text, line: textLine)) }
                break
            }
            // At `{{`.
            let actionLine = line
            position += 2
            if peek(0) == 0x2D, let next = peek(1), next.isGoSpaceByte {
                position += 2
                if next == 0x0A { line += 1 }
                text = String(text.reversed().drop(while: \.isGoSpace).reversed())
            }
            if !text.isEmpty { items.append(.text(text, line: textLine)) }
            skipSpaces()
            if peek(0) == 0x2F, peek(1) == 0x2A {
                trimNextText = try skipComment(from: actionLine)
                continue
            }
            let (tokens, trimsAfter) = try actionTokens(from: actionLine)
            trimNextText = trimsAfter
            items.append(.action(tokens, line: actionLine))
        }
        return items
    }

    private func peek(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipSpaces() {
        while let byte = peek(0), byte.isGoSpaceByte {
            if byte == 0x0A { line += 1 }
            position += 1
        }
    }

    /// Skips `/* … */` and the end of its action; tells whether the action trims after it.
    private mutating func skipComment(from actionLine: Int) throws(DialectError) -> Bool {
        position += 2
        while position < bytes.count, !(bytes[position] == 0x2A && peek(1) == 0x2F) {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        guard position < bytes.count else {
            throw DialectError(.syntax, line: actionLine, "A comment `{{/*` is not closed with `*/}}`.")
        }
        position += 2
        var trims = false
        if let space = peek(0), space.isGoSpaceByte, peek(1) == 0x2D, peek(2) == 0x7D, peek(3) == 0x7D {
            trims = true
            position += 2
        }
        guard peek(0) == 0x7D, peek(1) == 0x7D else {
            throw DialectError(.syntax, line: line, "A comment must end right before `}}`.")
        }
        position += 2
        return trims
    }

    /// The tokens up to `}}`, and whether it was `-}}`.
    private mutating func actionTokens(from actionLine: Int) throws(DialectError) -> ([Token], Bool) {
        var tokens: [Token] = []
        var spaced = true
        while true {
            guard let byte = peek(0) else {
                throw DialectError(.syntax, line: actionLine, "An action `{{` is not closed with `}}`.")
            }
            if byte.isGoSpaceByte {
                skipSpaces()
                spaced = true
                if peek(0) == 0x2D, peek(1) == 0x7D, peek(2) == 0x7D {
                    position += 3
                    return (tokens, true)
                }
                continue
            }
            if byte == 0x7D, peek(1) == 0x7D {
                position += 2
                return (tokens, false)
            }
            let tokenLine = line
            let kind = try tokenKind(startingWith: byte)
            tokens.append(Token(kind: kind, line: tokenLine, spaced: spaced))
            spaced = false
        }
    }

    private mutating func tokenKind(startingWith byte: UInt8) throws(DialectError) -> Token.Kind {
        switch byte {
        case 0x28: position += 1; return .leftParen
        case 0x29: position += 1; return .rightParen
        case 0x7C: position += 1; return .pipe
        case 0x2C: position += 1; return .comma
        case 0x3D: position += 1; return .assign
        case 0x3A where peek(1) == 0x3D: position += 2; return .declare
        case 0x22: return .string(try quotedString())
        case 0x60: return .string(try rawString())
        case 0x27: return .number(.int(try character()))
        case 0x24:
            position += 1
            return .variable("$" + name())
        case 0x2E:
            if let next = peek(1), next.isASCIIDigit { return .number(try number()) }
            position += 1
            let field = name()
            return field.isEmpty ? .dot : .field(field)
        case 0x2B, 0x2D:
            guard let next = peek(1), next.isASCIIDigit || next == 0x2E else { break }
            return .number(try number())
        default:
            if byte.isASCIIDigit { return .number(try number()) }
            if byte.isNameByte {
                var identifier = name()
                // `strings.Contains`: a namespace and a function are one name.
                while peek(0) == 0x2E, let next = peek(1), next.isNameByte, !next.isASCIIDigit {
                    position += 1
                    identifier += "." + name()
                }
                return .identifier(identifier)
            }
        }
        let shown = String(decoding: bytes[position..<min(bytes.count, position + 1)], as: UTF8.self)
        throw DialectError(.syntax, line: line, "Unexpected `\(shown)` in an action.")
    }

    private mutating func name() -> String {
        let start = position
        while let byte = peek(0), byte.isNameByte || byte >= 0x80 { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func number() throws(DialectError) -> Number {
        let start = position
        if let sign = peek(0), sign == 0x2B || sign == 0x2D { position += 1 }
        while let byte = peek(0),
              byte.isNameByte || byte == 0x2E
                  || ((byte == 0x2B || byte == 0x2D) && position > start && [0x65, 0x45, 0x70, 0x50].contains(bytes[position - 1]))
        {
            position += 1
        }
        let written = String(decoding: bytes[start..<position], as: UTF8.self)
        var digits = written.replacing("_", with: "")
        var negative = false
        if digits.hasPrefix("-") { negative = true; digits.removeFirst() } else if digits.hasPrefix("+") { digits.removeFirst() }
        let lower = digits.lowercased()
        var value: Int?
        if lower.hasPrefix("0x") { value = Int(lower.dropFirst(2), radix: 16) }
        else if lower.hasPrefix("0o") { value = Int(lower.dropFirst(2), radix: 8) }
        else if lower.hasPrefix("0b") { value = Int(lower.dropFirst(2), radix: 2) }
        else if lower.count > 1, lower.hasPrefix("0"), lower.allSatisfy({ $0.isASCII && $0.isNumber }) { value = Int(lower.dropFirst(), radix: 8) }
        else { value = Int(lower) }
        if let value { return .int(negative ? -value : value) }
        if !lower.hasPrefix("0x"), let double = Double(lower), double.isFinite { return .double(negative ? -double : double) }
        throw DialectError(.syntax, line: line, "`\(written)` is not a number.")
    }

    private mutating func quotedString() throws(DialectError) -> String {
        let startLine = line
        position += 1
        var scalars = String.UnicodeScalarView()
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty {
                scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
                pending.removeAll()
            }
        }
        while true {
            guard let byte = peek(0), byte != 0x0A else {
                throw DialectError(.syntax, line: startLine, "A string `\"` is not closed on its line.")
            }
            position += 1
            if byte == 0x22 { break }
            if byte != 0x5C {
                pending.append(byte)
                continue
            }
            guard let escape = peek(0) else { continue }
            position += 1
            switch escape {
            case 0x6E: pending.append(0x0A)
            case 0x74: pending.append(0x09)
            case 0x72: pending.append(0x0D)
            case 0x61: pending.append(0x07)
            case 0x62: pending.append(0x08)
            case 0x66: pending.append(0x0C)
            case 0x76: pending.append(0x0B)
            case 0x5C, 0x22, 0x27: pending.append(escape)
            case 0x78: pending.append(UInt8(try hexDigits(2, line: startLine)))
            case 0x75, 0x55:
                let value = try hexDigits(escape == 0x75 ? 4 : 8, line: startLine)
                guard let scalar = Unicode.Scalar(value) else {
                    throw DialectError(.syntax, line: startLine, "A string holds an escape that is no character.")
                }
                flush()
                scalars.append(scalar)
            case 0x30...0x37:
                var value = Int(escape - 0x30)
                for _ in 0..<2 {
                    guard let digit = peek(0), (0x30...0x37).contains(digit) else {
                        throw DialectError(.syntax, line: startLine, "An octal escape needs three digits.")
                    }
                    value = value * 8 + Int(digit - 0x30)
                    position += 1
                }
                guard value < 256 else { throw DialectError(.syntax, line: startLine, "An octal escape is over 255.") }
                pending.append(UInt8(value))
            default:
                throw DialectError(.syntax, line: startLine, "A string holds an unknown escape `\\\(Character(Unicode.Scalar(escape)))`.")
            }
        }
        flush()
        return String(scalars)
    }

    private mutating func hexDigits(_ count: Int, line startLine: Int) throws(DialectError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let byte = peek(0), let digit = UInt32(String(Unicode.Scalar(byte)), radix: 16) else {
                throw DialectError(.syntax, line: startLine, "A string holds an escape with too few hexadecimal digits.")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private mutating func rawString() throws(DialectError) -> String {
        let startLine = line
        position += 1
        let start = position
        while let byte = peek(0), byte != 0x60 {
            if byte == 0x0A { line += 1 }
            position += 1
        }
        guard position < bytes.count else {
            throw DialectError(.syntax, line: startLine, "A raw string `` ` `` is not closed.")
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        position += 1
        // Go drops carriage returns from raw strings.
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" }))
    }

    private mutating func character() throws(DialectError) -> Int {
        let startLine = line
        position += 1
        let start = position
        while let byte = peek(0), byte != 0x27, byte != 0x0A {
            position += byte == 0x5C ? 2 : 1
        }
        guard peek(0) == 0x27 else {
            throw DialectError(.syntax, line: startLine, "A character `'` is not closed.")
        }
        let body = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
        position += 1
        let simpleEscapes: [String: Int] = ["\\n": 10, "\\t": 9, "\\r": 13, "\\\\": 92, "\\'": 39, "\\\"": 34, "\\0": 0]
        if let value = simpleEscapes[body] { return value }
        guard body.unicodeScalars.count == 1, let scalar = body.unicodeScalars.first else {
            throw DialectError(.syntax, line: startLine, "`'\(body)'` is not one character.")
        }
        return Int(scalar.value)
    }
}

extension UInt8 {
    var isGoSpaceByte: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    var isNameByte: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || isASCIIDigit || self == 0x5F
    }
}

extension Character {
    /// The white space `{{-` and `-}}` take away: Go's space, tab, carriage return and newline.
    var isGoSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" }
}
