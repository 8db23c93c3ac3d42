import SitegenLimits
import SitegenTemplates

/// The state of one render of a Liquid template: its variables, counters, includes and the
/// counts kept against the limits.
final class LiquidRenderer {
    private enum Interruption { case breakLoop, continueLoop }

    let environment: LiquidEnvironment
    private let variables: [String: TemplateValue]
    private var assigned: [String: TemplateValue] = [:]
    private var scopes: [[String: TemplateValue]] = []
    private var counters: [String: Int] = [:]
    private var cycles: [String: Int] = [:]
    private var interruption: Interruption?
    private var iterations = 0
    private var written = 0
    private var depth = 0
    /// The line of the node being rendered, for errors.
    private var currentLine = 1
    private var includeChain: [String] = []
    private var parsedIncludes: [String: [LiquidNode]] = [:]
    /// Shared with the filters this render runs.
    let budget = ValueWalkBudget(Limits.dialectWalkedValues)

    init(variables: [String: TemplateValue], environment: LiquidEnvironment) {
        self.variables = variables
        self.environment = environment
    }

    // MARK: Nodes

    func render(_ nodes: [LiquidNode], into output: inout String) throws(DialectError) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.dialectNesting + 1 else {
            throw DialectError(.limit, line: currentLine, "Blocks and includes nest deeper than \(Limits.dialectNesting) levels.")
        }
        for node in nodes {
            try render(node, into: &output)
            try budget.check(line: currentLine)
            if interruption != nil { return }
        }
    }

    private func render(_ node: LiquidNode, into output: inout String) throws(DialectError) {
        if let line = node.line { currentLine = line }
        switch node {
        case .text(let text):
            try emit(text, into: &output)
        case .output(let expression, let line):
            try emit(try evaluate(expression, line: line).liquidText(budget), into: &output)
        case .branches(let branches):
            for branch in branches {
                currentLine = branch.line
                if let condition = branch.condition, !(try evaluate(condition, line: currentLine).isLiquidTruthy) { continue }
                try render(branch.body, into: &output)
                break
            }
        case .caseOf(let subject, let whens, let otherwise):
            let value = try evaluate(subject, line: currentLine)
            var matched = false
            for (candidates, body) in whens {
                for candidate in candidates where try matches(value, candidate) {
                    matched = true
                    try render(body, into: &output)
                    break
                }
            }
            if !matched, let otherwise { try render(otherwise, into: &output) }
        case .loop(let loop):
            try render(loop, into: &output)
        case .breakLoop:
            interruption = .breakLoop
        case .continueLoop:
            interruption = .continueLoop
        case .assign(let name, let expression, _):
            assigned[name] = try evaluate(expression, line: currentLine)
        case .capture(let name, let body):
            var captured = ""
            try render(body, into: &captured)
            assigned[name] = .text(captured)
        case .increment(let name, let step):
            let current = counters[name] ?? 0
            if step > 0 {
                try emit(String(current), into: &output)
                counters[name] = current + 1
            } else {
                counters[name] = current - 1
                try emit(String(current - 1), into: &output)
            }
        case .cycle(let group, let values):
            guard !values.isEmpty else { return }
            let turn = cycles[group] ?? 0
            cycles[group] = (turn + 1) % values.count
            try emit(try evaluate(values[turn % values.count], line: currentLine).liquidText(budget), into: &output)
        case .include(let include):
            try render(include, into: &output)
        case .highlight(let language, let options, let body, _):
            var code = ""
            try render(body, into: &code)
            let trimmed = code.drop(while: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            var end = trimmed.endIndex
            while end > trimmed.startIndex, "\n\r\r\n".contains(trimmed[trimmed.index(before: end)]) {
                end = trimmed.index(before: end)
            }
            try emit(environment.highlight(String(trimmed[..<end]), language, options), into: &output)
        case .custom(let name, let argument, let line):
            let expanded = try expand(argument, line: line)
            guard let text = environment.tag(name, expanded) else {
                guard let unknownTag = environment.unknownTag else {
                    throw DialectError(.unsupported(construct: "tag \(name)"), line: line, "The tag `{% \(name) %}` is not supported.")
                }
                unknownTag(name, line)
                try emit(Self.written(name, argument), into: &output)
                break
            }
            try emit(text, into: &output)
        case .customBlock(let name, let argument, let body, let line):
            var inner = ""
            try render(body, into: &inner)
            guard let text = environment.block(name, try expand(argument, line: line), inner) else {
                guard let unknownTag = environment.unknownTag else {
                    throw DialectError(.unsupported(construct: "tag \(name)"), line: line,
                                       "The paired tag `{% \(name) %}…{% end\(name) %}` is not supported.")
                }
                // A plugin's paired tag: written as it stands around its body, whose Liquid runs.
                unknownTag(name, line)
                try emit(Self.written(name, argument) + inner + Self.written("end" + name, ""), into: &output)
                break
            }
            try emit(text, into: &output)
        }
    }

    /// The tag `name` with `argument` as a template writes it (`{% gist 123 %}`), for one
    /// sitegen does not run.
    private static func written(_ name: String, _ argument: String) -> String {
        let argument = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        return "{% " + name + (argument.isEmpty ? "" : " " + argument) + " %}"
    }

    private func matches(_ value: TemplateValue, _ candidate: LiquidExpression) throws(DialectError) -> Bool {
        try compare(.equal, value, evaluate(candidate, line: currentLine), candidate)
    }

    /// A tag's argument with its `{{ … }}` rendered (`{% link {{ page.path }} %}`).
    private func expand(_ argument: String, line: Int) throws(DialectError) -> String {
        guard argument.contains("{{") else { return argument }
        var text = ""
        try render(try LiquidParser.parse(argument), into: &text)
        return text
    }

    private func render(_ loop: LiquidLoop, into output: inout String) throws(DialectError) {
        var items: [TemplateValue]
        if case .range(let start, let end) = loop.collection {
            items = try rangeItems(start, end, line: loop.line)
        } else {
            items = try evaluate(loop.collection, line: loop.line).liquidLoopItems
        }
        if let offsetExpression = loop.offset {
            let offset = max(0, try evaluate(offsetExpression, line: loop.line).liquidInteger ?? 0)
            items = Array(items.dropFirst(offset))
        }
        if let limitExpression = loop.limit {
            items = Array(items.prefix(max(0, try evaluate(limitExpression, line: loop.line).liquidInteger ?? 0)))
        }
        if loop.reversed { items.reverse() }
        guard !items.isEmpty else {
            if let otherwise = loop.otherwise { try render(otherwise, into: &output) }
            return
        }
        let parent = scopes.last?["forloop"] ?? .null
        for (index, item) in items.enumerated() {
            iterations += 1
            guard iterations <= Limits.dialectIterations else {
                throw DialectError(.limit, line: loop.line, "Loops ran more than \(Limits.dialectIterations) times.")
            }
            let counter: TemplateValue = .object(TemplateDictionary([
                "index": .int(index + 1), "index0": .int(index), "rindex": .int(items.count - index),
                "rindex0": .int(items.count - index - 1), "first": .bool(index == 0),
                "last": .bool(index == items.count - 1), "length": .int(items.count), "parentloop": parent,
                "revindex": .int(items.count - index), "revindex0": .int(items.count - index - 1),
            ]))
            var scope: [String: TemplateValue] = ["forloop": counter, "loop": counter]
            if loop.variables.count == 1 {
                scope[loop.variables[0]] = item
            } else {
                let parts = item.liquidItems
                for (position, name) in loop.variables.enumerated() {
                    scope[name] = position < parts.count ? parts[position] : .null
                }
            }
            scopes.append(scope)
            defer { scopes.removeLast() }
            try render(loop.body, into: &output)
            if interruption == .breakLoop {
                interruption = nil
                break
            }
            interruption = nil
        }
    }

    private func rangeItems(_ start: LiquidExpression, _ end: LiquidExpression, line: Int) throws(DialectError) -> [TemplateValue] {
        let first = try evaluate(start, line: line).liquidInteger ?? 0
        let last = try evaluate(end, line: line).liquidInteger ?? 0
        guard first <= last else { return [] }
        let (count, overflow) = last.subtractingReportingOverflow(first)
        guard !overflow, count < Limits.dialectIterations else {
            throw DialectError(.limit, line: line, "The range (\(first)..\(last)) has more than \(Limits.dialectIterations) numbers.")
        }
        return (first...last).map { .int($0) }
    }

    private func render(_ include: LiquidInclude, into output: inout String) throws(DialectError) {
        var name = ""
        try render(include.name, into: &name)
        name = name.trimmingLiquidWhitespace()
        if includeChain.count >= Limits.includeDepth {
            let chain = (includeChain + [name]).joined(separator: " → ")
            let message = includeChain.contains(name)
                ? "The include `\(name)` includes itself: \(chain)."
                : "Includes nest deeper than \(Limits.includeDepth) levels: \(chain)."
            throw DialectError(.limit, line: include.line, message)
        }
        // A relative include and an `_includes/` file of one name are two files.
        let key = (include.isRelative ? "./" : "") + name
        let nodes: [LiquidNode]
        if let parsed = parsedIncludes[key] {
            nodes = parsed
        } else {
            guard let source = include.isRelative ? environment.includeRelative(name) : environment.include(name) else {
                throw DialectError(.syntax, line: include.line, "The include `\(name)` does not exist.")
            }
            do {
                nodes = try LiquidParser.parse(source)
            } catch {
                throw DialectError(error.kind, line: include.line, "In the include `\(name)`, line \(error.line): \(error.message)")
            }
            parsedIncludes[key] = nodes
        }
        var parameters: [String: TemplateValue] = [:]
        for (key, expression) in include.parameters {
            parameters[key] = try evaluate(expression, line: include.line)
        }
        // A cached include's output is made once for its name and parameters (plain values only).
        var cacheKey: String?
        if include.isCached, let cache = environment.includeCache {
            cacheKey = Self.cacheKey(key, parameters)
            if let cacheKey, let kept = cache.output(for: cacheKey) {
                try emit(kept, into: &output)
                return
            }
        }
        let start = output.endIndex
        scopes.append(["include": .object(TemplateDictionary(parameters))])
        includeChain.append(name)
        defer {
            scopes.removeLast()
            includeChain.removeLast()
        }
        do {
            try render(nodes, into: &output)
        } catch {
            if error.kind == .limit, error.message.hasPrefix("The include `") || error.message.hasPrefix("Includes nest") {
                throw DialectError(error.kind, line: include.line, error.message)
            }
            throw DialectError(error.kind, line: include.line, "In the include `\(name)`, line \(error.line): \(error.message)")
        }
        if let cacheKey, let cache = environment.includeCache { cache.keep(String(output[start...]), for: cacheKey) }
    }

    /// The key a cached include's output is kept by: its name and its parameters' plain values;
    /// `nil` (not cached) when a parameter is a list or an object.
    private static func cacheKey(_ name: String, _ parameters: [String: TemplateValue]) -> String? {
        var key = name
        for (parameter, value) in parameters.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .null: key += "\u{0}" + parameter + "\u{1}n"
            case .bool(let bool): key += "\u{0}" + parameter + "\u{1}b" + (bool ? "1" : "0")
            case .int(let int): key += "\u{0}" + parameter + "\u{1}i" + String(int)
            case .double(let double): key += "\u{0}" + parameter + "\u{1}d" + String(double)
            case .text(let text): key += "\u{0}" + parameter + "\u{1}t" + text
            case .list, .object: return nil
            }
        }
        return key
    }

    private func emit(_ text: String, into output: inout String) throws(DialectError) {
        written += text.utf8.count
        guard written <= Limits.dialectOutputBytes else {
            throw DialectError(.limit, line: currentLine, "The output is larger than \(Limits.dialectOutputBytes) bytes.")
        }
        output += text
    }

    // MARK: Expressions

    func lookup(_ name: String) -> TemplateValue {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return assigned[name] ?? variables[name] ?? .null
    }

    /// `variables` seen through `scope` first: `where_exp`'s item.
    func evaluate(_ expression: LiquidExpression, with scope: [String: TemplateValue], line: Int) throws(DialectError) -> TemplateValue {
        scopes.append(scope)
        defer { scopes.removeLast() }
        return try evaluate(expression, line: line)
    }

    func evaluate(_ expression: LiquidExpression, line: Int) throws(DialectError) -> TemplateValue {
        switch expression {
        case .literal(let value):
            return value
        case .emptiness:
            return .text("")
        case .list(let items):
            var values: [TemplateValue] = []
            for item in items { values.append(try evaluate(item, line: line)) }
            return try TemplateValue.list(values).checkNesting(budget, line: line)
        case .variable(let name):
            return lookup(name)
        case .member(let base, let name):
            return try evaluate(base, line: line).liquidMember(name)
        case .index(let base, let key):
            return try evaluate(base, line: line).liquidIndex(try evaluate(key, line: line))
        case .range(let start, let end):
            return .list(try rangeItems(start, end, line: line))
        case .not(let operand):
            return .bool(!(try evaluate(operand, line: line).isLiquidTruthy))
        case .binary(.and, let left, let right):
            guard try evaluate(left, line: line).isLiquidTruthy else { return .bool(false) }
            return .bool(try evaluate(right, line: line).isLiquidTruthy)
        case .binary(.or, let left, let right):
            // Nunjucks' `a or b` gives the value; Liquid only tests it.
            let value = try evaluate(left, line: line)
            return value.isLiquidTruthy ? value : try evaluate(right, line: line)
        case .binary(let operation, let left, let right):
            let leftValue = try evaluate(left, line: line)
            let rightValue = try evaluate(right, line: line)
            switch operation {
            case .plus, .minus, .times, .divide, .modulo:
                let name = ["+": "plus", "-": "minus", "*": "times", "/": "divided_by", "%": "modulo"][operation.rawValue] ?? ""
                return try LiquidFilters.apply(name, to: leftValue, arguments: [rightValue], keywords: [:], line: line, renderer: self)
            case .concatenate:
                return .text(leftValue.liquidText(budget) + rightValue.liquidText(budget))
            default:
                return .bool(try compare(operation, leftValue, rightValue, right, leftExpression: left))
            }
        case .filtered(let base, let filters):
            var value = try evaluate(base, line: line)
            for filter in filters {
                var arguments: [TemplateValue] = []
                for argument in filter.arguments { arguments.append(try evaluate(argument, line: filter.line)) }
                var keywords: [String: TemplateValue] = [:]
                for (key, argument) in filter.keywords { keywords[key] = try evaluate(argument, line: filter.line) }
                value = try LiquidFilters.apply(filter.name, to: value, arguments: arguments, keywords: keywords,
                                                line: filter.line, renderer: self)
            }
            return value
        }
    }

    private func compare(_ operation: LiquidOperator, _ left: TemplateValue, _ right: TemplateValue,
                         _ rightExpression: LiquidExpression, leftExpression: LiquidExpression? = nil) throws(DialectError) -> Bool
    {
        // `x == empty`, `blank != x`
        if case .emptiness(let blank) = rightExpression, operation == .equal || operation == .notEqual {
            let holds = blank ? left.isLiquidBlank : left.isLiquidEmpty
            return operation == .equal ? holds : !holds
        }
        if let leftExpression, case .emptiness(let blank) = leftExpression, operation == .equal || operation == .notEqual {
            let holds = blank ? right.isLiquidBlank : right.isLiquidEmpty
            return operation == .equal ? holds : !holds
        }
        switch operation {
        case .equal: return left.liquidEquals(right, budget)
        case .notEqual: return !left.liquidEquals(right, budget)
        case .less: return (left.liquidCompare(right) ?? 0) < 0
        case .greater: return (left.liquidCompare(right) ?? 0) > 0
        case .lessOrEqual: return left.liquidCompare(right).map { $0 <= 0 } ?? false
        case .greaterOrEqual: return left.liquidCompare(right).map { $0 >= 0 } ?? false
        case .contains: return Self.contains(left, right, budget)
        case .in: return Self.contains(right, left, budget)
        default: return false
        }
    }

    static func contains(_ container: TemplateValue, _ element: TemplateValue, _ budget: ValueWalkBudget) -> Bool {
        switch container {
        case .text(let text): return text.contains(element.liquidText(budget))
        case .list(let items): return items.contains { $0.liquidEquals(element, budget) }
        case .object(let object): return object.member(element.liquidText(budget)) != nil
        default: return false
        }
    }
}

extension TemplateValue {
    /// What `for` walks: like ``liquidItems``, but an empty text runs no iteration, and numbers
    /// and yes/no none.
    fileprivate var liquidLoopItems: [TemplateValue] {
        switch self {
        case .text(let text): return text.isEmpty ? [] : [self]
        case .int, .double, .bool: return []
        default: return liquidItems
        }
    }
}
