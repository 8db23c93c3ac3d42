import SitegenLimits
import SitegenTemplates

/// The functions of ``GoFunctions``, as Hugo defines them (arguments in Hugo's order, so a
/// piped value is the last one).
extension GoTemplateRenderer {
    func callFunction(_ written: String, _ arguments: [GoValue], line: Int) throws(DialectError) -> GoValue {
        guard let name = GoFunctions.canonical[written] else {
            throw DialectError(.unsupported(construct: written), line: line, "The function `\(written)` is not supported.")
        }
        let count = arguments.count
        func need(_ expected: ClosedRange<Int>) throws(DialectError) {
            guard expected.contains(count) else {
                let wanted = expected.lowerBound == expected.upperBound
                    ? "\(expected.lowerBound)" : "\(expected.lowerBound) to \(expected.upperBound)"
                throw DialectError(.syntax, line: line, "`\(written)` takes \(wanted) argument\(expected.upperBound == 1 ? "" : "s"), not \(count).")
            }
        }
        func string(_ index: Int) throws(DialectError) -> String { try self.string(arguments[index], of: written, line: line) }
        func integer(_ index: Int) throws(DialectError) -> Int { try self.integer(arguments[index], of: written, line: line) }

        switch name {
        // MARK: Logic and comparison
        case "and", "or":
            try need(1...Int.max)
            let isAnd = name == "and"
            return arguments.first { $0.isTruthy != isAnd } ?? arguments[count - 1]
        case "not":
            try need(1...1)
            return .bool(!arguments[0].isTruthy)
        case "eq":
            try need(2...Int.max)
            return .bool(arguments.dropFirst().contains { Self.equal(arguments[0], $0) })
        case "ne":
            try need(2...2)
            return .bool(!Self.equal(arguments[0], arguments[1]))
        case "lt", "le", "gt", "ge":
            try need(2...2)
            let order = try compare(arguments[0], arguments[1], of: written, line: line)
            switch name {
            case "lt": return .bool(order < 0)
            case "le": return .bool(order <= 0)
            case "gt": return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case "default":
            try need(1...2)
            guard count == 2 else { return arguments[0] }
            return Self.isSet(arguments[1]) ? arguments[1] : arguments[0]
        case "cond":
            try need(3...3)
            return arguments[0].isTruthy ? arguments[1] : arguments[2]

        // MARK: Collections
        case "len":
            try need(1...1)
            switch arguments[0] {
            case .null: return .int(0)
            case .text(let text), .safe(let text, _): return .int(text.utf8.count)
            case .list(let list): return .int(list.items.count)
            case .map(let map): return .int(map.entries.count)
            case .object(let object as TemplateDictionary): return .int(object.members.count)
            default: throw DialectError(.syntax, line: line, "`len` cannot measure \(arguments[0].kindName).")
            }
        case "index":
            try need(1...Int.max)
            var value = arguments[0]
            for key in arguments.dropFirst() {
                if case .list(let keys) = key, count == 2 {
                    for inner in keys.items { value = try index(value, inner, line: line) }
                } else {
                    value = try index(value, key, line: line)
                }
            }
            return value
        case "isset":
            try need(2...2)
            switch (arguments[0], arguments[1]) {
            case (.list(let list), .int(let position)): return .bool(position >= 0 && position < list.items.count)
            case (.map(let map), let key): return .bool(key.textValue.map { map.entries[$0] != nil } ?? false)
            case (.object(let object), let key):
                return .bool(key.textValue.map { Self.lookUp($0, in: object) != nil } ?? false)
            default: return .bool(false)
            }
        case "in":
            try need(2...2)
            if let text = arguments[0].textValue {
                return .bool(text.contains(try string(1)))
            }
            return .bool(try items(arguments[0], of: written, line: line).contains { Self.equal($0, arguments[1]) })
        case "first", "last", "after":
            try need(2...2)
            let limit = try integer(0)
            guard limit >= 0 else { throw DialectError(.syntax, line: line, "`\(written)` needs a count of 0 or more.") }
            if arguments[1].isNull { return .list(GoList([])) }
            let all = try items(arguments[1], of: written, line: line)
            switch name {
            case "first": return .list(GoList(Array(all.prefix(limit))))
            case "last": return .list(GoList(Array(all.suffix(limit))))
            default: return .list(GoList(Array(all.dropFirst(limit))))
            }
        case "slice":
            return try makeList(arguments, line: line)
        case "dict":
            guard count.isMultiple(of: 2) else {
                throw DialectError(.syntax, line: line, "`dict` takes names and values in pairs.")
            }
            var entries: [String: GoValue] = [:]
            for pair in stride(from: 0, to: count, by: 2) {
                entries[try string(pair)] = arguments[pair + 1]
            }
            return try makeMap(entries, line: line)
        case "merge":
            try need(2...Int.max)
            var entries: [String: GoValue] = [:]
            for argument in arguments {
                entries = Self.merged(entries, try self.entries(argument, of: written, line: line))
            }
            return try makeMap(entries, line: line)
        case "append":
            try need(2...Int.max)
            let collection = arguments[count - 1]
            var elements = Array(arguments.dropLast())
            if elements.count == 1, case .list(let more) = elements[0] { elements = more.items }
            let existing = collection.isNull ? [] : try items(collection, of: written, line: line)
            return try makeList(existing + elements, line: line)
        case "seq":
            try need(1...3)
            var first = 1, step = 1, last: Int
            switch count {
            case 1: last = try integer(0); if last < 0 { first = -1; step = -1 }
            case 2: first = try integer(0); last = try integer(1); step = first <= last ? 1 : -1
            default: first = try integer(0); step = try integer(1); last = try integer(2)
            }
            guard step != 0, (step > 0) == (first <= last) || first == last else { return .list(GoList([])) }
            let (difference, overflows) = last.subtractingReportingOverflow(first)
            let (span, divisionOverflows) = difference.dividedReportingOverflow(by: step)
            guard !overflows, !divisionOverflows, span < Limits.dialectCollectionItems else {
                throw DialectError(.limit, line: line, "`seq` would make more than \(Limits.dialectCollectionItems) numbers.")
            }
            return .list(GoList(stride(from: first, through: last, by: step).map { .int($0) }))
        case "delimit", "join":
            try need(2...3)
            let values: [GoValue]
            switch arguments[0] {
            case .map(let map): values = map.sortedKeys.map { map.entries[$0] ?? .null }
            default: values = try items(arguments[0], of: written, line: line)
            }
            let texts = try values.map { (value) throws(DialectError) -> String in try GoFormatter.display(value, line: line) }
            let separator = try string(1)
            guard count == 3, texts.count >= 2 else { return .text(try bounded(texts.joined(separator: separator), line: line)) }
            let lastSeparator = try string(2)
            return .text(try bounded(texts.dropLast().joined(separator: separator) + lastSeparator + texts[texts.count - 1], line: line))
        case "split":
            try need(2...2)
            let text = try string(0), separator = try string(1)
            let parts: [String]
            if separator.isEmpty {
                parts = text.map(String.init)
            } else {
                parts = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            }
            return try makeList(parts.map { .text($0) }, line: line)
        case "querify":
            var pairs: [(String, GoValue)] = []
            if count == 1, case .map(let map) = arguments[0] {
                pairs = map.sortedKeys.map { ($0, map.entries[$0] ?? .null) }
            } else if count == 1, case .list(let list) = arguments[0] {
                guard list.items.count.isMultiple(of: 2) else { throw DialectError(.syntax, line: line, "`querify` takes pairs.") }
                for pair in stride(from: 0, to: list.items.count, by: 2) {
                    pairs.append((try self.string(list.items[pair], of: written, line: line), list.items[pair + 1]))
                }
            } else {
                guard count.isMultiple(of: 2) else { throw DialectError(.syntax, line: line, "`querify` takes names and values in pairs.") }
                for pair in stride(from: 0, to: count, by: 2) { pairs.append((try string(pair), arguments[pair + 1])) }
            }
            // Go's url.Values.Encode: sorted by name, values kept in order.
            let sorted = pairs.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
            var parts: [String] = []
            for (key, value) in sorted {
                parts.append(Self.queryEscape(key) + "=" + Self.queryEscape(try GoFormatter.display(value, line: line)))
            }
            return .text(parts.joined(separator: "&"))
        case "uniq":
            try need(1...1)
            var unique: [GoValue] = []
            for item in try items(arguments[0], of: written, line: line) where !unique.contains(where: { Self.equal($0, item) }) {
                unique.append(item)
            }
            return .list(GoList(unique))
        case "reverse":
            try need(1...1)
            return .list(GoList(try items(arguments[0], of: written, line: line).reversed()))
        case "sort":
            try need(1...3)
            // `sort LIST`, `sort LIST "value" "desc"`, `sort LIST "Weight"` (a key of each item).
            let key = count >= 2 ? try string(1) : "value"
            var descending = false
            if count == 3 { descending = try string(2).lowercased() == "desc" }
            let all: [GoValue]
            if case .map(let map) = arguments[0] { all = map.sortedKeys.map { map.entries[$0] ?? .null } } else {
                all = try items(arguments[0], of: written, line: line)
            }
            var sortKeys: [GoValue] = []
            for item in all {
                var value = item
                if key != "value" {
                    for field in key.split(separator: ".") { value = try member(String(field), of: value, line: line) }
                }
                sortKeys.append(value)
            }
            var failure: DialectError?
            let order = sortKeys.indices.sorted { left, right in
                do throws(DialectError) {
                    let comparison = try compare(sortKeys[left], sortKeys[right], of: written, line: line)
                    return comparison == 0 ? left < right : comparison < 0
                } catch {
                    failure = error
                    return false
                }
            }
            let sorted = order.map { all[$0] }
            if let failure { throw failure }
            return .list(GoList(descending ? sorted.reversed() : sorted))
        case "where":
            throw DialectError(.unsupported(construct: "where"), line: line, "`where` is not supported in shortcodes.")

        // MARK: Text
        case "print":
            var result = ""
            for (position, argument) in arguments.enumerated() {
                // Go's Sprint puts a space between two operands when neither is a string.
                if position > 0, arguments[position - 1].textValue == nil, argument.textValue == nil { result += " " }
                result += try GoFormatter.verbV(argument, line: line)
            }
            return .text(try bounded(result, line: line))
        case "println":
            let texts = try arguments.map { (value) throws(DialectError) -> String in try GoFormatter.verbV(value, line: line) }
            return .text(try bounded(texts.joined(separator: " ") + "\n", line: line))
        case "printf", "warnf", "errorf", "erroridf":
            let offset = name == "erroridf" ? 1 : 0
            try need((1 + offset)...Int.max)
            let message = try GoPrintf.format(try string(offset), Array(arguments.dropFirst(1 + offset)), line: line)
            switch name {
            case "printf": return .text(message)
            case "warnf": return .text("")
            default: throw DialectError(.unsupported(construct: written), line: line, "The shortcode stops the build: \(message)")
            }
        case "string":
            try need(1...1)
            return .text(try GoFormatter.display(arguments[0], line: line))
        case "int":
            try need(1...1)
            return .int(try integer(0))
        case "float":
            try need(1...1)
            return .double(try double(arguments[0], of: written, line: line))
        case "lower":
            try need(1...1)
            return .text(try string(0).lowercased())
        case "upper":
            try need(1...1)
            return .text(try string(0).uppercased())
        case "strings.FirstUpper":
            try need(1...1)
            let text = try string(0)
            return .text((text.first.map { String($0).uppercased() } ?? "") + text.dropFirst())
        case "title":
            try need(1...1)
            return .text(GoTextFunctions.title(try string(0)))
        case "humanize":
            try need(1...1)
            if case .int(let number) = arguments[0] { return .text(GoTextFunctions.ordinal(number)) }
            let text = try string(0)
            if let number = Int(text) { return .text(GoTextFunctions.ordinal(number)) }
            return .text(GoTextFunctions.humanize(text))
        case "trim":
            try need(2...2)
            let cutset = Set(try string(1).unicodeScalars)
            return .text(GoTextFunctions.trimming(try string(0), leading: true, trailing: true) { cutset.contains($0) })
        case "strings.TrimLeft", "strings.TrimRight":
            try need(2...2)
            let cutset = Set(try string(0).unicodeScalars)
            let left = name == "strings.TrimLeft"
            return .text(GoTextFunctions.trimming(try string(1), leading: left, trailing: !left) { cutset.contains($0) })
        case "strings.TrimSpace":
            try need(1...1)
            return .text(GoTextFunctions.trimming(try string(0), leading: true, trailing: true) { $0.properties.isWhitespace })
        case "chomp":
            try need(1...1)
            var text = try string(0)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            return .text(text)
        case "strings.TrimPrefix":
            try need(2...2)
            let prefix = try string(0), text = try string(1)
            return .text(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        case "strings.TrimSuffix":
            try need(2...2)
            let suffix = try string(0), text = try string(1)
            return .text(text.hasSuffix(suffix) && !suffix.isEmpty ? String(text.dropLast(suffix.count)) : text)
        case "hasPrefix":
            try need(2...2)
            return .bool(try string(0).utf8.starts(with: try string(1).utf8))
        case "hasSuffix":
            try need(2...2)
            return .bool(try string(0).utf8.reversed().starts(with: try string(1).utf8.reversed()))
        case "strings.Contains":
            try need(2...2)
            let text = try string(0), part = try string(1)
            return .bool(part.isEmpty || text.contains(part))
        case "strings.ContainsAny":
            try need(2...2)
            let characters = Set(try string(1).unicodeScalars)
            return .bool(try string(0).unicodeScalars.contains { characters.contains($0) })
        case "strings.Count":
            try need(2...2)
            let part = try string(0), text = try string(1)
            return .int(part.isEmpty ? text.unicodeScalars.count + 1 : text.split(separator: part, omittingEmptySubsequences: false).count - 1)
        case "strings.Repeat":
            try need(2...2)
            let times = try integer(0), text = try string(1)
            let (size, overflows) = times.multipliedReportingOverflow(by: max(text.utf8.count, 1))
            guard times >= 0, !overflows, size <= Limits.dialectOutputBytes else {
                throw DialectError(.limit, line: line, "`strings.Repeat` would build more than \(Limits.dialectOutputBytes) bytes.")
            }
            return .text(String(repeating: text, count: times))
        case "replace":
            try need(3...4)
            let text = try string(0), old = try string(1), new = try string(2)
            let limit = count == 4 ? try integer(3) : -1
            return .text(try bounded(GoTextFunctions.replacing(old, with: new, in: text, limit: limit), line: line))
        case "replaceRE":
            try need(3...4)
            let limit = count == 4 ? try integer(3) : -1
            return .text(try GoRegularExpression(try string(0), line: line)
                .replacing(in: try string(2), with: try string(1), limit: limit, line: line))
        case "findRE":
            try need(2...3)
            let limit = count == 3 ? try integer(2) : -1
            let found = try GoRegularExpression(try string(0), line: line).matches(in: try string(1), limit: limit, line: line)
            return try makeList(found.map { .text($0) }, line: line)
        case "substr":
            try need(2...3)
            let characters = Array(try string(0))
            var start = try integer(1)
            if start < 0 { start = max(0, characters.count + start) }
            start = min(start, characters.count)
            var end = characters.count
            if count == 3 {
                let length = try integer(2)
                end = length < 0 ? max(start, characters.count + length) : start + min(length, characters.count - start)
            }
            return .text(String(characters[start..<max(start, end)]))
        case "truncate":
            try need(2...3)
            let limit = try integer(0)
            let ellipsis = count == 3 ? try string(1) : " …"
            let text = try string(count - 1)
            guard text.count > limit else { return arguments[count - 1] }
            return .text(String(text.prefix(max(0, limit))) + ellipsis)
        case "countwords":
            try need(1...1)
            return .int(GoHTMLEscaping.strippingTags(try string(0)).split(whereSeparator: \.isWhitespace).count)
        case "urlize":
            try need(1...1)
            return .text(GoTextFunctions.urlize(try string(0)))
        case "anchorize":
            try need(1...1)
            return .text(GoTextFunctions.anchorize(try string(0)))

        // MARK: Numbers
        case "add", "sub", "mul", "div", "mod":
            try need(2...Int.max)
            var result = arguments[0]
            for operand in arguments.dropFirst() {
                result = try arithmetic(name, result, operand, line: line)
            }
            return result
        case "math.Floor", "math.Ceil", "math.Round":
            try need(1...1)
            let value = try double(arguments[0], of: written, line: line)
            let rule: FloatingPointRoundingRule = name == "math.Floor" ? .down : name == "math.Ceil" ? .up : .toNearestOrAwayFromZero
            return .double(value.rounded(rule))
        case "math.Max", "math.Min":
            try need(1...Int.max)
            let values = try arguments.map { (value) throws(DialectError) -> Double in try double(value, of: written, line: line) }
            return .double((name == "math.Max" ? values.max() : values.min()) ?? 0)

        // MARK: HTML and URLs
        case "safeHTML", "safeURL", "safeHTMLAttr", "safeCSS", "safeJS":
            try need(1...1)
            let kinds: [String: GoSafeKind] = [
                "safeHTML": .html, "safeURL": .url, "safeHTMLAttr": .htmlAttribute, "safeCSS": .css, "safeJS": .javaScript,
            ]
            return .safe(try GoFormatter.display(arguments[0], line: line), kinds[name] ?? .html)
        case "htmlEscape":
            try need(1...1)
            return .text(GoHTMLEscaping.htmlFunction(try string(0)))
        case "htmlUnescape":
            try need(1...1)
            return .text(GoTextFunctions.unescapingHTML(try string(0)))
        case "plainify":
            try need(1...1)
            return .text(GoHTMLEscaping.strippingTags(try string(0)))
        case "markdownify":
            try need(1...1)
            return .safe(call.markdownify(try string(0)), .html)
        case "emojify":
            try need(1...1)
            return .safe(try string(0), .html)
        case "jsonify":
            try need(1...2)
            var indent: String?
            if count == 2, case .map(let options) = arguments[0] {
                let prefix = options.entries["prefix"]?.textValue ?? ""
                indent = prefix + (options.entries["indent"]?.textValue ?? "  ")
            }
            return .safe(try GoFormatter.json(arguments[count - 1], indent: indent, line: line), .html)
        case "urlquery":
            let texts = try arguments.map { (value) throws(DialectError) -> String in try GoFormatter.display(value, line: line) }
            return .text(Self.queryEscape(texts.joined()))
        case "absURL", "relURL", "absLangURL", "relLangURL":
            try need(1...1)
            let base = GoValue(call.site).objectMember("BaseURL")?.textValue ?? "/"
            let isAbsolute = name.hasPrefix("abs")
            return .text(GoTextFunctions.siteURL(try string(0), base: base, absolute: isAbsolute))
        case "ref", "relref":
            try need(2...2)
            let path: String
            if case .map(let options) = arguments[1] {
                path = try self.string(options.entries["path"] ?? .null, of: written, line: line)
            } else if case .list(let list) = arguments[1] {
                // Hugo's own `ref` shortcode passes its arguments: the path, then an output format.
                path = try self.string(list.items.first ?? .null, of: written, line: line)
            } else {
                path = try string(1)
            }
            guard let url = call.resolveRef(path) else {
                throw DialectError(.unsupported(construct: written), line: line, "`\(written)` finds no page at “\(path)”.")
            }
            if name == "ref", !url.contains("://") {
                let base = GoValue(call.site).objectMember("BaseURL")?.textValue ?? "/"
                return .text(GoTextFunctions.siteURL(url, base: base, absolute: true))
            }
            return .text(url)
        case "highlight":
            try need(2...3)
            let options = count == 3 ? try GoFormatter.display(arguments[2], line: line) : ""
            return .safe(call.highlight(try string(0), try string(1), options), .html)

        // MARK: Site, language, time
        case "site":
            return GoValue(call.site)
        case "page":
            return GoValue(call.page)
        case "newScratch":
            return .store(GoStore())
        case "urls.Parse":
            try need(1...1)
            let parts = GoTextFunctions.urlParts(try string(0))
            var entries = parts.mapValues { GoValue.text($0) }
            entries["IsAbs"] = .bool(parts["Scheme"]?.isEmpty == false)
            return try makeMap(entries, line: line)
        case "urls.JoinPath":
            try need(1...Int.max)
            var parts: [String] = []
            for argument in arguments {
                if case .list(let list) = argument {
                    for item in list.items { parts.append(try self.string(item, of: written, line: line)) }
                } else {
                    parts.append(try self.string(argument, of: written, line: line))
                }
            }
            return .text(GoTextFunctions.joinedPath(parts))
        case "T", "i18n":
            // The translation, its `{{ .Count }}` given by the second argument (a number, or a
            // map with `Count`); as in Hugo, nothing for a key the site does not translate.
            try need(1...2)
            // A count is a number: the word grows by a few characters for each `{{ .Count }}`.
            var count = arguments.count == 2 ? arguments[1] : .null
            if case .map(let map) = count { count = map.entries["Count"] ?? .null }
            let number: String
            switch count {
            case .int(let value): number = String(value)
            case .double(let value) where value.isFinite: number = String(value)
            default: number = ""
            }
            let whole: Int? = if case .int(let value) = count { value } else { nil }
            guard let word = call.translate(try string(0), whole) else { return .text("") }
            guard word.contains(".Count") else { return .text(word) }
            return .text(GoTextFunctions.filledCount(word, with: number))
        case "dateFormat":
            try need(2...2)
            return .text(try GoTime.format(try string(1), layout: try string(0), line: line))
        case "hugo.IsServer", "hugo.IsDevelopment":
            // sitegen builds a site the way `hugo` (not `hugo server`) does.
            return .bool(false)
        case "hugo.IsProduction":
            return .bool(true)
        case "hugo.Environment":
            return .text("production")
        case "reflect.IsMap":
            try need(1...1)
            if case .map = arguments[0] { return .bool(true) }
            if case .object(let object) = arguments[0], object is TemplateDictionary { return .bool(true) }
            return .bool(false)
        case "reflect.IsSlice":
            try need(1...1)
            if case .list = arguments[0] { return .bool(true) }
            return .bool(false)
        default:
            throw DialectError(.unsupported(construct: written), line: line, "The function `\(written)` is not supported.")
        }
    }

    // MARK: Argument conversion

    /// A value as text: texts, numbers and yes/no, as Hugo's functions take them.
    func string(_ value: GoValue, of function: String, line: Int) throws(DialectError) -> String {
        switch value {
        case .text(let text), .safe(let text, _): return text
        case .int, .double, .bool: return try GoFormatter.display(value, line: line)
        case .null: return ""
        default: throw DialectError(.syntax, line: line, "`\(function)` needs a string, not \(value.kindName).")
        }
    }

    func integer(_ value: GoValue, of function: String, line: Int) throws(DialectError) -> Int {
        switch value {
        case .int(let number): return number
        case .double(let number) where number.isFinite && abs(number) < 9e18: return Int(number)
        case .bool(let flag): return flag ? 1 : 0
        case .null: return 0
        case .text(let text), .safe(let text, _):
            let trimmed = text.trimmingGoSpace
            if let number = Int(trimmed) { return number }
            if let number = Double(trimmed), number.isFinite, abs(number) < 9e18 { return Int(number) }
            throw DialectError(.syntax, line: line, "`\(function)` needs a number, not “\(text)”.")
        default: throw DialectError(.syntax, line: line, "`\(function)` needs a number, not \(value.kindName).")
        }
    }

    func double(_ value: GoValue, of function: String, line: Int) throws(DialectError) -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .null: return 0
        case .text(let text), .safe(let text, _):
            if let number = Double(text.trimmingGoSpace) { return number }
            throw DialectError(.syntax, line: line, "`\(function)` needs a number, not “\(text)”.")
        default: throw DialectError(.syntax, line: line, "`\(function)` needs a number, not \(value.kindName).")
        }
    }

