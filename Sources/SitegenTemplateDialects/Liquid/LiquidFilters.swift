import Foundation
import SitegenLimits
import SitegenTemplates

/// Liquid's standard filters and Jekyll's, as Jekyll 4 runs them.
enum LiquidFilters {
    /// The filter `name` applied to `input`; one sitegen does not run is
    /// ``LiquidEnvironment/unknownFilter``'s to tell.
    static func apply(_ name: String, to input: TemplateValue, arguments: [TemplateValue], keywords: [String: TemplateValue],
                      line: Int, renderer: LiquidRenderer) throws(DialectError) -> TemplateValue
    {
        let budget = renderer.budget
        // Filters walk their input: lists by item, text by 64-byte run.
        switch input {
        case .list(let items): budget.take(1 + items.count)
        case .text(let text): budget.take(1 + text.utf8.count / 64)
        default: budget.take(1)
        }
        try budget.check(line: line)
        func argument(_ index: Int) -> TemplateValue { index < arguments.count ? arguments[index] : .null }
        func text(_ index: Int) -> String { argument(index).liquidText(budget) }
        lazy var string = input.liquidText(budget)
        switch name {
        // MARK: Text
        case "append": return .text(try TextSize.checked(string + text(0), line: line))
        case "prepend": return .text(try TextSize.checked(text(0) + string, line: line))
        case "capitalize":
            guard let first = string.first else { return .text("") }
            return .text(first.uppercased() + string.dropFirst().lowercased())
        case "title":
            return .text(string.split(separator: " ", omittingEmptySubsequences: false)
                .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " "))
        case "downcase", "lower": return .text(string.lowercased())
        case "upcase", "upper": return .text(string.uppercased())
        case "strip", "trim": return .text(string.trimmingLiquidWhitespace())
        case "lstrip": return .text(String(string.drop(while: \.isLiquidWhitespace)))
        case "rstrip": return .text(string.trimmingLiquidWhitespaceAtEnd())
        case "escape", "h": return input == .null ? .null : .text(escapeHTML(string))
        case "escape_once": return .text(escapeHTMLOnce(string))
        case "xml_escape": return .text(escapeXML(string))
        case "safe", "smartify": return input
        case "newline_to_br": return .text(string.replacingOccurrences("\r\n", "<br />\n").replacingOccurrences("\n", "<br />\n", skippingBreaks: true))
        case "strip_newlines": return .text(string.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
        case "strip_html": return .text(stripHTML(string))
        case "normalize_whitespace":
            return .text(string.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        case "remove": return .text(string.replacingOccurrences(text(0), ""))
        case "remove_first": return .text(string.replacingFirst(text(0), ""))
        case "remove_last": return .text(string.replacingLast(text(0), ""))
        case "replace":
            try TextSize.checkReplacing(text(0), with: text(1), in: string, line: line)
            return .text(string.replacingOccurrences(text(0), text(1)))
        case "replace_first": return .text(string.replacingFirst(text(0), text(1)))
        case "replace_last": return .text(string.replacingLast(text(0), text(1)))
        case "truncate":
            let length = max(0, argument(0) == .null ? 50 : (argument(0).liquidInteger ?? 50))
            let ellipsis = arguments.count > 1 ? text(1) : "..."
            guard string.count > length else { return .text(string) }
            return .text(String(string.prefix(max(0, length.subtractingReportingOverflow(ellipsis.count).partialValue))) + ellipsis)
        case "truncatewords":
            let count = max(1, argument(0) == .null ? 15 : (argument(0).liquidInteger ?? 15))
            let ellipsis = arguments.count > 1 ? text(1) : "..."
            let words = string.split(whereSeparator: \.isWhitespace)
            guard words.count > count else { return .text(string) }
            return .text(words.prefix(count).joined(separator: " ") + ellipsis)
        case "split":
            return .list(split(string, by: text(0)).map { .text($0) })
        case "urlencode": return .text(percentEncoded(string, keeping: "-_.!~*'()", spaceAsPlus: false))
        case "url_encode", "cgi_escape": return .text(percentEncoded(string, keeping: "-_.~", spaceAsPlus: true))
        case "uri_escape": return .text(percentEncoded(string, keeping: "-_.~:/?#[]@!$&'()*+,;=%", spaceAsPlus: false))
        case "url_decode": return .text(percentDecoded(string))
        case "number_of_words": return .int(string.split(whereSeparator: \.isWhitespace).count)
        case "slugify": return .text(slugify(string, mode: arguments.isEmpty ? "default" : text(0)))
        case "markdownify": return .text(renderer.environment.markdownify(string))
        case "jsonify", "dump": return .text(json(input, budget))
        // Escaped, as Jekyll's `inspect` escapes it.
        case "inspect": return .text(escapeHTML(input.liquidInspect(budget)))

        // MARK: Numbers
        case "plus", "minus", "times", "divided_by", "modulo":
            return try arithmetic(name, input.liquidNumber, argument(0).liquidNumber, line: line)
        case "abs":
            switch input.liquidNumber {
            case .int(let value): return value == .min ? .double(-Double(value)) : .int(abs(value))
            case .double(let value): return .double(abs(value))
            default: return .int(0)
            }
        case "ceil", "floor", "round":
            let number = input.liquidNumber
            guard case .double(let value) = number else { return number }
            if name == "round", let places = argument(0).liquidInteger, places > 0 {
                let scale = pow10(min(places, 15))
                return .double((value * scale).rounded(.toNearestOrAwayFromZero) / scale)
            }
            let rounded = value.rounded(name == "ceil" ? .up : name == "floor" ? .down : .toNearestOrAwayFromZero)
            guard rounded.isFinite, abs(rounded) < 9e18 else { return .double(rounded) }
            return .int(Int(rounded))
        case "at_least", "at_most":
            let left = input.liquidNumber
            let right = argument(0).liquidNumber
            let order = left.liquidCompare(right) ?? 0
            return (name == "at_least") == (order < 0) ? right : left
        case "sum":
            var total: TemplateValue = .int(0)
            for item in input.liquidItems {
                let value = arguments.isEmpty ? item : item.liquidMember(text(0))
                total = try arithmetic("plus", total, value.liquidNumber, line: line)
            }
            return total

        // MARK: Lists
        case "size", "length":
            switch input {
            // Code points, as Ruby counts a string.
            case .text(let text): return .int(text.unicodeScalars.count)
            case .list(let items): return .int(items.count)
            case .object: return input.liquidMember("size")
            default: return .int(0)
            }
        case "first":
            if case .text(let text) = input { return text.first.map { .text(String($0)) } ?? .null }
            return input.liquidItems.first ?? .null
        case "last":
            if case .text(let text) = input { return text.last.map { .text(String($0)) } ?? .null }
            return input.liquidItems.last ?? .null
        case "join":
            let separator = arguments.isEmpty ? " " : text(0)
            return .text(input.liquidItems.map({ $0.liquidText(budget) }).joined(separator: separator))
        case "reverse":
            if case .text = input { return input }
            return .list(input.liquidItems.reversed())
        case "compact":
            return .list(input.liquidItems.filter { item in
                arguments.isEmpty ? item != .null : item.liquidMember(text(0)) != .null
            })
        case "concat":
            return .list(input.liquidItems + argument(0).liquidItems)
        case "push": return try TemplateValue.list(input.liquidItems + [argument(0)]).checkNesting(budget, line: line)
        case "unshift": return try TemplateValue.list([argument(0)] + input.liquidItems).checkNesting(budget, line: line)
        case "pop": return .list(Array(input.liquidItems.dropLast()))
        case "shift": return .list(Array(input.liquidItems.dropFirst()))
        case "uniq":
            var kept: [TemplateValue] = []
            for item in input.liquidItems {
                let key = arguments.isEmpty ? item : item.liquidMember(text(0))
                if !kept.contains(where: { (arguments.isEmpty ? $0 : $0.liquidMember(text(0))).liquidEquals(key, budget) }) {
                    kept.append(item)
                }
                if kept.count > 10_000 { break }
            }
            return .list(kept)
        case "map":
            return .list(input.liquidItems.map { $0.liquidMember(text(0)) })
        case "slice":
            let start = argument(0).liquidInteger ?? 0
            let length = arguments.count > 1 ? (argument(1).liquidInteger ?? 1) : 1
            if case .list(let items) = input {
                return .list(slice(items, start, length))
            }
            return .text(String(slice(Array(string), start, length)))
        case "sort", "sort_natural":
            return .list(sorted(input.liquidItems, by: arguments.isEmpty ? nil : text(0), natural: name == "sort_natural",
                                nilsFirst: text(1) == "first", budget: budget))
        case "where":
            let property = text(0)
            let items = input.liquidItems
            if arguments.count < 2 { return .list(items.filter { $0.liquidMember(property).isLiquidTruthy }) }
            let wanted = argument(1)
            return .list(items.filter { item in
                let value = item.liquidMember(property)
                if case .list(let values) = value {
                    return values.contains { $0.liquidText(budget) == wanted.liquidText(budget) }
                }
                return value.liquidText(budget) == wanted.liquidText(budget)
            })
        case "where_exp", "find_exp", "find":
            let items = input.liquidItems
            let found: [TemplateValue]
            if name == "find" {
                found = items.filter { $0.liquidMember(text(0)).liquidText(budget) == text(1) }
            } else {
                var parser = try LiquidExpressionParser(text(1), line: line)
                let condition = try parser.filteredExpression()
                try parser.expectEnd()
                var kept: [TemplateValue] = []
                for item in items where try renderer.evaluate(condition, with: [text(0): item], line: line).isLiquidTruthy {
                    kept.append(item)
                    if name == "find_exp" { break }
                }
                found = kept
            }
            return name == "where_exp" ? .list(found) : (found.first ?? .null)
        case "group_by", "group_by_exp":
            var names: [String] = []
            var groups: [String: [TemplateValue]] = [:]
            // `group_by_exp: "post", "post.date | date: '%Y'"`: the expression with each item as the variable.
            let expression: LiquidExpression?
            if name == "group_by_exp" {
                var parser = try LiquidExpressionParser(text(1), line: line)
                expression = try parser.filteredExpression()
                try parser.expectEnd()
            } else {
                expression = nil
            }
            // `group_by` names a group by the property's text; `group_by_exp` by the expression's
            // value, as Jekyll does (`size` gives numbers: `group.name == 1`).
            var named: [String: TemplateValue] = [:]
            for item in input.liquidItems {
                let name: TemplateValue
                if let expression {
                    name = try renderer.evaluate(expression, with: [text(0): item], line: line)
                } else {
                    name = .text(item.liquidMember(text(0)).liquidText(budget))
                }
                let key: String
                switch name {
                case .int, .double: key = "n\u{0}" + name.liquidText(budget)
                case .text: key = "t\u{0}" + name.liquidText(budget)
                default: key = "o\u{0}" + name.liquidText(budget)
                }
                if groups[key] == nil {
                    names.append(key)
                    named[key] = name
                }
                groups[key, default: []].append(item)
            }
            return try TemplateValue.list(names.map { key in
                let items = groups[key] ?? []
                return .object(TemplateDictionary(["name": named[key] ?? .null, "items": .list(items), "size": .int(items.count)]))
            }).checkNesting(budget, line: line)
        case "to_integer":
            switch input {
            case .int: return input
            case .bool(let value): return .int(value ? 1 : 0)
            default: return .int(input.liquidInteger ?? Int(string.trimmingLiquidWhitespace()) ?? 0)
            }
        // Jekyll picks at random; sitegen's builds are the same every time, so the first ones.
        case "sample":
            let items = input.liquidItems
            guard arguments.isEmpty else { return .list(Array(items.prefix(max(0, argument(0).liquidInteger ?? 1)))) }
            return items.first ?? .null
        case "strip_index":
            for suffix in ["/index.html", "/index.htm"] where string.hasSuffix(suffix) {
                return .text(String(string.dropLast(suffix.count - 1)))
            }
            return .text(string)
        case "base64_encode": return .text(try TextSize.checked(Data(string.utf8).base64EncodedString(), line: line))
        case "base64_url_safe_encode":
            let encoded = Data(string.utf8).base64EncodedString().replacingOccurrences("+", "-").replacingOccurrences("/", "_")
            return .text(try TextSize.checked(encoded, line: line))
        case "base64_decode", "base64_url_safe_decode":
            var encoded = string.trimmingLiquidWhitespace().replacingOccurrences("-", "+").replacingOccurrences("_", "/")
            while encoded.utf8.count % 4 != 0 { encoded += "=" }
            return Data(base64Encoded: encoded).map { .text(String(decoding: $0, as: UTF8.self)) } ?? .text("")
        // Jekyll's Sass filters, where the environment compiles Sass.
        case "sassify", "scssify":
            guard let sass = renderer.environment.sass else {
                throw DialectError(.unsupported(construct: "filter \(name)"), line: line, "The Liquid filter `\(name)` (Sass) is not supported.")
            }
            switch sass(string, name == "sassify") {
            case .success(let css): return .text(try TextSize.checked(css, line: line))
            case .failure(let error): throw DialectError(error.kind, line: line, error.message)
            }
        case "array_to_sentence_string":
            let items = input.liquidItems.map({ $0.liquidText(budget) })
            let connector = arguments.isEmpty ? "and" : text(0)
            switch items.count {
            case 0: return .text("")
            case 1: return .text(items[0])
            case 2: return .text("\(items[0]) \(connector) \(items[1])")
            default: return .text(items.dropLast().joined(separator: ", ") + ", \(connector) " + (items.last ?? ""))
            }
        case "default":
            let allowsFalse = keywords["allow_false"]?.isLiquidTruthy ?? false
            if input == .null || (input == .bool(false) && !allowsFalse) || input.isLiquidEmpty { return argument(0) }
            return input

        // MARK: Dates
        case "date":
            guard let time = time(input), argument(0) != .null, !text(0).isEmpty else { return input }
            return .text(time.formatted(text(0)))
        case "date_to_xmlschema":
            guard let time = time(input) else { return input }
            return .text(time.formatted("%Y-%m-%dT%H:%M:%S") + (time.isUTC ? "Z" : time.formatted("%:z")))
        case "date_to_rfc822":
            guard let time = time(input) else { return input }
            return .text(time.formatted("%a, %d %b %Y %H:%M:%S ") + (time.isUTC ? "-0000" : time.formatted("%z")))
        case "date_to_string", "date_to_long_string":
            guard let time = time(input) else { return input }
            let month = name == "date_to_string" ? "%b" : "%B"
            guard text(0) == "ordinal" else { return .text(time.formatted("%d \(month) %Y")) }
            let day = ordinal(time.day)
            return .text(text(1) == "US" ? time.formatted("\(month) ") + day + time.formatted(", %Y")
                                          : day + time.formatted(" \(month) %Y"))

        // MARK: URLs
        case "relative_url":
            if input == .null { return .null }
            return .text(relativeURL(string, renderer: renderer))
        case "absolute_url":
            if input == .null { return .null }
            if string.contains("://") { return .text(string) }
            let site = renderer.lookup("site")
            var base = site.liquidMember("url").liquidText(budget)
            while base.hasSuffix("/") { base.removeLast() }
            return .text(base + relativeURL(string, renderer: renderer))
        default:
            guard let unknownFilter = renderer.environment.unknownFilter else {
                throw DialectError(.unsupported(construct: "filter \(name)"), line: line, "The Liquid filter `\(name)` is not supported.")
            }
            unknownFilter(name, line)
            return input
        }
    }

    // MARK: Pieces

    private static func arithmetic(_ name: String, _ left: TemplateValue, _ right: TemplateValue, line: Int)
        throws(DialectError) -> TemplateValue
    {
        if case .int(let a) = left, case .int(let b) = right {
            switch name {
            case "plus": let (value, overflow) = a.addingReportingOverflow(b); return overflow ? .double(Double(a) + Double(b)) : .int(value)
            case "minus": let (value, overflow) = a.subtractingReportingOverflow(b); return overflow ? .double(Double(a) - Double(b)) : .int(value)
            case "times": let (value, overflow) = a.multipliedReportingOverflow(by: b); return overflow ? .double(Double(a) * Double(b)) : .int(value)
            default:
                guard b != 0 else { throw DialectError(.syntax, line: line, "`\(name)` by 0.") }
                if a == .min, b == -1 { return .double(-Double(a)) }
                // Ruby's integer division and modulo round toward minus infinity.
                var quotient = a / b
                var remainder = a % b
                if remainder != 0, (remainder < 0) != (b < 0) {
                    quotient -= 1
                    remainder += b
                }
                return .int(name == "divided_by" ? quotient : remainder)
            }
        }
        let a = left.liquidDouble ?? 0
        let b = right.liquidDouble ?? 0
        switch name {
        case "plus": return .double(a + b)
        case "minus": return .double(a - b)
        case "times": return .double(a * b)
        case "divided_by":
            guard b != 0 else { throw DialectError(.syntax, line: line, "`divided_by` by 0.") }
            return .double(a / b)
        default:
            guard b != 0 else { throw DialectError(.syntax, line: line, "`modulo` by 0.") }
            let remainder = a.truncatingRemainder(dividingBy: b)
            return .double(remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder)
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private static func ordinal(_ day: Int) -> String {
        let suffix: String
        switch (day % 10, day % 100) {
        case (_, 11), (_, 12), (_, 13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return String(day) + suffix
    }

    static func time(_ value: TemplateValue) -> CalendarTime? {
        switch value {
        case .text(let text):
            let trimmed = text.trimmingLiquidWhitespace()
            if trimmed == "now" || trimmed == "today" { return .now() }
            if let seconds = Int(trimmed), abs(seconds) < 1 << 40 { return CalendarTime(secondsSince1970: seconds) }
            return CalendarTime(parsing: trimmed)
        case .int(let seconds) where abs(seconds) < 1 << 40:
            return CalendarTime(secondsSince1970: seconds)
        case .double(let seconds) where seconds.isFinite && abs(seconds) < 1e12:
            return CalendarTime(secondsSince1970: Int(seconds))
        default:
            return nil
        }
    }

    private static func slice<Element>(_ items: [Element], _ start: Int, _ length: Int) -> [Element] {
        let from = start < 0 ? items.count + start : start
        guard from >= 0, from < items.count, length > 0 else { return [] }
        return Array(items[from..<min(items.count, from + min(length, items.count))])
    }

    private static func split(_ string: String, by separator: String) -> [String] {
        if separator == " " || separator.isEmpty && false {
            return string.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        if separator.isEmpty { return string.unicodeScalars.map { String($0) } }
        var parts = string.liquidParts(separatedBy: separator)
        while parts.last == "" { parts.removeLast() }
        return parts
    }

    private static func sorted(_ items: [TemplateValue], by property: String?, natural: Bool, nilsFirst: Bool,
                               budget: ValueWalkBudget) -> [TemplateValue] {
        func key(_ item: TemplateValue) -> TemplateValue {
            let value = property.map { item.liquidMember($0) } ?? item
            if natural, case .text(let text) = value { return .text(text.lowercased()) }
            return value
        }
        let keyed = items.map { (key($0), $0) }
        return keyed.enumerated().sorted { left, right in
            let (a, b) = (left.element.0, right.element.0)
            if a == .null || b == .null {
                if a == .null, b == .null { return left.offset < right.offset }
                return (a == .null) == nilsFirst
            }
            if let order = a.liquidCompare(b), order != 0 { return order < 0 }
            if a.liquidCompare(b) == nil {
                // Pairs from an object sort by name, then unlike values by their text.
                if case .list(let x) = a, case .list(let y) = b, let first = x.first, let second = y.first,
                   let order = first.liquidCompare(second), order != 0 { return order < 0 }
                let (x, y) = (a.liquidText(budget), b.liquidText(budget))
                if x != y { return x < y }
            }
            return left.offset < right.offset
        }.map { $0.element.1 }
    }

    private static func relativeURL(_ path: String, renderer: LiquidRenderer) -> String {
        if path.contains("://") || path.hasPrefix("//") { return path }
        var base = renderer.lookup("site").liquidMember("baseurl").liquidText(renderer.budget)
        while base.hasSuffix("/") { base.removeLast() }
        if !base.isEmpty, !base.hasPrefix("/") { base = "/" + base }
        let joined = base + (path.hasPrefix("/") ? path : "/" + path)
        return joined.replacingOccurrences(" ", "%20")
    }

    // MARK: Escaping

    static func escapeHTML(_ text: String) -> String {
        HTMLEntityEscaping.escape(text, apostrophe: "&#39;")
    }

    private static func escapeXML(_ text: String) -> String {
        HTMLEntityEscaping.escape(text)
    }

    /// `escape` leaving entities already written (`&amp;`, `&#39;`) alone.
    private static func escapeHTMLOnce(_ text: String) -> String {
        var escaped = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let entity = text[text.index(after: index)..<semicolon]
                let isEntity = !entity.isEmpty && (entity.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    || (entity.first == "#" && entity.dropFirst().allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "x") }))
                if isEntity {
                    escaped += text[index...semicolon]
                    index = text.index(after: semicolon)
                    continue
                }
            }
            escaped += escapeHTML(String(character))
            index = text.index(after: index)
        }
        return escaped
    }

    /// Liquid's `strip_html`: `<script>…</script>`, `<style>…</style>` and comments go whole,
    /// then every tag; with `blocks` off, Tera's `striptags`: comments of one line, and tags.
    /// A `<` that no `>` follows is text, and stays. Read by bytes, as both read: a combining
    /// mark after `<` or `>` does not hide it. Each ending is looked for once (a text of many
    /// `<` takes no longer than its length).
    static func stripHTML(_ text: String, blocks: Bool = true) -> String {
        var bytes = Array(text.utf8)
        if blocks {
            let source = bytes
            var kinds = [("<script", "</script>"), ("<!--", "-->"), ("<style", "</style>")].map {
                (opening: Array($0.utf8), closing: Occurrences(of: $1, in: source))
            }
            bytes = removingParts(of: source) { at in
                for index in kinds.indices where source[at...].starts(with: kinds[index].opening) {
                    if let end = kinds[index].closing.end(from: at + kinds[index].opening.count) { return end }
                }
                return nil
            }
        }
        let source = bytes
        var tagEnds = Occurrences(of: ">", in: source), commentEnds = Occurrences(of: "-->", in: source)
        var lineEnds = Occurrences(of: "\n", in: source)
        return String(decoding: removingParts(of: source) { at in
            if !blocks, source[at...].starts(with: "<!--".utf8), let end = commentEnds.end(from: at + 4),
               end <= lineEnds.end(from: at + 4) ?? source.count {
                return end
            }
            return tagEnds.end(from: at + 1)
        }, as: UTF8.self)
    }

    /// Where a text (by bytes) holds a string, asked for from places that only grow.
    private struct Occurrences {
        private let starts: [Int]
        private let length: Int
        private var next = 0

        init(of string: String, in bytes: [UInt8]) {
            let needle = Array(string.utf8)
            length = needle.count
            var starts: [Int] = []
            var index = 0
            while index + length <= bytes.count {
                if bytes[index] == needle[0] && bytes[index..<index + length].elementsEqual(needle) { starts.append(index) }
                index += 1
            }
            self.starts = starts
        }

        /// The end of the first occurrence that starts at `place` or after.
        mutating func end(from place: Int) -> Int? {
            while next < starts.count && starts[next] < place { next += 1 }
            return next < starts.count ? starts[next] + length : nil
        }
    }

    /// `bytes` without each part from a `<` to the end `part` gives for it (`nil`: the `<` stays).
    private static func removingParts(of bytes: [UInt8], _ part: (Int) -> Int?) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            kept += bytes[index..<open]
            if let end = part(open) {
                index = end
            } else {
                kept.append(UInt8(ascii: "<"))
                index = open + 1
            }
        }
        return kept + bytes[index...]
    }

