import SitegenTemplates

/// Reads the expressions inside Liquid tags: `a.b[0] == "x" and c`, `site.posts | sort: "date"`,
/// `(1..5)`, and the Nunjucks forms Eleventy pages use (`not a`, `count + 1`, `f(x)` filters).
struct LiquidExpressionParser: TemplateExpressionReading {
    let lexemes: [Lexeme]
    var position = 0
    let line: Int
    var depth = 0

    init(_ markup: String, line: Int) throws(DialectError) {
        self.line = line
        lexemes = try TemplateExpressionLexer.lex(markup, line: line, dialect: .liquid)
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
        // A filter sitegen does not run is told when it is called (``LiquidEnvironment/unknownFilter``).
        let name = try identifier()
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
}
