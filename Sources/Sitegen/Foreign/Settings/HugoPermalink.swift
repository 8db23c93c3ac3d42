import Foundation

/// One of Hugo's permalink patterns, such as `/p/:slug/` or `/:year/:month/:sections[1:]/:title/`:
/// text with tokens that a page's facts fill in.
///
/// Tokens: `:year`, `:month` (two digits), `:monthname`, `:day` (two digits), `:weekday` (0 is
/// Sunday), `:weekdayname`, `:yearday` (1 to 366) — from the page's date, in UTC —; `:section`
/// (the top section), `:sections` (every section, as a path, optionally sliced as Go slices
/// are: `[1:]` all but the first, `[:last]` all but the last, `[last]` the last, `[0]` the
/// first); `:title`; `:slug` (the `slug`, else the title); `:filename` and `:contentbasename`
/// (the file's name without extension; a bundle's folder name); `:slugorfilename` and
/// `:slugorcontentbasename` (the `slug`, else that name). Titles and slugs are made URL path
/// components by ``Slug``. A `:word` that is no token stays as it is written.
struct HugoPermalink: Sendable, Hashable {
    /// The pattern as written.
    let pattern: String

    /// The names of the tokens.
    static let tokens: Set<String> = ["year", "month", "monthname", "day", "weekday", "weekdayname", "yearday", "section", "sections",
                                      "title", "slug", "filename", "contentbasename", "slugorfilename", "slugorcontentbasename"]

