import SitegenLimits
import SitegenTemplates

/// Reads the expressions inside Liquid tags: `a.b[0] == "x" and c`, `site.posts | sort: "date"`,
/// `(1..5)`, and the Nunjucks forms Eleventy pages use (`not a`, `count + 1`, `f(x)` filters).
struct LiquidExpressionParser {
    enum Lexeme: Equatable {
        case identifier(String)
        case string(String)
        case integer(Int)
        case number(Double)
        case symbol(String)
    }

    private(set) var lexemes: [Lexeme]
    private(set) var position = 0
    let line: Int
    private var depth = 0

    init(_ markup: String, line: Int) throws(DialectError) {
        self.line = line
        lexemes = try Self.lex(markup, line: line)
    }

    var isAtEnd: Bool { position >= lexemes.count }
    var current: Lexeme? { position < lexemes.count ? lexemes[position] : nil }

    mutating func advance() { position += 1 }

    /// Takes `symbol` when it comes next.
    mutating func take(_ symbol: String) -> Bool {
        if current == .symbol(symbol) {
            position += 1
            return true
        }
        return false
    }

    /// Takes the word `keyword` when it comes next.
    mutating func take(keyword: String) -> Bool {
        if current == .identifier(keyword) {
            position += 1
            return true
        }
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

    // MARK: Grammar

    /// A condition with its filters: what `{{ … }}`, `assign` and `for … in` take.
    mutating func filteredExpression() throws(DialectError) -> LiquidExpression {
        let base = try condition()
        let filters = try filterCalls()
        return filters.isEmpty ? base : .filtered(base, filters)
    }

    mutating func filterCalls() throws(DialectError) -> [LiquidFilterCall] {
        var filters: [LiquidFilterCall] = []
        while take("|") {
            filters.append(try filterCall())
        }
        return filters
    }

    private mutating func filterCall() throws(DialectError) -> LiquidFilterCall {
        let name = try identifier()
        guard LiquidFilters.names.contains(name) else {
            throw DialectError(.unsupported(construct: "filter \(name)"), line: line,
                               "The Liquid filter `\(name)` is not supported.")
        }
        var call = LiquidFilterCall(name: name, arguments: [], keywords: [], line: line)
        let parenthesised = take("(")
        if parenthesised || take(":") {
            if parenthesised, take(")") { return call }
            repeat {
                if case .identifier(let key) = current, position + 1 < lexemes.count,
                   lexemes[position + 1] == .symbol(":") || (parenthesised && lexemes[position + 1] == .symbol("="))
                {
                    position += 2
                    call.keywords.append((key, try additive()))
                } else {
                    call.arguments.append(try additive())
                }
            } while take(",")
            if parenthesised, !take(")") { throw error("`)`") }
        }
        return call
    }

    /// `a or b and c`: Liquid reads these right to left, without precedence.
    mutating func condition() throws(DialectError) -> LiquidExpression {
        try nested { (parser: inout Self) throws(DialectError) in
            let left = try parser.comparison()
            if parser.take(keyword: "and") { return .binary(.and, left, try parser.condition()) }
            if parser.take(keyword: "or") { return .binary(.or, left, try parser.condition()) }
            return left
        }
    }

    private mutating func comparison() throws(DialectError) -> LiquidExpression {
        if take(keyword: "not") {
            return .not(try nested { (parser: inout Self) throws(DialectError) in try parser.comparison() })
        }
        let left = try additive()
        let operators: [String: LiquidOperator] = [
            "==": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, ">": .greater, "<=": .lessOrEqual,
            ">=": .greaterOrEqual,
        ]
        if case .symbol(let symbol) = current, let comparison = operators[symbol] {
            position += 1
            return .binary(comparison, left, try additive())
        }
        if take(keyword: "contains") { return .binary(.contains, left, try additive()) }
        if take(keyword: "in") { return .binary(.in, left, try additive()) }
        return left
    }

    mutating func additive() throws(DialectError) -> LiquidExpression {
        var left = try multiplicative()
        while case .symbol(let symbol) = current, let operation = ["+": LiquidOperator.plus, "-": .minus, "~": .concatenate][symbol] {
            position += 1
            left = .binary(operation, left, try multiplicative())
        }
        return left
    }

    private mutating func multiplicative() throws(DialectError) -> LiquidExpression {
        var left = try postfix()
        while case .symbol(let symbol) = current, let operation = ["*": LiquidOperator.times, "/": .divide, "%": .modulo][symbol] {
            position += 1
            left = .binary(operation, left, try postfix())
        }
        return left
    }

    private mutating func postfix() throws(DialectError) -> LiquidExpression {
        var expression = try primary()
        while true {
            if take(".") {
                expression = .member(expression, try identifier())
            } else if take("[") {
                let key = try nested { (parser: inout Self) throws(DialectError) in try parser.filteredExpression() }
                guard take("]") else { throw error("`]`") }
                expression = .index(expression, key)
            } else {
                return expression
            }
        }
    }

    private mutating func primary() throws(DialectError) -> LiquidExpression {
        switch current {
        case .string(let text):
            position += 1
            return .literal(.text(text))
        case .integer(let value):
            position += 1
            return .literal(.int(value))
        case .number(let value):
            position += 1
            return .literal(.double(value))
        case .identifier(let name):
            position += 1
            switch name {
            case "nil", "null", "none": return .literal(.null)
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "empty": return .emptiness(blank: false)
            case "blank": return .emptiness(blank: true)
            default: return .variable(name)
            }
        case .symbol("("):
            position += 1
            return try nested { (parser: inout Self) throws(DialectError) in
                let start = try parser.filteredExpression()
                if parser.take("..") {
                    let end = try parser.filteredExpression()
                    guard parser.take(")") else { throw parser.error("`)`") }
                    return .range(start, end)
                }
                guard parser.take(")") else { throw parser.error("`)`") }
                return start
            }
        case .symbol("["):
            // `site.data["key"]` needs no literal lists; `["a", "b"]` is Nunjucks.
            position += 1
            var items: [LiquidExpression] = []
            if !take("]") {
                repeat { items.append(try nested { (parser: inout Self) throws(DialectError) in try parser.filteredExpression() }) } while take(",")
                guard take("]") else { throw error("`]`") }
            }
            return .list(items)
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
        func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
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
            let previousIsValue: Bool = {
                switch lexemes.last {
                case .identifier, .string, .integer, .number, .symbol(")"), .symbol("]"): return true
                default: return false
                }
            }()
            if isDigit(byte) || (byte == UInt8(ascii: "-") && !previousIsValue && index + 1 < bytes.count && isDigit(bytes[index + 1])) {
                var end = index + 1
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                var isDecimal = false
                if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), isDigit(bytes[end + 1]) {
                    isDecimal = true
                    end += 1
                    while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                }
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                if !isDecimal, let value = Int(text) {
                    lexemes.append(.integer(value))
                } else {
                    lexemes.append(.number(Double(text) ?? 0))
                }
                index = end
                continue
            }
            if isIdentifierStart(byte) {
                var end = index + 1
                while end < bytes.count,
                      isIdentifierStart(bytes[end]) || isDigit(bytes[end])
                      || (bytes[end] == UInt8(ascii: "-") && end + 1 < bytes.count && !bytes[end + 1].isLiquidWhitespace
                          && bytes[end + 1] != UInt8(ascii: "-") && bytes[end + 1] != UInt8(ascii: "%"))
                {
                    end += 1
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "?") { end += 1 }
                lexemes.append(.identifier(String(decoding: bytes[index..<end], as: UTF8.self)))
                index = end
                continue
            }
            let two = index + 1 < bytes.count ? String(decoding: bytes[index...(index + 1)], as: UTF8.self) : ""
            if ["==", "!=", "<>", "<=", ">=", ".."].contains(two) {
                lexemes.append(.symbol(two))
                index += 2
                continue
            }
            let one = String(decoding: bytes[index...index], as: UTF8.self)
            if "|:,.[]()<>=+-*/%~".contains(one) {
                lexemes.append(.symbol(one))
                index += 1
                continue
            }
            if one == "{" {
                throw DialectError(.unsupported(construct: "object literal"), line: line,
                                   "Object literals (`{ key: value }`, Nunjucks) are not supported in `\(markup)`.")
            }
            throw DialectError(.syntax, line: line, "Unexpected `\(one)` in `\(markup)`.")
        }
        return lexemes
    }
}
