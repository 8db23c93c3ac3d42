import SitegenLimits

/// Reads the items of a Go template into nodes, checking every function and field against
/// what ``GoTemplateRenderer`` runs, so a template it cannot run fails before it runs.
struct GoTemplateParser {
    private typealias Token = GoTemplateLexer.Token

    private let items: [GoTemplateLexer.Item]
    private var index = 0

    init(items: [GoTemplateLexer.Item]) {
        self.items = items
    }

    /// The template's nodes.
    mutating func parse() throws(DialectError) -> [GoTemplateNode] {
        let (nodes, ending) = try parseList(depth: 0, insideRange: false)
        if let ending {
            throw DialectError(.syntax, line: ending.line, "`{{ \(ending.word) }}` has no block to close.")
        }
        return nodes
    }

    /// The word that ended a list of nodes: `end`, `else` (with what follows it), on its line.
    private struct Ending {
        var word: String
        var tokens: ArraySlice<Token>
        var line: Int
    }

    /// Nodes up to an `end` or `else` (returned) or the end of the template (`nil`).
    private mutating func parseList(depth: Int, insideRange: Bool) throws(DialectError) -> ([GoTemplateNode], Ending?) {
        var nodes: [GoTemplateNode] = []
        while index < items.count {
            let item = items[index]
            index += 1
            switch item {
            case .text(let text, let line):
                nodes.append(.text(text, line: line))
            case .action(let tokens, let line):
                guard let first = tokens.first else {
                    throw DialectError(.syntax, line: line, "An action `{{ }}` is empty.")
                }
                guard case .identifier(let word) = first.kind else {
                    nodes.append(.action(try pipeline(tokens[...], line: line, depth: depth, allowsDeclaration: true)))
                    continue
                }
                switch word {
                case "end", "else":
                    return (nodes, Ending(word: word, tokens: tokens.dropFirst(), line: line))
                case "if", "with":
                    nodes.append(try conditional(setsDot: word == "with", tokens.dropFirst(), line: line, depth: depth + 1, insideRange: insideRange))
                case "range":
                    nodes.append(try range(tokens.dropFirst(), line: line, depth: depth + 1, insideRange: insideRange))
                case "break", "continue":
                    guard tokens.count == 1 else {
                        throw DialectError(.syntax, line: line, "`{{ \(word) }}` takes nothing after it.")
                    }
                    guard insideRange else {
                        throw DialectError(.syntax, line: line, "`{{ \(word) }}` is only allowed inside a `range`.")
                    }
                    nodes.append(word == "break" ? .breakLoop(line: line) : .continueLoop(line: line))
                case "define", "template", "block":
                    throw DialectError(.unsupported(construct: word), line: line, "`{{ \(word) }}` is not supported in shortcodes.")
                default:
                    nodes.append(.action(try pipeline(tokens[...], line: line, depth: depth, allowsDeclaration: true)))
                }
            }
        }
        return (nodes, nil)
    }

    private func checkDepth(_ depth: Int, line: Int) throws(DialectError) {
        guard depth <= Limits.dialectNesting else {
            throw DialectError(.limit, line: line, "Blocks and parentheses nest deeper than \(Limits.dialectNesting).")
        }
    }

    /// `if`/`with` and its `else if`, `else with` and `else`, up to the `end`.
    private mutating func conditional(
        setsDot: Bool, _ tokens: ArraySlice<Token>, line: Int, depth: Int, insideRange: Bool
    ) throws(DialectError) -> GoTemplateNode {
        try checkDepth(depth, line: line)
        var branches: [GoBranch] = []
        var setsDot = setsDot
        var conditionTokens = tokens
        var conditionLine = line
        while true {
            let condition = try pipeline(conditionTokens, line: conditionLine, depth: depth, allowsDeclaration: true)
            let (body, ending) = try parseList(depth: depth, insideRange: insideRange)
            branches.append(GoBranch(setsDot: setsDot, condition: condition, body: body))
            guard let ending else {
                throw DialectError(.syntax, line: line, "`{{ \(setsDot ? "with" : "if") }}` has no `{{ end }}`.")
            }
            if ending.word == "end" {
                try expectNothing(after: ending)
                return .conditional(branches, otherwise: nil)
            }
            // `else`, `else if …` or `else with …`.
            if case .identifier(let next)? = ending.tokens.first?.kind, next == "if" || next == "with" {
                setsDot = next == "with"
                conditionTokens = ending.tokens.dropFirst()
                conditionLine = ending.line
                continue
            }
            try expectNothing(after: ending)
            let (otherwise, last) = try parseList(depth: depth, insideRange: insideRange)
            guard let last, last.word == "end" else {
                throw DialectError(.syntax, line: ending.line, "`{{ else }}` has no `{{ end }}`.")
            }
            try expectNothing(after: last)
            return .conditional(branches, otherwise: otherwise)
        }
    }