    func items(_ value: GoValue, of function: String, line: Int) throws(DialectError) -> [GoValue] {
        switch value {
        case .list(let list): return list.items
        case .null: return []
        case .map(let map): return map.sortedKeys.map { map.entries[$0] ?? .null }
        default: throw DialectError(.syntax, line: line, "`\(function)` needs a list, not \(value.kindName).")
        }
    }

    private func entries(_ value: GoValue, of function: String, line: Int) throws(DialectError) -> [String: GoValue] {
        switch value {
        case .map(let map): return map.entries
        case .null: return [:]
        case .object(let object as TemplateDictionary): return object.members.mapValues(GoValue.init)
        default: throw DialectError(.syntax, line: line, "`\(function)` needs a map, not \(value.kindName).")
        }
    }

    private func bounded(_ text: String, line: Int) throws(DialectError) -> String {
        guard text.utf8.count <= Limits.dialectOutputBytes else {
            throw DialectError(.limit, line: line, "A text would be longer than \(Limits.dialectOutputBytes) bytes.")
        }
        return text
    }

    // MARK: Semantics

    /// Hugo's `default`: a value is set unless it is nil, an empty text, list or map, or zero.
    static func isSet(_ value: GoValue) -> Bool {
        switch value {
        case .bool: true
        default: value.isTruthy
        }
    }

