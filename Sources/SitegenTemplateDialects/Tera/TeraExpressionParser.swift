import SitegenLimits
import SitegenTemplates

/// Reads the expressions inside Tera tags.
struct TeraExpressionParser {
    enum Lexeme: Equatable {
        case identifier(String)
        case string(String)
        case integer(Int)
        case number(Double)
        case symbol(String)
    }

    private let lexemes: [Lexeme]
    private var position = 0
    let line: Int
    private var depth = 0

    init(_ markup: String, line: Int) throws(DialectError) {
        self.line = line
        lexemes = try Self.lex(markup, line: line)
    }

    var isAtEnd: Bool { position >= lexemes.count }
    var current: Lexeme? { position < lexemes.count ? lexemes[position] : nil }

    mutating func take(_ symbol: String) -> Bool {
        if current == .symbol(symbol) { position += 1; return true }
        return false
    }

    mutating func take(keyword: String) -> Bool {
        if current == .identifier(keyword) { position += 1; return true }
        return false
    }

    mutating func identifier() throws(DialectError) -> String {
        guard case .identifier(let name) = current else { throw error("a name") }
        position += 1
        return name
    }

    func error(_ expected: String) -> DialectError {
        let found: String
        switch current {
        case nil: found = "the end of the tag"
        case .identifier(let name): found = "`\(name)`"
        case .string(let text): found = "\"\(text)\""
        case .integer(let value): found = String(value)
        case .number(let value): found = String(value)
        case .symbol(let symbol): found = "`\(symbol)`"
        }
        return DialectError(.syntax, line: line, "Expected \(expected), found \(found).")
    }

    mutating func expectEnd() throws(DialectError) {
        if !isAtEnd { throw error("the end of the tag") }
    }

    // MARK: Grammar, loosest first

    mutating func expression() throws(DialectError) -> TeraExpression {
        try nested { (parser: inout Self) throws(DialectError) in
            var left = try parser.conjunction()
            while parser.take(keyword: "or") { left = .binary(.or, left, try parser.conjunction()) }
            return left
        }
    }

    private mutating func conjunction() throws(DialectError) -> TeraExpression {
        var left = try negation()
        while take(keyword: "and") { left = .binary(.and, left, try negation()) }
        return left
    }

    private mutating func negation() throws(DialectError) -> TeraExpression {
        if take(keyword: "not") {
            return .not(try nested { (parser: inout Self) throws(DialectError) in try parser.negation() })
        }
        return try comparison()
    }

    private mutating func comparison() throws(DialectError) -> TeraExpression {
        let left = try concatenation()
        let operators: [String: TeraOperator] = [
            "==": .equal, "!=": .notEqual, "<": .less, ">": .greater, "<=": .lessOrEqual, ">=": .greaterOrEqual,
        ]
        if case .symbol(let symbol) = current, let comparison = operators[symbol] {
            position += 1
            return .binary(comparison, left, try concatenation())
        }
        if take(keyword: "in") { return .binary(.in, left, try concatenation()) }
        if current == .identifier("not"), position + 1 < lexemes.count, lexemes[position + 1] == .identifier("in") {
            position += 2
            return .binary(.notIn, left, try concatenation())
        }
        if take(keyword: "is") {
            let negated = take(keyword: "not")
            let name = try identifier()
            var arguments: [TeraExpression] = []
            if take("(") {
                if !take(")") {
                    repeat { arguments.append(try expression()) } while take(",")
                    guard take(")") else { throw error("`)`") }
                }
            }
            guard TeraFilters.tests.contains(name) else {
                throw DialectError(.unsupported(construct: "test \(name)"), line: line, "The Tera test `\(name)` is not supported.")
            }
            return .test(left, name: name, arguments: arguments, negated: negated, line: line)
        }
        return left
    }

    private mutating func concatenation() throws(DialectError) -> TeraExpression {
        var left = try additive()
        while take("~") { left = .binary(.concatenate, left, try additive()) }
        return left
    }

    private mutating func additive() throws(DialectError) -> TeraExpression {
        var left = try multiplicative()
        while case .symbol(let symbol) = current, let operation = ["+": TeraOperator.plus, "-": .minus][symbol] {
            position += 1
            left = .binary(operation, left, try multiplicative())
        }
        return left
    }

    private mutating func multiplicative() throws(DialectError) -> TeraExpression {
        var left = try filtered()
        while case .symbol(let symbol) = current, let operation = ["*": TeraOperator.times, "/": .divide, "%": .modulo][symbol] {
            position += 1
            left = .binary(operation, left, try filtered())
        }
        return left
    }

    /// A value and its filters: `page.title | upper | truncate(length=10)`.
    private mutating func filtered() throws(DialectError) -> TeraExpression {
        var value = try postfix()
        while take("|") {
            let name = try identifier()
            guard TeraFilters.names.contains(name) else {
                throw DialectError(.unsupported(construct: "filter \(name)"), line: line, "The Tera filter `\(name)` is not supported.")
            }
            value = .filter(value, name: name, arguments: try namedArguments(), line: line)
        }
        return value
    }

