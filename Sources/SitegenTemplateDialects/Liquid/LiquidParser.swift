import SitegenTemplates

/// Builds the tree of a Liquid template from its tokens, checking that blocks close and that
/// every filter is one sitegen runs.
struct LiquidParser: TemplateBlockParsing {
    typealias Token = LiquidScanner.Token

    let tokens: [Token]
    var position = 0
    var depth = 0
    /// Names `x` with an `{% endx %}` somewhere: unknown tags of these names are paired.
    private let pairedNames: Set<String>

    private init(tokens: [Token]) {
        self.tokens = tokens
        var paired: Set<String> = []
        for token in tokens {
            if case .tag(let name, _, _) = token, name.hasPrefix("end"), name.count > 3 {
                paired.insert(String(name.dropFirst(3)))
            }
        }
        pairedNames = paired
    }

    /// The nodes of `source`.
    static func parse(_ source: String) throws(DialectError) -> [LiquidNode] {
        var parser = LiquidParser(tokens: try LiquidScanner.tokens(of: source))
        return try parser.document()
    }

    static func text(_ text: String) -> LiquidNode { .text(text) }

    mutating func output(_ markup: String, line: Int) throws(DialectError) -> LiquidNode? {
        // `{{ }}` writes nothing, as in Liquid.
        guard !markup.isEmpty else { return nil }
        var expression = try LiquidExpressionParser(markup, line: line)
        let value = try expression.filteredExpression()
        try expression.expectEnd()
        return .output(value, line: line)
    }

    mutating func tag(_ name: String, _ markup: String, line: Int) throws(DialectError) -> LiquidNode {
        switch name {
        case "if", "unless":
            return try conditional(name, markup, line: line)
        case "case":
            return try caseOf(markup, line: line)
        case "for":
            return try loop(markup, line: line)
        case "break":
            return .breakLoop
        case "continue":
            return .continueLoop
        case "assign":
            return try assignment(markup, line: line)
        case "set":
            if (try? TemplateExpressionLexer.lex(markup, line: line, dialect: .liquid))?.contains(.symbol("=")) == true {
                return try assignment(markup, line: line)
            }
            let variable = try captureName(markup, line: line)
            let (body, _) = try body(until: ["endset"], opener: "set", openLine: line)
            return .capture(variable, body)
        case "capture":
            let variable = try captureName(markup, line: line)
            let (body, _) = try body(until: ["endcapture"], opener: "capture", openLine: line)
            return .capture(variable, body)
        case "increment", "decrement":
            var parser = try LiquidExpressionParser(markup, line: line)
            let variable = try parser.identifier()
            try parser.expectEnd()
            return .increment(variable, by: name == "increment" ? 1 : -1)
        case "cycle":
            return try cycle(markup, line: line)
        // jekyll-include-cache's `include_cached` gives what `include` gives, made once where the environment keeps it.
        case "include", "include_relative", "include_cached":
            var node = try include(markup, line: line, relative: name == "include_relative")
            if name == "include_cached", case .include(var include) = node {
                include.isCached = true
                node = .include(include)
            }
            return node
        case "echo":
            var parser = try LiquidExpressionParser(markup, line: line)
            let value = try parser.filteredExpression()
            try parser.expectEnd()
            return .output(value, line: line)
        case "highlight":
            let words = markup.split(whereSeparator: \.isLiquidWhitespace)
            guard let first = words.first else {
                throw DialectError(.syntax, line: line, "`{% highlight %}` needs a language.")
            }
            let language = first.trimmingCharacters(in: "\"'")
            let options = words.dropFirst().joined(separator: " ")
            let (body, _) = try body(until: ["endhighlight"], opener: "highlight", openLine: line)
            return .highlight(language: language, options: options, body: body, line: line)
        case "elsif", "elif", "else", "when", "endif", "endunless", "endcase", "endfor", "endcapture", "endset",
             "endhighlight":
            throw DialectError(.syntax, line: line, "`{% \(name) %}` is outside the block it belongs to.")
        case "liquid", "render", "tablerow", "ifchanged", "layout", "block", "extends", "macro", "import", "from":
            throw DialectError(.unsupported(construct: "tag \(name)"), line: line, "The Liquid tag `\(name)` is not supported.")
        default:
            if pairedNames.contains(name) {
                let (body, _) = try body(until: ["end" + name], opener: name, openLine: line)
                return .customBlock(name: name, argument: markup, body: body, line: line)
            }
            return .custom(name: name, argument: markup, line: line)
        }
    }