    private mutating func range(_ tokens: ArraySlice<Token>, line: Int, depth: Int, insideRange: Bool) throws(DialectError) -> GoTemplateNode {
        try checkDepth(depth, line: line)
        let source = try pipeline(tokens, line: line, depth: depth, allowsDeclaration: true, allowsTwoVariables: true)
        let (body, ending) = try parseList(depth: depth, insideRange: true)
        guard let ending else { throw DialectError(.syntax, line: line, "`{{ range }}` has no `{{ end }}`.") }
        try expectNothing(after: ending)
        if ending.word == "end" { return .range(GoRange(pipeline: source, body: body, otherwise: nil)) }
        let (otherwise, last) = try parseList(depth: depth, insideRange: insideRange)
        guard let last, last.word == "end" else {
            throw DialectError(.syntax, line: ending.line, "`{{ else }}` of a range has no `{{ end }}`.")
        }
        try expectNothing(after: last)
        return .range(GoRange(pipeline: source, body: body, otherwise: otherwise))
    }

    private func expectNothing(after ending: Ending) throws(DialectError) {
        guard ending.tokens.isEmpty else {
            throw DialectError(.syntax, line: ending.line, "Unexpected words after `{{ \(ending.word) }}`.")
        }
    }

    // MARK: Pipelines

    private func pipeline(
        _ tokens: ArraySlice<Token>, line: Int, depth: Int, allowsDeclaration: Bool, allowsTwoVariables: Bool = false
    ) throws(DialectError) -> GoPipeline {
        var rest = tokens
        var variables: [String] = []
        var isAssignment = false
        if allowsDeclaration, let declared = declaration(in: tokens) {
            variables = declared.variables
            isAssignment = declared.isAssignment
            rest = tokens.dropFirst(declared.length)
            if variables.count > 1, !allowsTwoVariables {
                throw DialectError(.syntax, line: line, "Only `range` declares two variables at once.")
            }
        }
        var cursor = rest.startIndex
        let result = try commands(rest, cursor: &cursor, line: line, depth: depth)
        guard cursor == rest.endIndex else {
            throw DialectError(.syntax, line: rest[cursor].line, "Unexpected `)` in an action.")
        }
        return GoPipeline(variables: variables, isAssignment: isAssignment, commands: result, line: line)
    }

    /// `$x :=`, `$x =` or `$i, $e :=` at the start of `tokens`.
    private func declaration(in tokens: ArraySlice<Token>) -> (variables: [String], isAssignment: Bool, length: Int)? {
        let start = tokens.startIndex
        guard tokens.count >= 2, case .variable(let first) = tokens[start].kind else { return nil }
        switch tokens[start + 1].kind {
        case .declare: return ([first], false, 2)
        case .assign: return ([first], true, 2)
        case .comma:
            guard tokens.count >= 4, case .variable(let second) = tokens[start + 2].kind else { return nil }
            switch tokens[start + 3].kind {
            case .declare: return ([first, second], false, 4)
            case .assign: return ([first, second], true, 4)
            default: return nil
            }
        default: return nil
        }
    }

