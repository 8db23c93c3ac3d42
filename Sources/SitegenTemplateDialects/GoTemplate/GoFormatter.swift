import SitegenLimits
import SitegenTemplates

/// Values as text the way Go writes them: `fmt`'s `%v` (`[a b]`, `map[k:v]`, `1e+06`) and
/// `encoding/json` (keys in order, `<`, `>` and `&` as `\u003c`…).
///
/// Both stop at ``Limits/dialectOutputBytes``: a value built from itself (`slice $x $x` again
/// and again) is small in memory but can be huge as text.
enum GoFormatter {
    /// `value` as printed by `{{ value }}`: nil prints nothing.
    static func display(_ value: GoValue, line: Int) throws(DialectError) -> String {
        if case .null = value { return "" }
        return try verbV(value, line: line)
    }

    /// `value` as `fmt`'s `%v` writes it: nil is `<nil>`.
    static func verbV(_ value: GoValue, line: Int) throws(DialectError) -> String {
        var output = ""
        try writeV(value, into: &output, line: line)
        return output
    }

    private static func writeV(_ value: GoValue, into output: inout String, line: Int) throws(DialectError) {
        switch value {
        case .null: output += "<nil>"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += goFloat(value)
        case .text(let text), .safe(let text, _): output += text
        case .list(let list):
            output += "["
            for (index, item) in list.items.enumerated() {
                if index > 0 { output += " " }
                try writeV(item, into: &output, line: line)
            }
            output += "]"
        case .map(let map):
            output += "map["
            for (index, key) in map.sortedKeys.enumerated() {
                if index > 0 { output += " " }
                output += key + ":"
                try writeV(map.entries[key] ?? .null, into: &output, line: line)
            }
            output += "]"
        case .object(let object):
            if let dictionary = object as? TemplateDictionary {
                try writeV(.map(GoMap(dictionary.members.mapValues(GoValue.init))), into: &output, line: line)
            }
        case .shortcode, .store:
            break
        }
        try check(output, line: line)
    }

    private static func check(_ output: String, line: Int) throws(DialectError) {
        guard output.utf8.count <= Limits.dialectOutputBytes else {
            throw DialectError(.limit, line: line, "A value is longer than \(Limits.dialectOutputBytes) bytes as text.")
        }
    }

    /// A float as `%v` writes it: the shortest digits, with an exponent from 1e+06 up and
    /// below 1e-4, as Go's `%g` with the shortest precision; JSON's from 1e21 and below 1e-6.
    static func goFloat(_ value: Double, json: Bool = false) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == 0 { return value.sign == .minus && !json ? "-0" : "0" }
        let (digits, pointPosition) = shortestDigits(abs(value))
        let sign = value < 0 ? "-" : ""
        let exponent = pointPosition - 1
        let usesExponent = json ? (exponent < -6 || exponent >= 21) : (exponent < -4 || exponent >= 6)
        if !usesExponent {
            if pointPosition <= 0 { return sign + "0." + String(repeating: "0", count: -pointPosition) + digits }
            if pointPosition >= digits.count { return sign + digits + String(repeating: "0", count: pointPosition - digits.count) }
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            return sign + digits[..<split] + "." + digits[split...]
        }
        let mantissa = digits.count > 1 ? String(digits.prefix(1)) + "." + digits.dropFirst() : digits
        let magnitude = abs(exponent)
        let exponentText = magnitude < 10 && !json ? "0" + String(magnitude) : String(magnitude)
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + exponentText
    }

    /// The shortest decimal digits that read back as `value` (positive), and where the decimal
    /// point goes among them, from Swift's own shortest description.
    private static func shortestDigits(_ value: Double) -> (String, Int) {
        let description = "\(value)"
        let parts = description.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0]
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = String(pieces[0])
        let fraction = pieces.count == 2 ? String(pieces[1]) : ""
        var digits = integer + fraction
        var point = integer.count + exponent
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        return (digits, point)
    }

    // MARK: JSON

    /// `value` as `encoding/json` writes it; `indent` lays it out over lines.
    static func json(_ value: GoValue, indent: String? = nil, line: Int) throws(DialectError) -> String {
        var output = ""
        try writeJSON(value, into: &output, indent: indent, level: 0, line: line)
        return output
    }

    private static func writeJSON(
        _ value: GoValue, into output: inout String, indent: String?, level: Int, line: Int
    ) throws(DialectError) {
        func newline(_ level: Int) {
            guard let indent else { return }
            output += "\n" + String(repeating: indent, count: level)
        }
        switch value {
        case .null, .shortcode, .store: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? goFloat(value, json: true) : "null"
        case .text(let text), .safe(let text, _): output += jsonString(text)
        case .list(let list):
            if list.items.isEmpty { output += "[]"; break }
            output += "["
            for (index, item) in list.items.enumerated() {
                if index > 0 { output += "," }
                newline(level + 1)
                try writeJSON(item, into: &output, indent: indent, level: level + 1, line: line)
            }
            newline(level)
            output += "]"
        case .map(let map):
            try writeJSONObject(map.sortedKeys.map { ($0, map.entries[$0] ?? .null) }, into: &output, indent: indent, level: level, line: line)
        case .object(let object):
            if let dictionary = object as? TemplateDictionary {
                let entries = dictionary.members.keys.sorted().map { ($0, GoValue(dictionary.members[$0] ?? .null)) }
                try writeJSONObject(entries, into: &output, indent: indent, level: level, line: line)
            } else {
                output += "{}"
            }
        }
        try check(output, line: line)
    }

    private static func writeJSONObject(
        _ entries: [(String, GoValue)], into output: inout String, indent: String?, level: Int, line: Int
    ) throws(DialectError) {
        if entries.isEmpty { output += "{}"; return }
        output += "{"
        for (index, (key, item)) in entries.enumerated() {
            if index > 0 { output += "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            output += jsonString(key) + (indent == nil ? ":" : ": ")
            try writeJSON(item, into: &output, indent: indent, level: level + 1, line: line)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += "}"
    }

    /// A JSON string, with `<`, `>` and `&` escaped so it is safe in HTML, as Go does.
    static func jsonString(_ text: String) -> String {
        StringLiteral.quoted(text, as: .htmlSafeJSON)
    }
}
