import SitegenLimits
import SitegenTemplates

/// Runs a parsed Go template for one shortcode call: walks the nodes, evaluates pipelines,
/// and writes values escaped for the HTML context they land in.
///
/// One renderer serves one render; it is a class because the store, the variables and the
/// counters are shared by everything the render calls.
final class GoTemplateRenderer {
    let call: HugoShortcodeCall
    private(set) var output = ""
    private var context = GoHTMLContext()
    private var variables: [(name: String, value: GoValue)] = [("$", .shortcode)]
    private var dot: GoValue = .shortcode
    private var iterations = 0
    /// `.Store` and `.Scratch` of the shortcode.
    let shortcodeStore = GoStore()
    /// `.Page.Store` and `.Page.Scratch`: kept for this render only.
    let pageStore = GoStore()

    init(call: HugoShortcodeCall) {
        self.call = call
    }

    private enum Flow {
        case normal, breakLoop, continueLoop
    }

    func render(_ nodes: [GoTemplateNode]) throws(DialectError) {
        // The parser allows `break` and `continue` only inside a range.
        _ = try run(nodes)
    }

    private func run(_ nodes: [GoTemplateNode]) throws(DialectError) -> Flow {
        for node in nodes {
            switch node {
            case .text(let text, let line):
                try append(context.consume(text), line: line)
            case .action(let pipeline):
                let value = try evaluate(pipeline)
                if pipeline.variables.isEmpty { try print(value, line: pipeline.line) }
            case .conditional(let branches, let otherwise):
                let flow = try runConditional(branches, otherwise: otherwise)
                if flow != .normal { return flow }
            case .range(let range):
                let flow = try runRange(range)
                if flow != .normal { return flow }
            case .breakLoop:
                return .breakLoop
            case .continueLoop:
                return .continueLoop
            }
        }
        return .normal
    }

    private func runConditional(_ branches: [GoBranch], otherwise: [GoTemplateNode]?) throws(DialectError) -> Flow {
        // Variables declared in a condition live until the block's `end`.
        let scope = variables.count
        defer { variables.removeSubrange(scope...) }
        for branch in branches {
            let value = try evaluate(branch.condition)
            guard value.isTruthy else { continue }
            if branch.setsDot {
                let saved = dot
                dot = value
                defer { dot = saved }
                return try scoped { () throws(DialectError) in try run(branch.body) }
            }
            return try scoped { () throws(DialectError) in try run(branch.body) }
        }
        guard let otherwise else { return .normal }
        return try scoped { () throws(DialectError) in try run(otherwise) }
    }

    private func scoped(_ body: () throws(DialectError) -> Flow) throws(DialectError) -> Flow {
        let scope = variables.count
        defer { variables.removeSubrange(scope...) }
        return try body()
    }

    private func runRange(_ range: GoRange) throws(DialectError) -> Flow {
        var source = range.pipeline
        let names = source.variables
        let isAssignment = source.isAssignment
        source.variables = []
        let value = try evaluate(source)
        let line = source.line
        var entries: [(key: GoValue, element: GoValue)] = []
        switch value {
        case .null:
            break
        case .list(let list):
            entries = list.items.enumerated().map { (.int($0.offset), $0.element) }
        case .map(let map):
            entries = map.sortedKeys.map { (.text($0), map.entries[$0] ?? .null) }
        case .object(let object):
            guard let dictionary = object as? TemplateDictionary else {
                throw DialectError(.unsupported(construct: "range"), line: line, "This object cannot be ranged over.")
            }
            entries = dictionary.members.keys.sorted().map { (.text($0), GoValue(dictionary.members[$0] ?? .null)) }
        case .int(let count):
            guard count <= Limits.dialectIterations else {
                throw DialectError(.limit, line: line, "A range runs more than \(Limits.dialectIterations) times.")
            }
            entries = count > 0 ? (0..<count).map { (.int($0), .int($0)) } : []
        default:
            throw DialectError(.syntax, line: line, "`range` cannot go over \(value.kindName).")
        }
        if entries.isEmpty {
            guard let otherwise = range.otherwise else { return .normal }
            return try scoped { () throws(DialectError) in try run(otherwise) }
        }
        let saved = dot
        defer { dot = saved }
        for entry in entries {
            iterations += 1
            guard iterations <= Limits.dialectIterations else {
                throw DialectError(.limit, line: line, "Ranges run more than \(Limits.dialectIterations) times in one shortcode.")
            }
            dot = entry.element
            let flow = try scoped { () throws(DialectError) in
                switch names.count {
                case 1: try bind(names[0], to: entry.element, assigning: isAssignment, line: line)
                case 2:
                    try bind(names[0], to: entry.key, assigning: isAssignment, line: line)
                    try bind(names[1], to: entry.element, assigning: isAssignment, line: line)
                default: break
                }
                return try run(range.body)
            }
            if flow == .breakLoop { break }
        }
        return .normal
    }