    private mutating func conditional(_ name: String, _ markup: String, line: Int) throws(DialectError) -> LiquidNode {
        var branches: [LiquidBranch] = []
        var condition: LiquidExpression? = try Self.condition(markup, line: line)
        var conditionLine = line
        if name == "unless", let negated = condition { condition = .not(negated) }
        let end = "end" + name
        var sawElse = false
        while true {
            let (nodes, closer) = try body(until: ["elsif", "elif", "else", end], opener: name, openLine: line)
            branches.append(LiquidBranch(condition: condition, body: nodes, line: conditionLine))
            guard let closer, closer.name != end else { break }
            if sawElse {
                throw DialectError(.syntax, line: closer.line, "`{% \(closer.name) %}` comes after `{% else %}`.")
            }
            conditionLine = closer.line
            if closer.name == "else" {
                sawElse = true
                condition = nil
            } else {
                condition = try Self.condition(closer.markup, line: closer.line)
            }
        }
        return .branches(branches)
    }

    private static func condition(_ markup: String, line: Int) throws(DialectError) -> LiquidExpression {
        var parser = try LiquidExpressionParser(markup, line: line)
        let condition = try parser.filteredExpression()
        try parser.expectEnd()
        return condition
    }

    private mutating func caseOf(_ markup: String, line: Int) throws(DialectError) -> LiquidNode {
        let subject = try Self.condition(markup, line: line)
        // What comes before the first `when` is ignored, as in Liquid.
        var (_, closer) = try body(until: ["when", "else", "endcase"], opener: "case", openLine: line)
        var whens: [([LiquidExpression], [LiquidNode])] = []
        var otherwise: [LiquidNode]?
        while let current = closer, current.name != "endcase" {
            let (nodes, next) = try body(until: ["when", "else", "endcase"], opener: "case", openLine: line)
            if current.name == "else" {
                otherwise = nodes
            } else {
                var parser = try LiquidExpressionParser(current.markup, line: current.line)
                var values: [LiquidExpression] = []
                repeat { values.append(try parser.additive()) } while parser.take(",") || parser.take(keyword: "or")
                try parser.expectEnd()
                whens.append((values, nodes))
            }
            closer = next
        }
        return .caseOf(subject, whens: whens, otherwise: otherwise)
    }

    private mutating func loop(_ markup: String, line: Int) throws(DialectError) -> LiquidNode {
        var parser = try LiquidExpressionParser(markup, line: line)
        var variables = [try parser.identifier()]
        while parser.take(",") { variables.append(try parser.identifier()) }
        guard parser.take(keyword: "in") else { throw parser.error("`in`") }
        let collection = try parser.filteredExpression()
        var loop = LiquidLoop(variables: variables, collection: collection, limit: nil, offset: nil, reversed: false,
                              body: [], otherwise: nil, line: line)
        while !parser.isAtEnd {
            if parser.take(keyword: "reversed") { loop.reversed = true; continue }
            if parser.take(","){ continue }
            let option = try parser.identifier()
            guard parser.take(":") else { throw parser.error("`:` after `\(option)`") }
            let value = try parser.additive()
            switch option {
            case "limit": loop.limit = value
            case "offset": loop.offset = value
            default: throw DialectError(.unsupported(construct: "for \(option)"), line: line, "`for` has no option `\(option)`.")
            }
        }
        let (body, closer) = try body(until: ["else", "endfor"], opener: "for", openLine: line)
        loop.body = body
        if closer?.name == "else" {
            loop.otherwise = try self.body(until: ["endfor"], opener: "for", openLine: line).0
        }
        return .loop(loop)
    }

    private func assignment(_ markup: String, line: Int) throws(DialectError) -> LiquidNode {
        var parser = try LiquidExpressionParser(markup, line: line)
        let variable = try parser.identifier()
        guard parser.take("=") else { throw parser.error("`=`") }
        let value = try parser.filteredExpression()
        try parser.expectEnd()
        return .assign(variable, value, line: line)
    }

    private func captureName(_ markup: String, line: Int) throws(DialectError) -> String {
        var parser = try LiquidExpressionParser(markup, line: line)
        let variable: String
        if case .string(let quoted) = parser.current {
            parser.advance()
            variable = quoted
        } else {
            variable = try parser.identifier()
        }
        try parser.expectEnd()
        return variable
    }

