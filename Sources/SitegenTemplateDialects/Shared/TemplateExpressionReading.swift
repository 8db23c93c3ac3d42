import SitegenLimits

/// The cursor the Liquid and Tera expression parsers move over their lexemes: taking symbols
/// and names, errors that say what was found instead, and the bound on how deep an
/// expression nests. Each parser adds its own grammar.
protocol TemplateExpressionReading {
    typealias Lexeme = TemplateExpressionLexer.Lexeme

    var lexemes: [Lexeme] { get }
    var position: Int { get set }
    var line: Int { get }
    /// How many `nested` calls are open.
    var depth: Int { get set }
}

extension TemplateExpressionReading {
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

    /// Runs `body` one level deeper, failing past `Limits.dialectNesting`: the grammar recurses
    /// on brackets and operators, and a hostile tag may nest them without end.
    mutating func nested<Result>(_ body: (inout Self) throws(DialectError) -> Result) throws(DialectError) -> Result {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.dialectNesting else {
            throw DialectError(.limit, line: line, "An expression nests deeper than \(Limits.dialectNesting) levels.")
        }
        return try body(&self)
    }
}