    private func bind(_ name: String, to value: GoValue, assigning: Bool, line: Int) throws(DialectError) {
        if assigning {
            guard let index = variables.lastIndex(where: { $0.name == name }) else {
                throw DialectError(.syntax, line: line, "`\(name)` is assigned before it is declared with `:=`.")
            }
            variables[index].value = value
        } else {
            variables.append((name, value))
        }
    }

    // MARK: Output

    private func append(_ text: String, line: Int) throws(DialectError) {
        output += text
        guard output.utf8.count <= Limits.dialectOutputBytes else {
            throw DialectError(.limit, line: line, "The shortcode writes more than \(Limits.dialectOutputBytes) bytes.")
        }
    }

    private func print(_ value: GoValue, line: Int) throws(DialectError) {
        let escaped = try escaped(value, line: line)
        try append(escaped, line: line)
        context.wrote(escaped)
    }

    /// `value` as text fit for where the output is.
    private func escaped(_ value: GoValue, line: Int) throws(DialectError) -> String {
        let text: String
        let kind: GoSafeKind?
        if case .safe(let safeText, let safeKind) = value {
            text = safeText
            kind = safeKind
        } else {
            text = try GoFormatter.display(value, line: line)
            kind = nil
        }
        switch context.state {
        case .text, .rawText:
            return kind == .html ? text : GoHTMLEscaping.html(text)
        case .comment:
            return ""
        case .tagName, .endTag:
            return GoHTMLEscaping.attributeName(text)
        case .inTag, .attributeName, .afterAttributeName:
            return kind == .htmlAttribute ? text : GoHTMLEscaping.attributeName(text)
        case .script:
            return try javaScript(value, text: text, kind: kind, line: line)
        case .style:
            return kind == .css ? text : GoHTMLEscaping.cssValue(text)
        case .beforeValue, .value:
            let inner: String
            switch context.attributeKind {
            case .plain:
                inner = kind == .html ? GoHTMLEscaping.strippingTags(text) : text
            case .url:
                if kind == .url {
                    inner = GoHTMLEscaping.normalizedURL(text)
                } else if context.urlPart == .start, !GoHTMLEscaping.isSafeURLStart(text) {
                    inner = "#ZgotmplZ"
                } else {
                    inner = context.urlPart == .query ? GoHTMLEscaping.queryComponent(text) : GoHTMLEscaping.normalizedURL(text)
                }
            case .javaScript:
                inner = try javaScript(value, text: text, kind: kind, line: line)
            case .css:
                inner = kind == .css ? text : GoHTMLEscaping.cssValue(text)
            }
            if case .value(let delimiter) = context.state, delimiter != nil {
                return GoHTMLEscaping.html(inner)
            }
            return GoHTMLEscaping.unquotedAttribute(inner)
        }
    }