    private func cycle(_ markup: String, line: Int) throws(DialectError) -> LiquidNode {
        var parser = try LiquidExpressionParser(markup, line: line)
        var values: [LiquidExpression] = []
        var group = markup
        repeat {
            let value = try parser.additive()
            if values.isEmpty, parser.take(":") {
                group = "group " + markup.prefix(while: { $0 != ":" })
                continue
            }
            values.append(value)
        } while parser.take(",") || (values.isEmpty && !parser.isAtEnd)
        try parser.expectEnd()
        return .cycle(group: group, values: values)
    }

    private func include(_ markup: String, line: Int, relative: Bool) throws(DialectError) -> LiquidNode {
        let nameSource: String
        var rest: Substring
        if let quote = markup.first, quote == "\"" || quote == "'" {
            let afterQuote = markup.dropFirst()
            guard let end = afterQuote.firstIndex(of: quote) else {
                throw DialectError(.syntax, line: line, "The name in `{% include \(markup) %}` is never closed.")
            }
            nameSource = String(afterQuote[..<end])
            rest = afterQuote[afterQuote.index(after: end)...]
        } else {
            // A word, whose outputs may hold blanks (`home/{{ example }}.html`).
            var end = markup.startIndex
            while end < markup.endIndex, !markup[end].isLiquidWhitespace {
                if markup[end...].hasPrefix("{{"), let close = markup[end...].range(of: "}}") {
                    end = close.upperBound
                } else {
                    end = markup.index(after: end)
                }
            }
            nameSource = String(markup[..<end])
            rest = markup[end...]
        }
        guard !nameSource.isEmpty else {
            throw DialectError(.syntax, line: line, "`{% include %}` needs the name of a file.")
        }
        var nameParser = LiquidParser(tokens: try LiquidScanner.tokens(of: nameSource))
        let name = try nameParser.body(until: []).0
        var parameters: [(String, LiquidExpression)] = []
        let (markupLeft, escaped) = Self.escapedStrings(in: rest)
        var parser = try LiquidExpressionParser(markupLeft, line: line)
        while !parser.isAtEnd {
            if parser.take(",") { continue }
            if parser.take(keyword: "with") || parser.take(keyword: "for") || parser.take(keyword: "ignore") {
                throw DialectError(.unsupported(construct: "include with"), line: line,
                                   "`{% include \(markup) %}`: only `key=value` parameters are supported.")
            }
            let key = try parser.identifier()
            guard parser.take("=") || parser.take(":") else { throw parser.error("`=` after `\(key)`") }
            var value = try parser.additive()
            if case .variable(let name) = value, let text = escaped[name] { value = .literal(.text(text)) }
            parameters.append((key, value))
        }
        return .include(LiquidInclude(name: name, parameters: parameters, line: line, isRelative: relative))
    }

    /// `markup` (an include's parameters) with each quoted value that holds its own quote
    /// escaped (`anchor="<a href=\"#x\">"`, which Jekyll's include reads as `<a href="#x">`)
    /// put as a name, and each such name's text. Other quoted values stay as Liquid reads them.
    private static func escapedStrings(in markup: Substring) -> (String, [String: String]) {
        guard markup.contains("\\") else { return (String(markup), [:]) }
        var result = ""
        var texts: [String: String] = [:]
        var index = markup.startIndex
        while index < markup.endIndex {
            let character = markup[index]
            guard character == "\"" || character == "'" else {
                result.append(character)
                index = markup.index(after: index)
                continue
            }
            // The quoted text up to the quote not led by a backslash.
            var end = markup.index(after: index)
            var text = "", escapesQuote = false
            while end < markup.endIndex, markup[end] != character {
                if markup[end] == "\\", markup.index(after: end) < markup.endIndex {
                    let next = markup[markup.index(after: end)]
                    if next == character { escapesQuote = true; text.append(next) } else { text.append("\\"); text.append(next) }
                    end = markup.index(end, offsetBy: 2)
                } else {
                    text.append(markup[end])
                    end = markup.index(after: end)
                }
            }
            guard end < markup.endIndex else {
                result += markup[index...]
                break
            }
            if escapesQuote {
                let name = "sitegen_escaped_text_\(texts.count)"
                texts[name] = text
                result += name
            } else {
                result += markup[index...end]
            }
            index = markup.index(after: end)
        }
        return (result, texts)
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let trimmed = drop(while: { set.contains($0) })
        var end = trimmed.endIndex
        while end > trimmed.startIndex, set.contains(trimmed[trimmed.index(before: end)]) {
            end = trimmed.index(before: end)
        }
        return String(trimmed[..<end])
    }
}
