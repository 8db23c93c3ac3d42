import SitegenTemplates

/// Reads the expressions inside Tera tags.
struct TeraExpressionParser: TemplateExpressionReading {
    let lexemes: [Lexeme]
    var position = 0
    let line: Int
    var depth = 0

    init(_ markup: String, line: Int) throws(DialectError) {
        self.line = line
        lexemes = try TemplateExpressionLexer.lex(markup, line: line, dialect: .tera)
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
}
