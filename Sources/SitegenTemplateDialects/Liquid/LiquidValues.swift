import SitegenLimits
import SitegenTemplates

/// How Liquid (Ruby) sees values: what is true, how they print, compare and convert.
extension TemplateValue {
    /// Only `nil` and `false` are false in Liquid; `0`, `""` and `[]` are true.
    var isLiquidTruthy: Bool {
        switch self {
        case .null, .bool(false): return false
        default: return true
        }
    }

    /// The text `{{ value }}` writes: lists joined without a separator, `nil` as nothing,
    /// floats as Ruby writes them (`2.0`).
    func liquidText(_ budget: ValueWalkBudget, depth: Int = 0) -> String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return Self.rubyFloat(value)
        case .text(let text): return text
        case .list(let items):
            guard depth < Limits.dialectNesting, budget.take(items.count) else { return "" }
            var text = ""
            for item in items {
                text += item.liquidText(budget, depth: depth + 1)
                if budget.isSpent { break }
            }
            return text
        case .object: return liquidInspect(budget, depth: depth)
        }
    }

    static func rubyFloat(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e16 { return String(Int(value)) + ".0" }
        return String(value)
    }

    /// Ruby's `inspect`: `{"a" => 1}`, `["x", 2]`, `nil`.
    func liquidInspect(_ budget: ValueWalkBudget, depth: Int = 0) -> String {
        switch self {
        case .null: return "nil"
        case .text(let text):
            var quoted = "\""
            for character in text {
                switch character {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\t": quoted += "\\t"
                default: quoted.append(character)
                }
            }
            return quoted + "\""
        case .list(let items):
            guard depth < Limits.dialectNesting, budget.take(items.count) else { return "[…]" }
            return "[" + items.map { $0.liquidInspect(budget, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .object(let object):
            let members = Self.orderedMembers(of: object) ?? []
            guard depth < Limits.dialectNesting, budget.take(members.count) else { return "{…}" }
            return "{" + members.map { "\"\($0.name)\" => \($0.value.liquidInspect(budget, depth: depth + 1))" }
                .joined(separator: ", ") + "}"
        default: return liquidText(budget, depth: depth)
        }
    }

    /// Liquid's `==`: numbers by value (`1 == 1.0`), text, lists and objects by content.
    func liquidEquals(_ other: TemplateValue, _ budget: ValueWalkBudget, depth: Int = 0) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.int(let left), .int(let right)): return left == right
        case (.int, .double), (.double, .int), (.double, .double):
            return liquidDouble == other.liquidDouble
        case (.text(let left), .text(let right)): return left == right
        case (.list(let left), .list(let right)):
            guard left.count == right.count, depth < Limits.dialectNesting, budget.take(left.count) else { return false }
            return zip(left, right).allSatisfy { $0.liquidEquals($1, budget, depth: depth + 1) }
        case (.object(let left), .object(let right)):
            guard let leftMembers = Self.orderedMembers(of: left), let rightMembers = Self.orderedMembers(of: right),
                  leftMembers.count == rightMembers.count, depth < Limits.dialectNesting, budget.take(leftMembers.count)
            else { return false }
            return zip(leftMembers, rightMembers).allSatisfy {
                $0.name == $1.name && $0.value.liquidEquals($1.value, budget, depth: depth + 1)
            }
        default: return false
        }
    }

    /// `value == empty`: an empty text, list or object.
    var isLiquidEmpty: Bool {
        switch self {
        case .text(let text): return text.isEmpty
        case .list(let items): return items.isEmpty
        case .object(let object): return Self.orderedMembers(of: object)?.isEmpty ?? false
        default: return false
        }
    }

    /// `value == blank`: `nil`, `false`, whitespace-only text, an empty list or object.
    var isLiquidBlank: Bool {
        switch self {
        case .null, .bool(false): return true
        case .text(let text): return text.allSatisfy(\.isWhitespace)
        default: return isLiquidEmpty
        }
    }

    /// `<` and the like: numbers by value, text by characters; `nil` for values Ruby cannot
    /// compare.
    func liquidCompare(_ other: TemplateValue) -> Int? {
        switch (self, other) {
        case (.int(let left), .int(let right)): return left < right ? -1 : (left == right ? 0 : 1)
        case (.int, .double), (.double, .int), (.double, .double):
            guard let left = liquidDouble, let right = other.liquidDouble else { return nil }
            return left < right ? -1 : (left == right ? 0 : 1)
        case (.text(let left), .text(let right)): return left < right ? -1 : (left == right ? 0 : 1)
        default: return nil
        }
    }

    var liquidDouble: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The number a math filter sees: numbers as they are, text read as Ruby's `to_number`
    /// does (`"3.5"` is 3.5, `"12abc"` is 12), anything else 0.
    var liquidNumber: TemplateValue {
        switch self {
        case .int, .double: return self
        case .text(let text):
            let trimmed = text.trimmingLiquidWhitespace()
            if let value = Int(trimmed) { return .int(value) }
            if trimmed.contains("."), let value = Double(trimmed), value.isFinite { return .double(value) }
            var digits = ""
            for character in trimmed {
                if character.isASCII, character.isNumber || (digits.isEmpty && character == "-") { digits.append(character) } else { break }
            }
            return .int(Int(digits) ?? 0)
        default: return .int(0)
        }
    }

    /// An integer argument (`limit: 3`, `truncate: "20"`), or `nil`.
    var liquidInteger: Int? {
        switch liquidNumber {
        case .int(let value): return value
        case .double(let value) where value.isFinite && abs(value) < 9e18: return Int(value)
        default: return nil
        }
    }

    /// The list a filter or loop walks: a list, an object's `[name, value]` pairs, any other
    /// value alone (`nil` as nothing).
    var liquidItems: [TemplateValue] {
        switch self {
        case .null: return []
        case .list(let items): return items
        case .object(let object):
            return (Self.orderedMembers(of: object) ?? []).map { .list([.text($0.name), $0.value]) }
        default: return [self]
        }
    }

    /// `value.name` and `value["name"]`, with Liquid's `size`, `first` and `last`.
    func liquidMember(_ name: String) -> TemplateValue {
        switch self {
        case .object(let object):
            if let value = object.member(name) { return value }
            if name == "size", let members = Self.orderedMembers(of: object) { return .int(members.count) }
            return .null
        case .list(let items):
            switch name {
            case "size", "length": return .int(items.count)
            case "first": return items.first ?? .null
            case "last": return items.last ?? .null
            default: return .null
            }
        case .text(let text):
            return name == "size" || name == "length" ? .int(text.count) : .null
        default:
            return .null
        }
    }

    /// `value[key]`: a list's item (negative counts from the end), an object's member.
    func liquidIndex(_ key: TemplateValue) -> TemplateValue {
        switch (self, key) {
        case (.list(let items), .int(let index)):
            let position = index < 0 ? items.count + index : index
            return items.indices.contains(position) ? items[position] : .null
        case (.list, .double(let value)) where value.isFinite && abs(value) < 1e18:
            return liquidIndex(.int(Int(value)))
        case (_, .text(let name)):
            return liquidMember(name)
        default:
            return .null
        }
    }
}