    private mutating func namedArguments() throws(DialectError) -> [(String, TeraExpression)] {
        guard take("(") else { return [] }
        var arguments: [(String, TeraExpression)] = []
        if take(")") { return arguments }
        repeat {
            let name = try identifier()
            guard take("=") else { throw error("`=` after the argument `\(name)`") }
            arguments.append((name, try expression()))
        } while take(",")
        guard take(")") else { throw error("`)`") }
        return arguments
    }

    private mutating func postfix() throws(DialectError) -> TeraExpression {
        var value = try primary()
        while true {
            if take(".") {
                if case .integer(let index) = current {
                    position += 1
                    value = .index(value, .literal(.int(index)))
                } else {
                    value = .member(value, try identifier())
                }
            } else if take("[") {
                let key = try nested { (parser: inout Self) throws(DialectError) in try parser.expression() }
                guard take("]") else { throw error("`]`") }
                value = .index(value, key)
            } else {
                return value
            }
        }
    }

    private mutating func primary() throws(DialectError) -> TeraExpression {
        switch current {
        case .string(let text): position += 1; return .literal(.text(text))
        case .integer(let value): position += 1; return .literal(.int(value))
        case .number(let value): position += 1; return .literal(.double(value))
        case .identifier(let name):
            position += 1
            switch name {
            case "true", "True": return .literal(.bool(true))
            case "false", "False": return .literal(.bool(false))
            case "none", "None", "null": return .literal(.null)
            default:
                if current == .symbol("(") {
                    return .call(name: name, arguments: try namedArguments(), line: line)
                }
                return .variable(name)
            }
        case .symbol("("):
            position += 1
            let inner = try nested { (parser: inout Self) throws(DialectError) in try parser.expression() }
            guard take(")") else { throw error("`)`") }
            return inner
        case .symbol("["):
            position += 1
            var items: [TeraExpression] = []
            if !take("]") {
                repeat { items.append(try nested { (parser: inout Self) throws(DialectError) in try parser.expression() }) } while take(",")
                guard take("]") else { throw error("`]`") }
            }
            return .array(items)
        case .symbol("-"):
            position += 1
            return .negate(try nested { (parser: inout Self) throws(DialectError) in try parser.postfix() })
        default:
            throw error("a value")
        }
    }

    private mutating func nested<Result>(_ body: (inout Self) throws(DialectError) -> Result) throws(DialectError) -> Result {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.dialectNesting else {
            throw DialectError(.limit, line: line, "An expression nests deeper than \(Limits.dialectNesting) levels.")
        }
        return try body(&self)
    }

    // MARK: Lexing

    static func lex(_ markup: String, line: Int) throws(DialectError) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        let bytes = Array(markup.utf8)
        var index = 0
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte.isLiquidWhitespace { index += 1; continue }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                guard let end = bytes[(index + 1)...].firstIndex(of: byte) else {
                    throw DialectError(.syntax, line: line, "A string is never closed in `\(markup)`.")
                }
                lexemes.append(.string(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
                index = end + 1
                continue
            }
            if isDigit(byte) {
                var end = index + 1
                while end < bytes.count, isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "_") { end += 1 }
                var isDecimal = false
                let afterDot = lexemes.last == .symbol(".")
                if !afterDot, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), isDigit(bytes[end + 1]) {
                    isDecimal = true
                    end += 1
                    while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E"),
                   end + 1 < bytes.count, isDigit(bytes[end + 1]) || bytes[end + 1] == UInt8(ascii: "-")
                {
                    isDecimal = true
                    end += 2
                    while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                }
                let text = String(decoding: bytes[index..<end], as: UTF8.self).replacingOccurrences("_", "")
                if !isDecimal, let value = Int(text) { lexemes.append(.integer(value)) } else { lexemes.append(.number(Double(text) ?? 0)) }
                index = end
                continue
            }
            if isIdentifierByte(byte) {
                var end = index + 1
                while end < bytes.count, isIdentifierByte(bytes[end]) || isDigit(bytes[end]) { end += 1 }
                lexemes.append(.identifier(String(decoding: bytes[index..<end], as: UTF8.self)))
                index = end
                continue
            }
            let two = index + 1 < bytes.count ? String(decoding: bytes[index...(index + 1)], as: UTF8.self) : ""
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
                lexemes.append(two == "&&" ? .identifier("and") : two == "||" ? .identifier("or") : .symbol(two))
                index += 2
                continue
            }
            let one = String(decoding: bytes[index...index], as: UTF8.self)
            if "|,.[]()<>=+-*/%~".contains(one) {
                lexemes.append(.symbol(one))
                index += 1
                continue
            }
            if one == "{" {
                throw DialectError(.unsupported(construct: "object literal"), line: line, "Object literals are not supported in `\(markup)`.")
            }
            throw DialectError(.syntax, line: line, "Unexpected `\(one)` in `\(markup)`.")
        }
        return lexemes
    }
}