    static func percentEncoded(_ text: String, keeping kept: String, spaceAsPlus: Bool) -> String {
        let keptBytes = Set(kept.utf8)
        var encoded = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || keptBytes.contains(byte) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else if byte == 0x20, spaceAsPlus {
                encoded += "+"
            } else {
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return encoded
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x37
            case 0x61...0x66: return byte - 0x57
            default: return nil
            }
        }
        while index < source.count {
            let byte = source[index]
            if byte == 0x25, index + 2 < source.count, let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == 0x2B ? 0x20 : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Jekyll's `slugify`: `default` keeps letters and digits, `raw` only drops whitespace,
    /// `pretty` also keeps `._~!$&'()+,;=@`, `ascii` keeps ASCII letters and digits, `none`
    /// changes nothing.
    static func slugify(_ text: String, mode: String) -> String {
        if mode == "none" { return text }
        var slug = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let keep: Bool
            switch mode {
            case "raw": keep = !scalar.properties.isWhitespace
            case "ascii", "latin": keep = scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
            case "pretty": keep = scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "._~!$&'()+,;=@/".unicodeScalars.contains(scalar)
            default: keep = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            if keep {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug.lowercased()
    }

    /// The JSON of a value: objects with the members a loop would visit.
    static func json(_ value: TemplateValue, _ budget: ValueWalkBudget, depth: Int = 0) -> String {
        guard depth < Limits.dialectNesting, budget.take() else { return "null" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? TemplateValue.rubyFloat(number) : "null"
        case .text(let text): return jsonString(text)
        case .list(let items): return "[" + items.map { json($0, budget, depth: depth + 1) }.joined(separator: ",") + "]"
        case .object(let object):
            let members = TemplateValue.orderedMembers(of: object) ?? []
            return "{" + members.map { jsonString($0.name) + ":" + json($0.value, budget, depth: depth + 1) }.joined(separator: ",") + "}"
        }
    }

    static func jsonString(_ text: String) -> String {
        StringLiteral.quoted(text, as: .json)
    }
}

extension TemplateValue {
    /// Only for `nil` and `false` checks in filters.
    fileprivate static func == (left: TemplateValue, right: TemplateValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        default: return false
        }
    }

    fileprivate static func != (left: TemplateValue, right: TemplateValue) -> Bool { !(left == right) }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String, skippingBreaks: Bool = false) -> String {
        guard !target.isEmpty else { return self }
        if skippingBreaks {
            // `newline_to_br` after `\r\n` was handled: only bare `\n` left to replace.
            return liquidParts(separatedBy: target).joined(separator: replacement)
                .replacingOccurrences("<br />\n<br />\n", "<br />\n<br />\n")
        }
        return liquidParts(separatedBy: target).joined(separator: replacement)
    }

    /// The text between the occurrences of `separator` (not empty), found byte by byte as Ruby
    /// finds them: a page's HTML split or replaced in a layout is looked through once, not a
    /// `Character` at a time.
    func liquidParts(separatedBy separator: String) -> [String] {
        let needle = Array(separator.utf8)
        guard let first = needle.first else { return [self] }
        var text = self
        return text.withUTF8 { bytes -> [String] in
            var parts: [String] = []
            var start = 0, index = 0
            let count = bytes.count, length = needle.count
            while index + length <= count {
                if bytes[index] == first, length == 1 || memcmp(bytes.baseAddress! + index, needle, length) == 0 {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    index += length
                    start = index
                } else {
                    index += 1
                }
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<count]), as: UTF8.self))
            return parts
        }
    }

    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let parts = liquidParts(separatedBy: target)
        guard parts.count > 1 else { return self }
        return parts[0] + replacement + parts.dropFirst().joined(separator: target)
    }

    func replacingLast(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let parts = liquidParts(separatedBy: target)
        guard parts.count > 1 else { return self }
        return parts.dropLast().joined(separator: target) + replacement + parts[parts.count - 1]
    }
}
