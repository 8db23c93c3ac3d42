import SitegenLimits
import SitegenTemplates

/// The state of one render of a Tera shortcode.
struct TeraRenderer {
    private enum Interruption { case breakLoop, continueLoop }

    private var frames: [[String: TemplateValue]]
    private let autoescape: Bool
    let markdown: (String) -> String
    private let function: (String, [String: TemplateValue]) -> TemplateValue?
    private var interruption: Interruption?
    private var iterations = 0
    private var written = 0
    private var depth = 0
    /// Shared with the filters this render runs.
    let budget = ValueWalkBudget(Limits.dialectWalkedValues)

    init(variables: [String: TemplateValue], autoescape: Bool, markdown: @escaping (String) -> String,
         function: @escaping (String, [String: TemplateValue]) -> TemplateValue?)
    {
        frames = [variables]
        self.autoescape = autoescape
        self.markdown = markdown
        self.function = function
    }

    mutating func render(_ nodes: [TeraNode], into output: inout String) throws(DialectError) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.dialectNesting + 1 else {
            throw DialectError(.limit, line: 1, "Blocks nest deeper than \(Limits.dialectNesting) levels.")
        }
        for node in nodes {
            try render(node, into: &output)
            try budget.check(line: node.line)
            if interruption != nil { return }
        }
    }

    private mutating func render(_ node: TeraNode, into output: inout String) throws(DialectError) {
        switch node {
        case .text(let text):
            try emit(text, into: &output)
        case .output(let expression, let line):
            let text = (try evaluate(expression, line: line) ?? .null).teraText(budget)
            try emit(autoescape && !expression.isMarkedSafe ? TeraFilters.escapeHTML(text) : text, into: &output)
        case .branches(let branches):
            for branch in branches {
                if let condition = branch.condition, !((try evaluate(condition, line: branch.line))?.isTeraTruthy ?? false) { continue }
                try render(branch.body, into: &output)
                break
            }
        case .loop(let loop):
            try render(loop, into: &output)
        case .breakLoop:
            interruption = .breakLoop
        case .continueLoop:
            interruption = .continueLoop
        case .set(let name, let expression, let global, let line):
            let value = try evaluate(expression, line: line) ?? .null
            if global { frames[0][name] = value } else { frames[frames.count - 1][name] = value }
        }
    }

    private mutating func render(_ loop: TeraLoop, into output: inout String) throws(DialectError) {
        let collection = try evaluate(loop.collection, line: loop.line) ?? .null
        var pairs: [(key: TemplateValue, value: TemplateValue)] = []
        switch collection {
        case .list(let items):
            pairs = items.enumerated().map { (.int($0.offset), $0.element) }
        case .object(let object):
            pairs = (TemplateValue.orderedMembers(of: object) ?? []).map { (.text($0.name), $0.value) }
        case .text(let text) where loop.key == nil:
            pairs = text.enumerated().map { (.int($0.offset), .text(String($0.element))) }
        case .null:
            break
        default:
            throw DialectError(.syntax, line: loop.line, "`for` needs a list or a map, not \(collection.teraText(budget)).")
        }
        guard !pairs.isEmpty else {
            if let otherwise = loop.otherwise { try render(otherwise, into: &output) }
            return
        }
        for (index, pair) in pairs.enumerated() {
            iterations += 1
            guard iterations <= Limits.dialectIterations else {
                throw DialectError(.limit, line: loop.line, "Loops ran more than \(Limits.dialectIterations) times.")
            }
            var frame: [String: TemplateValue] = [
                "loop": .object(TemplateDictionary([
                    "index": .int(index + 1), "index0": .int(index), "first": .bool(index == 0),
                    "last": .bool(index == pairs.count - 1), "length": .int(pairs.count),
                ])),
                loop.value: pair.value,
            ]
            if let key = loop.key { frame[key] = pair.key }
            frames.append(frame)
            try render(loop.body, into: &output)
            frames.removeLast()
            if interruption == .breakLoop {
                interruption = nil
                break
            }
            interruption = nil
        }
    }

    private mutating func emit(_ text: String, into output: inout String) throws(DialectError) {
        written += text.utf8.count
        guard written <= Limits.dialectOutputBytes else {
            throw DialectError(.limit, line: 1, "The output is larger than \(Limits.dialectOutputBytes) bytes.")
        }
        output += text
    }

    // MARK: Expressions

    /// The value, or `nil` when it is not defined.
    func evaluate(_ expression: TeraExpression, line: Int) throws(DialectError) -> TemplateValue? {
        switch expression {
        case .literal(let value):
            return value
        case .array(let items):
            var values: [TemplateValue] = []
            for item in items { values.append(try evaluate(item, line: line) ?? .null) }
            return try TemplateValue.list(values).checkNesting(budget, line: line)
        case .variable(let name):
            for frame in frames.reversed() {
                if let value = frame[name] { return value }
            }
            return nil
        case .member(let base, let name):
            guard let value = try evaluate(base, line: line) else { return nil }
            return value.teraMember(name)
        case .index(let base, let key):
            guard let value = try evaluate(base, line: line), let key = try evaluate(key, line: line) else { return nil }
            switch (value, key) {
            case (.list(let items), .int(let index)): return items.indices.contains(index) ? items[index] : nil
            case (_, .text(let name)): return value.teraMember(name)
            default: return nil
            }
        case .not(let operand):
            return .bool(!((try evaluate(operand, line: line))?.isTeraTruthy ?? false))
        case .negate(let operand):
            switch try evaluate(operand, line: line) {
            case .int(let value)?: return value == .min ? .double(-Double(value)) : .int(-value)
            case .double(let value)?: return .double(-value)
            default: throw DialectError(.syntax, line: line, "Only a number can be negated.")
            }
        case .binary(.and, let left, let right):
            guard (try evaluate(left, line: line))?.isTeraTruthy ?? false else { return .bool(false) }
            return .bool((try evaluate(right, line: line))?.isTeraTruthy ?? false)
        case .binary(.or, let left, let right):
            if (try evaluate(left, line: line))?.isTeraTruthy ?? false { return .bool(true) }
            return .bool((try evaluate(right, line: line))?.isTeraTruthy ?? false)
        case .binary(let operation, let left, let right):
            let leftValue = try evaluate(left, line: line) ?? .null
            let rightValue = try evaluate(right, line: line) ?? .null
            return try apply(operation, leftValue, rightValue, line: line)
        case .filter(let base, let name, let arguments, let line):
            let value = try evaluate(base, line: line)
            var named: [String: TemplateValue] = [:]
            for (key, argument) in arguments { named[key] = try evaluate(argument, line: line) ?? .null }
            return try TeraFilters.apply(name, to: value, arguments: named, line: line, renderer: self)
        case .test(let base, let name, let arguments, let negated, let line):
            let value = try evaluate(base, line: line)
            var values: [TemplateValue] = []
            for argument in arguments { values.append(try evaluate(argument, line: line) ?? .null) }
            let holds = TeraFilters.test(name, value, values, budget)
            return .bool(negated ? !holds : holds)
        case .call(let name, let arguments, let line):
            var named: [String: TemplateValue] = [:]
            for (key, argument) in arguments { named[key] = try evaluate(argument, line: line) ?? .null }
            return try call(name, named, line: line)
        }
    }

    private func call(_ name: String, _ arguments: [String: TemplateValue], line: Int) throws(DialectError) -> TemplateValue {
        switch name {
        case "range":
            let start = arguments["start"]?.liquidInteger ?? 0
            let end = arguments["end"]?.liquidInteger ?? 0
            let step = max(1, arguments["step_by"]?.liquidInteger ?? 1)
            guard start < end else { return .list([]) }
            let (span, overflow) = end.subtractingReportingOverflow(start)
            guard !overflow, span / step <= Limits.dialectIterations else {
                throw DialectError(.limit, line: line, "`range` would make more than \(Limits.dialectIterations) numbers.")
            }
            return .list(stride(from: start, to: end, by: step).map { .int($0) })
        case "throw":
            throw DialectError(.syntax, line: line, arguments["message"]?.teraText(budget) ?? "The shortcode threw an error.")
        default:
            if let value = function(name, arguments) { return value }
            throw DialectError(.unsupported(construct: "function \(name)"), line: line, "The Tera function `\(name)()` is not supported.")
        }
    }

    private func apply(_ operation: TeraOperator, _ left: TemplateValue, _ right: TemplateValue, line: Int)
        throws(DialectError) -> TemplateValue
    {
        switch operation {
        case .equal: return .bool(left.liquidEquals(right, budget))
        case .notEqual: return .bool(!left.liquidEquals(right, budget))
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard let order = left.liquidCompare(right) else {
                throw DialectError(.syntax, line: line, "`\(operation.rawValue)` compares numbers or texts, not \(left.teraText(budget)) and \(right.teraText(budget)).")
            }
            switch operation {
            case .less: return .bool(order < 0)
            case .greater: return .bool(order > 0)
            case .lessOrEqual: return .bool(order <= 0)
            default: return .bool(order >= 0)
            }
        case .in: return .bool(LiquidRenderer.contains(right, left, budget))
        case .notIn: return .bool(!LiquidRenderer.contains(right, left, budget))
        case .concatenate: return .text(try TextSize.checked(left.teraText(budget) + right.teraText(budget), line: line))
        case .plus, .minus, .times, .divide, .modulo:
            guard left.liquidDouble != nil, right.liquidDouble != nil else {
                throw DialectError(.syntax, line: line, "`\(operation.rawValue)` needs numbers, not \(left.teraText(budget)) and \(right.teraText(budget)).")
            }
            if case .int(let a) = left, case .int(let b) = right, operation != .divide {
                switch operation {
                case .plus: let (value, overflow) = a.addingReportingOverflow(b); if !overflow { return .int(value) }
                case .minus: let (value, overflow) = a.subtractingReportingOverflow(b); if !overflow { return .int(value) }
                case .times: let (value, overflow) = a.multipliedReportingOverflow(by: b); if !overflow { return .int(value) }
                default:
                    guard b != 0 else { throw DialectError(.syntax, line: line, "`%` by 0.") }
                    if b == -1 { return .int(0) }
                    return .int(a % b)
                }
            }
            let a = left.liquidDouble ?? 0
            let b = right.liquidDouble ?? 0
            switch operation {
            case .plus: return .double(a + b)
            case .minus: return .double(a - b)
            case .times: return .double(a * b)
            case .divide:
                guard b != 0 else { throw DialectError(.syntax, line: line, "`/` by 0.") }
                return .double(a / b)
            default:
                guard b != 0 else { throw DialectError(.syntax, line: line, "`%` by 0.") }
                return .double(a.truncatingRemainder(dividingBy: b))
            }
        case .and, .or: return .bool(false)
        }
    }
}

extension TemplateValue {
    /// Tera's truth: `false`, `0`, `""`, `[]`, `{}` and nothing are false.
    var isTeraTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .double(let value): return value != 0
        case .text(let text): return !text.isEmpty
        case .list(let items): return !items.isEmpty
        case .object(let object): return TemplateValue.orderedMembers(of: object).map { !$0.isEmpty } ?? true
        }
    }

    /// What Tera writes for a value: numbers as Rust writes them, lists as `[a, b]`.
    func teraText(_ budget: ValueWalkBudget, depth: Int = 0) -> String {
        switch self {
        case .null, .bool, .int, .double, .text:
            // Tera writes these as Liquid does: `2.0`, `true`, nothing for none.
            return liquidText(budget)
        case .list(let items):
            guard depth < Limits.dialectNesting, budget.take(items.count) else { return "[…]" }
            return "[" + items.map { $0.teraText(budget, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .object: return "[object]"
        }
    }

    /// `value.name`, with `length` of lists and texts.
    func teraMember(_ name: String) -> TemplateValue? {
        switch self {
        case .object(let object): return object.member(name)
        case .list(let items):
            if let index = Int(name) { return items.indices.contains(index) ? items[index] : nil }
            return nil
        default: return nil
        }
    }
}