    /// Commands joined by `|`, up to the end of `tokens` or an unmatched `)` (left at `cursor`).
    private func commands(
        _ tokens: ArraySlice<Token>, cursor: inout Int, line: Int, depth: Int
    ) throws(DialectError) -> [GoCommand] {
        var result: [GoCommand] = []
        while true {
            var operands: [GoOperand] = []
            let commandLine = cursor < tokens.endIndex ? tokens[cursor].line : line
            while cursor < tokens.endIndex {
                let token = tokens[cursor]
                if token.kind == .pipe || token.kind == .rightParen { break }
                operands.append(try operand(tokens, cursor: &cursor, depth: depth))
            }
            guard !operands.isEmpty else {
                // Go accepts a `|` with nothing after it at the end of a pipeline.
                if !result.isEmpty { return result }
                throw DialectError(.syntax, line: commandLine, "An action or a `|` is missing a command.")
            }
            if operands.count > 1 {
                // Only functions and methods (a field chain's last name) take arguments.
                switch operands[0] {
                case .function: break
                case .field(let fields) where !fields.isEmpty: break
                case .variable(_, let fields) where !fields.isEmpty: break
                case .parenthesized(_, let fields) where !fields.isEmpty: break
                default:
                    throw DialectError(.syntax, line: commandLine, "Only a function or a method takes arguments.")
                }
            }
            result.append(GoCommand(operands: operands, line: commandLine))
            guard cursor < tokens.endIndex, tokens[cursor].kind == .pipe else { return result }
            cursor += 1
        }
    }

    private func operand(_ tokens: ArraySlice<Token>, cursor: inout Int, depth: Int) throws(DialectError) -> GoOperand {
        let token = tokens[cursor]
        cursor += 1
        switch token.kind {
        case .identifier(let name):
            switch name {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "nil": return .literal(.null)
            default:
                if GoFunctions.supported.contains(name) { return .function(name) }
                // `site.Params.x`: a function without arguments, then fields of its value.
                let parts = name.split(separator: ".").map(String.init)
                if parts.count > 1, GoFunctions.takingNoArguments.contains(parts[0]) {
                    let call = GoPipeline(commands: [GoCommand(operands: [.function(parts[0])], line: token.line)], line: token.line)
                    let fields = try chain(starting: Array(parts.dropFirst()), tokens, cursor: &cursor)
                    return .parenthesized(call, fields: fields)
                }
                let shown = GoFunctions.supported.contains(parts[0]) || parts.count == 1 ? name : parts.prefix(2).joined(separator: ".")
                throw DialectError(.unsupported(construct: shown), line: token.line,
                                   "The function `\(shown)` is not supported in shortcodes.")
            }
        case .string(let text):
            return .literal(.text(text))
        case .number(.int(let value)):
            return .literal(.int(value))
        case .number(.double(let value)):
            return .literal(.double(value))
        case .dot:
            return .field([])
        case .field(let first):
            return .field(try chain(starting: [first], tokens, cursor: &cursor))
        case .variable(let name):
            return .variable(name, fields: try chain(starting: [], tokens, cursor: &cursor))
        case .leftParen:
            try checkDepth(depth + 1, line: token.line)
            let inner = try commands(tokens, cursor: &cursor, line: token.line, depth: depth + 1)
            guard cursor < tokens.endIndex, tokens[cursor].kind == .rightParen else {
                throw DialectError(.syntax, line: token.line, "A `(` is not closed with `)`.")
            }
            cursor += 1
            let fields = try chain(starting: [], tokens, cursor: &cursor)
            return .parenthesized(GoPipeline(commands: inner, line: token.line), fields: fields)
        case .rightParen, .pipe, .declare, .assign, .comma:
            throw DialectError(.syntax, line: token.line, "Unexpected punctuation in an action.")
        }
    }

    /// `.A.B` written right after a value, each field checked.
    private func chain(starting fields: [String], _ tokens: ArraySlice<Token>, cursor: inout Int) throws(DialectError) -> [String] {
        var fields = fields
        while cursor < tokens.endIndex, !tokens[cursor].spaced, case .field(let name) = tokens[cursor].kind {
            fields.append(name)
            cursor += 1
        }
        for field in fields where GoFunctions.unsupportedFields.contains(field) {
            throw DialectError(.unsupported(construct: "." + field), line: tokens[cursor - 1].line,
                               "The field `.\(field)` is not supported in shortcodes.")
        }
        return fields
    }
}
