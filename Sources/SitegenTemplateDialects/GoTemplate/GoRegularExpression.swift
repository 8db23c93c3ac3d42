import SitegenLimits

/// A regular expression of `replaceRE` and `findRE`, run by Swift's `Regex` on Unicode scalars
/// (Go's RE2 syntax and Swift's agree on what templates write: classes, groups, `(?i)`,
/// `(?P<name>…)`). Swift's engine backtracks where RE2 does not, so patterns and texts are
/// bounded in size.
struct GoRegularExpression {
    private let regex: Regex<AnyRegexOutput>
    private let line: Int
    /// The longest pattern, in bytes.
    static let patternBytes = 4_096

    init(_ pattern: String, line: Int) throws(DialectError) {
        self.line = line
        guard pattern.utf8.count <= Self.patternBytes else {
            throw DialectError(.limit, line: line, "A regular expression is longer than \(Self.patternBytes) bytes.")
        }
        do {
            regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        } catch {
            throw DialectError(.syntax, line: line, "“\(pattern)” is not a regular expression sitegen can read.")
        }
    }

    /// The texts of up to `limit` matches (all when negative).
    func matches(in text: String, limit: Int, line: Int) throws(DialectError) -> [String] {
        guard limit != 0 else { return [] }
        var found: [String] = []
        for match in text.matches(of: regex) {
            found.append(String(text[match.range]))
            if limit > 0, found.count >= limit { break }
            guard found.count <= Limits.dialectCollectionItems else {
                throw DialectError(.limit, line: line, "`findRE` finds more than \(Limits.dialectCollectionItems) matches.")
            }
        }
        return found
    }

    /// `text` with up to `limit` matches (all when negative) replaced by `template`, where
    /// `$1`, `${1}`, `$name` and `${name}` stand for groups and `$$` for `$`, as in Go.
    func replacing(in text: String, with template: String, limit: Int, line: Int) throws(DialectError) -> String {
        var result = ""
        var last = text.startIndex
        var done = 0
        for match in text.matches(of: regex) {
            if limit >= 0, done >= limit { break }
            result += text[last..<match.range.lowerBound]
            result += expand(template, match: match, in: text)
            last = match.range.upperBound
            done += 1
            guard result.utf8.count <= Limits.dialectOutputBytes else {
                throw DialectError(.limit, line: line, "`replaceRE` would build more than \(Limits.dialectOutputBytes) bytes.")
            }
        }
        return result + text[last...]
    }

    private func expand(_ template: String, match: Regex<AnyRegexOutput>.Match, in text: String) -> String {
        guard template.contains("$") else { return template }
        var result = ""
        let scalars = Array(template.unicodeScalars)
        var index = 0
        func group(_ name: String) -> String {
            if let number = Int(name) {
                guard number < match.output.count, let range = match.output[number].range else { return "" }
                return String(text[range])
            }
            guard let element = match.output[name], let range = element.range else { return "" }
            return String(text[range])
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "$", index < scalars.count else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if scalars[index] == "$" {
                result += "$"
                index += 1
            } else if scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}") {
                result += group(String(String.UnicodeScalarView(scalars[(index + 1)..<close])))
                index = close + 1
            } else {
                var name = String.UnicodeScalarView()
                while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil || scalars[index] == "_" {
                    name.append(scalars[index])
                    index += 1
                }
                if name.isEmpty { result += "$" } else { result += group(String(name)) }
            }
        }
        return result
    }
}
