import Foundation
import SitegenTemplates

/// Tera's built-in filters and tests, and Zola's `markdown` filter.
enum TeraFilters {
    static let names: Set<String> = [
        "safe", "default", "markdown", "lower", "upper", "trim", "trim_start", "trim_end", "trim_start_matches",
        "trim_end_matches", "replace", "split", "first", "last", "nth", "length", "join", "reverse", "sort", "unique",
        "slice", "concat", "map", "filter", "truncate", "wordcount", "escape", "escape_xml", "urlencode",
        "urlencode_strict", "slugify", "title", "capitalize", "date", "striptags", "linebreaksbr", "spaceless",
        "round", "abs", "json_encode", "as_str", "int", "float", "pluralize", "get", "addslashes", "indent",
        "filesizeformat",
    ]

    static let tests: Set<String> = [
        "defined", "undefined", "odd", "even", "string", "number", "iterable", "object", "containing", "starting_with",
        "ending_with", "divisibleby", "matching",
    ]

    static func apply(_ name: String, to input: TemplateValue?, arguments: [String: TemplateValue], line: Int,
                      renderer: TeraRenderer) throws(DialectError) -> TemplateValue?
    {
        let budget = renderer.budget
        switch input {
        case .list(let items)?: budget.take(1 + items.count)
        case .text(let text)?: budget.take(1 + text.utf8.count / 64)
        default: budget.take(1)
        }
        try budget.check(line: line)
        if name == "default" {
            // Undefined, or `null` from a data file.
            guard let input, !input.isTeraNull else { return arguments["value"] ?? .null }
            return input
        }
        let value = input ?? .null
        lazy var text = value.teraText(budget)
        func argument(_ key: String) -> String { arguments[key]?.teraText(budget) ?? "" }
        func required(_ key: String) throws(DialectError) -> TemplateValue {
            guard let argument = arguments[key] else {
                throw DialectError(.syntax, line: line, "The filter `\(name)` needs the argument `\(key)`.")
            }
            return argument
        }
        switch name {
        case "safe", "as_str": return name == "as_str" ? .text(text) : value
        case "markdown":
            var html = renderer.markdown(text)
            if arguments["inline"]?.isTeraTruthy ?? false {
                let trimmed = html.trimmingLiquidWhitespace()
                if trimmed.hasPrefix("<p>"), trimmed.hasSuffix("</p>"), trimmed.components(separatedBy: "<p>").count == 2 {
                    html = String(trimmed.dropFirst(3).dropLast(4))
                }
            }
            return .text(html)
        case "lower": return .text(text.lowercased())
        case "upper": return .text(text.uppercased())
        case "trim": return .text(text.trimmingLiquidWhitespace())
        case "trim_start": return .text(String(text.drop(while: \.isWhitespace)))
        case "trim_end": return .text(text.trimmingLiquidWhitespaceAtEnd())
        case "trim_start_matches":
            let pattern = try required("pat").teraText(budget)
            var rest = Substring(text)
            while !pattern.isEmpty, rest.hasPrefix(pattern) { rest = rest.dropFirst(pattern.count) }
            return .text(String(rest))
        case "trim_end_matches":
            let pattern = try required("pat").teraText(budget)
            var rest = Substring(text)
            while !pattern.isEmpty, rest.hasSuffix(pattern) { rest = rest.dropLast(pattern.count) }
            return .text(String(rest))
        case "replace":
            let from = try required("from").teraText(budget), to = try required("to").teraText(budget)
            try TextSize.checkReplacing(from, with: to, in: text, line: line)
            return .text(text.replacingOccurrences(from, to))
        case "split":
            let pattern = try required("pat").teraText(budget)
            return .list(pattern.isEmpty ? text.map { .text(String($0)) } : text.components(separatedBy: pattern).map { .text($0) })
        case "first": return value.teraItems.first ?? .null
        case "last": return value.teraItems.last ?? .null
        case "nth":
            let items = value.teraItems
            let index = try required("n").liquidInteger ?? -1
            return items.indices.contains(index) ? items[index] : .null
        case "length":
            switch value {
            case .text(let string): return .int(string.count)
            case .object(let object): return .int(TemplateValue.orderedMembers(of: object)?.count ?? 0)
            default: return .int(value.teraItems.count)
            }
        case "join": return .text(value.teraItems.map({ $0.teraText(budget) }).joined(separator: argument("sep")))
        case "reverse":
            if case .text(let string) = value { return .text(String(string.reversed())) }
            return .list(value.teraItems.reversed())
        case "sort":
            let attribute = arguments["attribute"]?.teraText(budget)
            let items = value.teraItems
            return .list(items.enumerated().sorted { left, right in
                let a = attribute.map { left.element.teraPath($0) } ?? left.element
                let b = attribute.map { right.element.teraPath($0) } ?? right.element
                if let order = a.liquidCompare(b), order != 0 { return order < 0 }
                return left.offset < right.offset
            }.map(\.element))
        case "unique":
            var kept: [TemplateValue] = []
            for item in value.teraItems where !kept.contains(where: { $0.liquidEquals(item, budget) }) {
                kept.append(item)
                if kept.count > 10_000 { break }
            }
            return .list(kept)
        case "slice":
            let items = value.teraItems
            func position(_ key: String, _ fallback: Int) -> Int {
                guard let index = arguments[key]?.liquidInteger else { return fallback }
                return max(0, min(items.count, index < 0 ? items.count + index : index))
            }
            let start = position("start", 0)
            let end = position("end", items.count)
            return .list(start < end ? Array(items[start..<end]) : [])
        case "concat":
            let addition = try required("with")
            if case .list(let more) = addition { return .list(value.teraItems + more) }
            return try TemplateValue.list(value.teraItems + [addition]).checkNesting(budget, line: line)
        case "map":
            let attribute = try required("attribute").teraText(budget)
            return .list(value.teraItems.map { $0.teraPath(attribute) })
        case "filter":
            let attribute = try required("attribute").teraText(budget)
            let wanted = arguments["value"]
            return .list(value.teraItems.filter { item in
                let found = item.teraPath(attribute)
                if let wanted { return found.liquidEquals(wanted, budget) }
                return !found.isTeraNull
            })
        case "truncate":
            let length = arguments["length"]?.liquidInteger ?? 255
            let end = arguments["end"]?.teraText(budget) ?? "…"
            guard text.count > length else { return .text(text) }
            return .text(String(text.prefix(max(0, length))) + end)
        case "wordcount": return .int(text.split(whereSeparator: \.isWhitespace).count)
        case "escape": return .text(escapeHTML(text))
        case "escape_xml":
            return .text(text.replacingOccurrences("&", "&amp;").replacingOccurrences("<", "&lt;").replacingOccurrences(">", "&gt;")
                .replacingOccurrences("\"", "&quot;").replacingOccurrences("'", "&apos;"))
        case "urlencode": return .text(LiquidFilters.percentEncoded(text, keeping: "-_.~/", spaceAsPlus: false))
        case "urlencode_strict": return .text(LiquidFilters.percentEncoded(text, keeping: "-_.~", spaceAsPlus: false))
        case "slugify": return .text(slugify(text))
        case "title":
            var result = ""
            var startsWord = true
            for character in text {
                result += startsWord ? character.uppercased() : String(character)
                startsWord = character.isWhitespace || character == "-"
            }
            return .text(result)
        case "capitalize":
            guard let first = text.first else { return .text("") }
            return .text(first.uppercased() + text.dropFirst().lowercased())
        case "date":
            guard let time = LiquidFilters.time(value) else {
                throw DialectError(.syntax, line: line, "The filter `date` cannot read `\(text)` as a date.")
            }
            return .text(time.formatted(arguments["format"]?.teraText(budget) ?? "%Y-%m-%d"))
        case "striptags": return .text(LiquidFilters.stripHTML(text, blocks: false))
        case "linebreaksbr": return .text(text.replacingOccurrences("\r\n", "<br>").replacingOccurrences("\n", "<br>"))
        case "spaceless":
            var result = text
            while let range = result.range(of: ">\\s+<", options: .regularExpression) {
                result.replaceSubrange(range, with: "><")
            }
            return .text(result)
        case "indent":
            let prefix = arguments["prefix"]?.teraText(budget) ?? "    "
            let lines = text.components(separatedBy: "\n")
            let first = arguments["first"]?.isTeraTruthy ?? false
            return .text(lines.enumerated().map { index, line in
                (index == 0 && !first) || (line.isEmpty && !(arguments["blank"]?.isTeraTruthy ?? false)) ? line : prefix + line
            }.joined(separator: "\n"))
        case "round":
            guard let number = value.liquidDouble else { return value }
            let precision = max(0, min(15, arguments["precision"]?.liquidInteger ?? 0))
            var scale = 1.0
            for _ in 0..<precision { scale *= 10 }
            let rule: FloatingPointRoundingRule
            switch arguments["method"]?.teraText(budget) {
            case "ceil": rule = .up
            case "floor": rule = .down
            default: rule = .toNearestOrAwayFromZero
            }
            return .double((number * scale).rounded(rule) / scale)
        case "abs":
            switch value {
            case .int(let number): return number == .min ? .double(-Double(number)) : .int(abs(number))
            case .double(let number): return .double(abs(number))
            default: throw DialectError(.syntax, line: line, "The filter `abs` needs a number.")
            }
        case "json_encode": return .text(LiquidFilters.json(value, budget))
        case "int":
            if case .double(let number) = value, number.isFinite, abs(number) < 9e18 { return .int(Int(number)) }
            if case .int = value { return value }
            return .int(Int(text.trimmingLiquidWhitespace()) ?? arguments["default"]?.liquidInteger ?? 0)
        case "float":
            if let number = value.liquidDouble { return .double(number) }
            return .double(Double(text.trimmingLiquidWhitespace()) ?? arguments["default"]?.liquidDouble ?? 0)
        case "pluralize":
            let isOne = value.liquidDouble == 1
            return .text(isOne ? argument("singular") : (arguments["plural"]?.teraText(budget) ?? "s"))
        case "get":
            let key = try required("key").teraText(budget)
            if let found = value.teraMember(key) { return found }
            if let fallback = arguments["default"] { return fallback }
            throw DialectError(.syntax, line: line, "The filter `get` found no `\(key)`.")
        case "addslashes":
            return .text(text.replacingOccurrences("\\", "\\\\").replacingOccurrences("\"", "\\\"").replacingOccurrences("'", "\\'"))
        case "filesizeformat":
            guard let bytes = value.liquidDouble else { return value }
            let units = ["B", "KB", "MB", "GB", "TB", "PB"]
            var size = bytes
            var unit = 0
            while abs(size) >= 1000, unit < units.count - 1 { size /= 1000; unit += 1 }
            return .text(unit == 0 ? "\(Int(size)) B" : String(format: "%.2f %@", size, units[unit]))
        default:
            throw DialectError(.unsupported(construct: "filter \(name)"), line: line, "The Tera filter `\(name)` is not supported.")
        }
    }