    /// Why `pattern` is no path pattern of the site (the words follow it in a message), or `nil`
    /// when it is one: it must start with `/`, stay inside the site and use only known tokens.
    static func refusal(of pattern: String) -> String? {
        guard pattern.hasPrefix("/"), !pattern.hasPrefix("//"), !pattern.contains("://") else {
            return "must be a path from the site's root, such as /:year/:slug/"
        }
        let decoded = URLPath.decoded(pattern)
        if decoded.split(separator: "/").contains(where: { $0 == ".." }) { return "would leave the output folder" }
        if let control = decoded.unicodeScalars.first(where: URLPath.isControl) {
            return "holds a control character (U+" + String(format: "%04X", control.value) + ")"
        }
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let name = rest[rest.index(after: colon)...].prefix { $0.isASCII && $0.isLetter }
            if !name.isEmpty, !tokens.contains(String(name)) { return "has the unknown token :\(name)" }
            rest = rest[name.endIndex...]
        }
        return nil
    }

    /// What a pattern is filled in with: one page's (or list page's) facts.
    struct Facts: Sendable {
        /// The page's date, if it has one.
        var date: Date?
        /// The page's sections, top first, as their folders are named (`["docs", "guides"]`).
        var sections: [String]
        /// The page's title: its `title`, else the name Hugo would give it.
        var title: String
        /// The `slug` of its front matter, if any.
        var slug: String?
        /// The file's name without extension, or its bundle folder's name.
        var contentBaseName: String
    }

    /// The URL path the pattern gives for `facts` (decoded, from the language's root, such as
    /// `p/ショートコード/`), with `lowercased` paths as Hugo makes them unless
    /// `disablePathToLower` is set. Empty components are dropped.
    func path(for facts: Facts, lowercased: Bool) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let afterColon = rest.index(after: colon)
            let name = rest[afterColon...].prefix { $0.isASCII && $0.isLetter }
            var end = name.endIndex
            var slice: Substring?
            if name == "sections", end < rest.endIndex, rest[end] == "[", let close = rest[end...].firstIndex(of: "]") {
                slice = rest[rest.index(after: end)..<close]
                end = rest.index(after: close)
            }
            if let value = value(of: String(name), slice: slice, facts: facts, lowercased: lowercased) {
                result += value
            } else {
                result += rest[colon..<end]
            }
            rest = rest[end...]
        }
        result += rest
        let trailing = result.hasSuffix("/")
        let parts = result.split(separator: "/").filter { !$0.isEmpty && $0 != "." && $0 != ".." }
        return parts.joined(separator: "/") + (trailing && !parts.isEmpty ? "/" : "")
    }

    /// The text of the token `name`, or `nil` when it is no token.
    private func value(of name: String, slice: Substring?, facts: Facts, lowercased: Bool) -> String? {
        let slugged = { (text: String) in Self.urlize(text, lowercased: lowercased) }
        switch name {
        case "year", "month", "monthname", "day", "weekday", "weekdayname", "yearday":
            return facts.date.map { Self.dateToken(name, of: $0, lowercased: lowercased) } ?? ""
        case "section":
            return facts.sections.first.map(slugged) ?? ""
        case "sections":
            return Self.sliced(facts.sections, by: slice).map(slugged).joined(separator: "/")
        case "title":
            return slugged(facts.title)
        case "slug":
            return slugged(facts.slug ?? facts.title)
        case "filename", "contentbasename":
            return slugged(facts.contentBaseName)
        case "slugorfilename", "slugorcontentbasename":
            return slugged(facts.slug ?? facts.contentBaseName)
        default:
            return nil
        }
    }

    /// A name as a path component, as Hugo makes one (its `urlize`): each space a `-`, letters,
    /// digits, marks and `._-#+~@` kept, anything else left out, without joining the hyphens
    /// that leaves (`Notes & Thoughts` → `notes--thoughts`); lowercased unless `lowercased` is
    /// false (`disablePathToLower`). `/` and `\` count as spaces, so a name stays one component;
    /// a name of nothing but left-out characters gets its ``Slug``.
    static func urlize(_ text: String, lowercased: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.trimmingCharacters(in: .whitespacesAndNewlines) {
            if character.isWhitespace || character == "/" || character == "\\" {
                result.append("-")
            } else if character.isLetter || character.isNumber || "._-#+~@".contains(character)
                        || character.unicodeScalars.allSatisfy({ [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) }) {
                result += lowercased ? character.lowercased() : String(character)
            }
        }
        return result.contains(where: { $0 != "-" && $0 != "." }) ? result : (lowercased ? Slug.make(text) : keepingCase(text))
    }

    /// A name as a path component that keeps its case (Hugo's `disablePathToLower`): as ``Slug``
    /// makes it, but not lowercased.
    static func keepingCase(_ text: String) -> String {
        let words = text.split { $0.isWhitespace || $0 == "/" || $0 == "\\" }
        let kept = words.map { word in String(word.filter { $0.isLetter || $0.isNumber || "-_.~+#@".contains($0) }) }
        return kept.filter { !$0.isEmpty }.joined(separator: "-")
    }

    /// `values` sliced by Go's slice syntax, with `last` for the last index: `1:`, `:last`, `last`, `0`, `1:3`.
    static func sliced(_ values: [String], by slice: Substring?) -> [String] {
        guard let slice else { return values }
        let last = values.count - 1
        func index(_ text: Substring, default fallback: Int) -> Int {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return fallback }
            return trimmed == "last" ? last : Int(trimmed) ?? fallback
        }
        guard let colon = slice.firstIndex(of: ":") else {
            let at = index(slice, default: 0)
            return values.indices.contains(at) ? [values[at]] : []
        }
        let lower = max(0, index(slice[..<colon], default: 0))
        let upper = min(values.count, index(slice[slice.index(after: colon)...], default: values.count))
        return lower < upper ? Array(values[lower..<upper]) : []
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                      "October", "November", "December"]
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// A date token's text, in UTC.
    private static func dateToken(_ name: String, of date: Date, lowercased: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let (year, month, day, weekday) = (parts.year ?? 1, parts.month ?? 1, parts.day ?? 1, (parts.weekday ?? 1) - 1)
        func padded(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        let name = switch name {
        case "year": String(format: "%04d", year)
        case "month": padded(month)
        case "monthname": monthNames[month - 1]
        case "day": padded(day)
        case "weekday": String(weekday)
        case "weekdayname": weekdayNames[weekday]
        default: String(calendar.ordinality(of: .day, in: .year, for: date) ?? 1)
        }
        return lowercased ? name.lowercased() : name
    }
}