extension TemplateValue {
    /// How deep lists and dictionaries nest in the value, counted up to `limit + 1`: templates
    /// may not build values nested deeper than the limit (`{% set a = [a] %}` in a loop), as
    /// printing, comparing and even freeing them walks every level.
    func nestingDepth(limit: Int, budget: ValueWalkBudget) -> Int {
        guard limit >= 0, budget.take() else { return limit + 1 }
        switch self {
        case .list(let items):
            var deepest = 0
            for item in items {
                deepest = max(deepest, item.nestingDepth(limit: limit - 1, budget: budget))
                if deepest >= limit { break }
            }
            return 1 + deepest
        case .object(let object as TemplateDictionary):
            var deepest = 0
            for value in object.members.values {
                deepest = max(deepest, value.nestingDepth(limit: limit - 1, budget: budget))
                if deepest >= limit { break }
            }
            return 1 + deepest
        default:
            return 0
        }
    }

    /// Throws when a value a template built nests deeper than `Limits.dialectNesting`.
    func checkNesting(_ budget: ValueWalkBudget, line: Int) throws(DialectError) -> TemplateValue {
        if nestingDepth(limit: Limits.dialectNesting, budget: budget) > Limits.dialectNesting {
            throw DialectError(.limit, line: line, "A value the template built nests deeper than \(Limits.dialectNesting) levels.")
        }
        return self
    }
}