    private func javaScript(_ value: GoValue, text: String, kind: GoSafeKind?, line: Int) throws(DialectError) -> String {
        if context.javaScriptQuote != nil { return GoHTMLEscaping.javaScriptString(text) }
        if kind == .javaScript { return text }
        let json: String
        if case .safe = value {
            json = try GoFormatter.json(.text(text), line: line)
        } else {
            json = try GoFormatter.json(value, line: line)
        }
        // Keeps the value from running into a name or number written next to it.
        var padded = json
        if let first = json.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first) {
            padded = " " + padded
        }
        if let last = json.unicodeScalars.last, last.properties.isAlphabetic || ("0"..."9").contains(last) {
            padded += " "
        }
        return padded
    }

    // MARK: Evaluation

    func evaluate(_ pipeline: GoPipeline) throws(DialectError) -> GoValue {
        var value: GoValue?
        for command in pipeline.commands {
            value = try evaluate(command, piped: value)
        }
        let result = value ?? .null
        for name in pipeline.variables {
            try bind(name, to: result, assigning: pipeline.isAssignment, line: pipeline.line)
        }
        return result
    }

    private func evaluate(_ command: GoCommand, piped: GoValue?) throws(DialectError) -> GoValue {
        let line = command.line
        let arguments = Array(command.operands.dropFirst())
        switch command.operands[0] {
        case .function(let name):
            if name == "and" || name == "or" {
                return try logical(name == "and", arguments, piped: piped, line: line)
            }
            var values: [GoValue] = []
            for argument in arguments { values.append(try evaluate(argument, line: line)) }
            if let piped { values.append(piped) }
            return try callFunction(name, values, line: line)
        case .field(let fields):
            return try chain(dot, fields, arguments: arguments, piped: piped, line: line)
        case .variable(let name, let fields):
            return try chain(try variable(name, line: line), fields, arguments: arguments, piped: piped, line: line)
        case .parenthesized(let inner, let fields):
            return try chain(try evaluate(inner), fields, arguments: arguments, piped: piped, line: line)
        case .literal(let value):
            guard arguments.isEmpty, piped == nil else {
                throw DialectError(.syntax, line: line, "A value cannot take arguments or a piped value.")
            }
            return value
        }
    }

    /// `and` and `or` evaluate their arguments only as far as needed, as Go does.
    private func logical(_ isAnd: Bool, _ arguments: [GoOperand], piped: GoValue?, line: Int) throws(DialectError) -> GoValue {
        guard !arguments.isEmpty || piped != nil else {
            throw DialectError(.syntax, line: line, "`\(isAnd ? "and" : "or")` needs at least one argument.")
        }
        var last: GoValue = .null
        for argument in arguments {
            last = try evaluate(argument, line: line)
            if last.isTruthy != isAnd { return last }
        }
        if let piped { last = piped }
        return last
    }

    /// An argument: a function name there is called without arguments, as Go does.
    private func evaluate(_ operand: GoOperand, line: Int) throws(DialectError) -> GoValue {
        switch operand {
        case .function(let name):
            return try callFunction(name, [], line: line)
        case .field(let fields):
            return try chain(dot, fields, arguments: [], piped: nil, line: line)
        case .variable(let name, let fields):
            return try chain(try variable(name, line: line), fields, arguments: [], piped: nil, line: line)
        case .parenthesized(let inner, let fields):
            return try chain(try evaluate(inner), fields, arguments: [], piped: nil, line: line)
        case .literal(let value):
            return value
        }
    }

    private func variable(_ name: String, line: Int) throws(DialectError) -> GoValue {
        guard let found = variables.last(where: { $0.name == name }) else {
            throw DialectError(.syntax, line: line, "`\(name)` is used before it is declared.")
        }
        return found.value
    }

    /// `value.A.B …`; the last name is called as a method when arguments or a piped value come.
    private func chain(
        _ start: GoValue, _ fields: [String], arguments: [GoOperand], piped: GoValue?, line: Int
    ) throws(DialectError) -> GoValue {
        var value = start
        for (position, name) in fields.enumerated() {
            let isLast = position == fields.count - 1
            if isLast, !arguments.isEmpty || piped != nil {
                var values: [GoValue] = []
                for argument in arguments { values.append(try evaluate(argument, line: line)) }
                if let piped { values.append(piped) }
                return try method(name, of: value, values, line: line)
            }
            value = try member(name, of: value, line: line)
        }
        if fields.isEmpty, !arguments.isEmpty || piped != nil {
            throw DialectError(.syntax, line: line, "A value cannot take arguments or a piped value.")
        }
        return value
    }
}