    /// Hugo's `eq`: numbers by value whatever their type, texts by text, lists and maps deeply.
    static func equal(_ left: GoValue, _ right: GoValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.double(let a), .double(let b)): return a == b
        case (.list(let a), .list(let b)):
            return a.items.count == b.items.count && zip(a.items, b.items).allSatisfy { equal($0, $1) }
        case (.map(let a), .map(let b)):
            return a.entries.count == b.entries.count && a.entries.allSatisfy { key, value in b.entries[key].map { equal(value, $0) } ?? false }
        default:
            if let a = left.textValue, let b = right.textValue { return a == b }
            return false
        }
    }

    /// The order of two numbers or two texts: negative, zero or positive.
    func compare(_ left: GoValue, _ right: GoValue, of function: String, line: Int) throws(DialectError) -> Int {
        switch (left, right) {
        case (.int(let a), .int(let b)): return a < b ? -1 : a == b ? 0 : 1
        case (.int, .double), (.double, .int), (.double, .double):
            let a = try double(left, of: function, line: line), b = try double(right, of: function, line: line)
            return a < b ? -1 : a == b ? 0 : 1
        default:
            if let a = left.textValue, let b = right.textValue { return a < b ? -1 : a == b ? 0 : 1 }
            throw DialectError(.syntax, line: line, "`\(function)` cannot compare \(left.kindName) with \(right.kindName).")
        }
    }

    private func arithmetic(_ operation: String, _ left: GoValue, _ right: GoValue, line: Int) throws(DialectError) -> GoValue {
        if operation == "add", let a = left.textValue, let b = right.textValue {
            return .text(try bounded(a + b, line: line))
        }
        switch (left, right) {
        case (.int(let a), .int(let b)):
            let result: (partialValue: Int, overflow: Bool)
            switch operation {
            case "add": result = a.addingReportingOverflow(b)
            case "sub": result = a.subtractingReportingOverflow(b)
            case "mul": result = a.multipliedReportingOverflow(by: b)
            default:
                guard b != 0 else { throw DialectError(.syntax, line: line, "`\(operation)` by zero.") }
                result = operation == "div" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            }
            guard !result.overflow else { throw DialectError(.limit, line: line, "`\(operation)` overflows.") }
            return .int(result.partialValue)
        default:
            let a = try number(left, of: operation, line: line), b = try number(right, of: operation, line: line)
            switch operation {
            case "add": return .double(a + b)
            case "sub": return .double(a - b)
            case "mul": return .double(a * b)
            case "div":
                guard b != 0 else { throw DialectError(.syntax, line: line, "`div` by zero.") }
                return .double(a / b)
            default:
                return .int(try arithmetic("mod", .int(try integer(left, of: "mod", line: line)),
                                           .int(try integer(right, of: "mod", line: line)), line: line).intValue)
            }
        }
    }

    private func number(_ value: GoValue, of function: String, line: Int) throws(DialectError) -> Double {
        switch value {
        case .int, .double: return try double(value, of: function, line: line)
        default: throw DialectError(.syntax, line: line, "`\(function)` needs numbers, not \(value.kindName).")
        }
    }

    func index(_ collection: GoValue, _ key: GoValue, line: Int) throws(DialectError) -> GoValue {
        switch collection {
        case .null: return .null
        case .list(let list):
            let position = try integer(key, of: "index", line: line)
            return position >= 0 && position < list.items.count ? list.items[position] : .null
        case .map(let map):
            return map.entries[try string(key, of: "index", line: line)] ?? .null
        case .object(let object):
            return Self.lookUp(try string(key, of: "index", line: line), in: object) ?? .null
        case .store(let store):
            return store.entries[try string(key, of: "index", line: line)] ?? .null
        default:
            throw DialectError(.syntax, line: line, "`index` cannot look into \(collection.kindName).")
        }
    }

    /// Hugo's `merge`: later maps win, maps inside maps are merged too.
    private static func merged(_ base: [String: GoValue], _ overlay: [String: GoValue]) -> [String: GoValue] {
        var result = base
        for (key, value) in overlay {
            if case .map(let inner)? = result[key], case .map(let newer) = value {
                result[key] = .map(GoMap(merged(inner.entries, newer.entries)))
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// Go's `url.QueryEscape`: unreserved characters kept, space as `+`, the rest `%XX`.
    static func queryEscape(_ text: String) -> String {
        GoHTMLEscaping.queryComponent(text).replacing("%20", with: "+")
    }
}

extension GoValue {
    /// A member of an object value, or of a map.
    func objectMember(_ name: String) -> GoValue? {
        switch self {
        case .object(let object): GoTemplateRenderer.lookUp(name, in: object)
        case .map(let map): map.entries[name]
        default: nil
        }
    }

    var intValue: Int {
        if case .int(let value) = self { return value }
        return 0
    }
}

extension String {
    var trimmingGoSpace: String {
        GoTextFunctions.trimming(self, leading: true, trailing: true) { $0.properties.isWhitespace }
    }
}