    static func test(_ name: String, _ value: TemplateValue?, _ arguments: [TemplateValue], _ budget: ValueWalkBudget) -> Bool {
        let first = arguments.first ?? .null
        switch name {
        case "defined": return value != nil
        case "undefined": return value == nil
        case "odd", "even":
            guard case .int(let number)? = value else { return false }
            return (number % 2 != 0) == (name == "odd")
        case "divisibleby":
            guard case .int(let number)? = value, let divisor = first.liquidInteger, divisor != 0 else { return false }
            return number % divisor == 0
        case "string": if case .text? = value { return true } else { return false }
        case "number": return value?.liquidDouble != nil
        case "iterable": if case .list? = value { return true } else { return false }
        case "object": if case .object? = value { return true } else { return false }
        case "containing": return value.map { LiquidRenderer.contains($0, first, budget) } ?? false
        case "starting_with": return value?.teraText(budget).hasPrefix(first.teraText(budget)) ?? false
        case "ending_with": return value?.teraText(budget).hasSuffix(first.teraText(budget)) ?? false
        case "matching":
            // A shortcode's own pattern against a short value (a file name, an argument).
            guard let text = value?.teraText(budget), text.utf8.count <= 10_000, first.teraText(budget).utf8.count <= 1_000 else { return false }
            return text.range(of: first.teraText(budget), options: .regularExpression) != nil
        default: return false
        }
    }

    /// Tera's HTML escaping, which also escapes `/`.
    static func escapeHTML(_ text: String) -> String {
        HTMLEntityEscaping.escape(text, apostrophe: "&#x27;", slash: "&#x2F;")
    }

    /// Zola's `slugify`: accents dropped, ASCII letters and digits kept, lowercased, the rest
    /// one `-`.
    static func slugify(_ text: String) -> String {
        var unaccented = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            unaccented.append(scalar)
        }
        return LiquidFilters.slugify(String(unaccented), mode: "ascii")
    }
}

extension TemplateValue {
    fileprivate var isTeraNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The items a list filter walks.
    var teraItems: [TemplateValue] {
        switch self {
        case .list(let items): return items
        case .null: return []
        default: return [self]
        }
    }

    /// `attribute="extra.weight"`: a dotted path of members.
    func teraPath(_ path: String) -> TemplateValue {
        var value = self
        for part in path.split(separator: ".") {
            guard let next = value.teraMember(String(part)) else { return .null }
            value = next
        }
        return value
    }
}
