/// Builds the tree of a Tera shortcode from its tokens.
struct TeraParser: TemplateBlockParsing {
    typealias Token = LiquidScanner.Token

    let tokens: [Token]
    var position = 0
    var depth = 0

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    static func parse(_ source: String) throws(DialectError) -> [TeraNode] {
        var parser = TeraParser(tokens: try LiquidScanner.tokens(of: source, bracesComment: true))
        return try parser.document()
    }

    static func text(_ text: String) -> TeraNode { .text(text) }

    mutating func output(_ markup: String, line: Int) throws(DialectError) -> TeraNode? {
        .output(try Self.expression(markup, line: line), line: line)
    }

    mutating func tag(_ name: String, _ markup: String, line: Int) throws(DialectError) -> TeraNode {
        switch name {
        case "if":
            var branches: [(condition: TeraExpression?, body: [TeraNode], line: Int)] = []
            var condition: TeraExpression? = try Self.expression(markup, line: line)
            var conditionLine = line
            while true {
                let (nodes, closer) = try body(until: ["elif", "else", "endif"], opener: "if", openLine: line)
                branches.append((condition, nodes, conditionLine))
                guard let closer, closer.name != "endif" else { break }
                if condition == nil {
                    throw DialectError(.syntax, line: closer.line, "`{% \(closer.name) %}` comes after `{% else %}`.")
                }
                conditionLine = closer.line
                condition = closer.name == "else" ? nil : try Self.expression(closer.markup, line: closer.line)
            }
            return .branches(branches)
        case "for":
            var parser = try TeraExpressionParser(markup, line: line)
            var key: String?
            var value = try parser.identifier()
            if parser.take(",") {
                key = value
                value = try parser.identifier()
            }
            guard parser.take(keyword: "in") else { throw parser.error("`in`") }
            let collection = try parser.expression()
            try parser.expectEnd()
            let (nodes, closer) = try body(until: ["else", "endfor"], opener: "for", openLine: line)
            var otherwise: [TeraNode]?
            if closer?.name == "else" {
                otherwise = try body(until: ["endfor"], opener: "for", openLine: line).0
            }
            return .loop(TeraLoop(key: key, value: value, collection: collection, body: nodes, otherwise: otherwise, line: line))
        case "break":
            return .breakLoop
        case "continue":
            return .continueLoop
        case "set", "set_global":
            var parser = try TeraExpressionParser(markup, line: line)
            let variable = try parser.identifier()
            guard parser.take("=") else { throw parser.error("`=`") }
            let value = try parser.expression()
            try parser.expectEnd()
            return .set(variable, value, global: name == "set_global", line: line)
        case "elif", "else", "endif", "endfor":
            throw DialectError(.syntax, line: line, "`{% \(name) %}` is outside the block it belongs to.")
        default:
            throw DialectError(.unsupported(construct: "tag \(name)"), line: line,
                               "The Tera tag `{% \(name) %}` is not supported in shortcodes.")
        }
    }

    private static func expression(_ markup: String, line: Int) throws(DialectError) -> TeraExpression {
        var parser = try TeraExpressionParser(markup, line: line)
        let value = try parser.expression()
        try parser.expectEnd()
        return value
    }
}
