import Foundation
import SitegenMarkdown

/// The top-level values of another generator's configuration file, read key by key.
///
/// Each key read is remembered, for the line that says what was used; a value of a kind the
/// key cannot take is an error naming the file and the key's line. Hugo spells its keys in any
/// case (`baseURL`, `baseurl`), so its files are read with `ignoresCase`.
struct ForeignConfigurationValues {
    let values: FrontMatter
    /// The file, as messages name it.
    let file: String
    let ignoresCase: Bool
    /// The keys read, as the file spells them.
    private(set) var used: [String] = []

    init(_ values: FrontMatter, file: String, ignoresCase: Bool) {
        self.values = values
        self.file = file
        self.ignoresCase = ignoresCase
    }

    /// The keys of the file that were not read, in file order.
    var unused: [String] { values.keys.filter { !used.contains($0) } }

    /// The value of `key`, as the file spells it, remembered as used; `nil` when absent or empty.
    mutating func value(_ key: String) -> FrontMatterValue? {
        guard let spelled = Self.spelling(of: key, in: values, ignoresCase: ignoresCase) else { return nil }
        if !used.contains(spelled) { used.append(spelled) }
        guard let value = values[spelled], value != .null else { return nil }
        return value
    }

    /// The text of `key`; numbers and `true`/`false` are taken as they are written.
    mutating func text(_ key: String) throws(SiteError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = Self.text(value) else { throw problem(key, "must be text") }
        return text
    }

    /// The language code of `key`: codes name folders and files, so `../x` is refused, not
    /// taken as the site's language. A locale's `_` (`en_US`, as Jekyll sites write it) is
    /// read as `-`.
    mutating func languageCode(_ key: String) throws(SiteError) -> String? {
        guard let code = try text(key)?.replacingOccurrences(of: "_", with: "-"), !code.isEmpty else { return nil }
        guard SiteLanguage.isCode(code) else { throw problem(key, "(\(code)) \(SiteLanguage.notACode)") }
        return code
    }

    /// The codes of a `languages` table (a table by language code), each checked as
    /// ``languageCode(_:)`` checks one.
    func checkLanguageCodes(_ table: FrontMatter, from key: String) throws(SiteError) {
        for code in table.keys where !SiteLanguage.isCode(code) {
            throw SiteError(file: file, line: table.line(of: code) ?? values.line(of: key), "`\(code)` in `\(key)` \(SiteLanguage.notACode)")
        }
    }

    /// Whether `key` is `true` (false when it is not given).
    mutating func flag(_ key: String) throws(SiteError) -> Bool {
        guard let value = value(key) else { return false }
        guard let flag = value.bool else { throw problem(key, "must be true or false") }
        return flag
    }

    /// The nested table of `key`.
    mutating func table(_ key: String) throws(SiteError) -> FrontMatter? {
        guard let value = value(key) else { return nil }
        guard let table = value.map else { throw problem(key, "must be a table of keys and values") }
        return table
    }

    /// The whole number of `key`, in `range`.
    mutating func wholeNumber(_ key: String, range: ClosedRange<Int>) throws(SiteError) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.int, range.contains(number) else {
            throw problem(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// Front matter keys that get term pages, as taxonomy names must be: not empty, no `/`.
    func taxonomies(_ names: [String?], from key: String, example: String) throws(SiteError) -> [String] {
        let valid = names.compactMap { $0 }.filter { !$0.isEmpty && !$0.contains("/") }
        guard valid.count == names.count else { throw problem(key, "must name front matter keys, as in \(example)") }
        return valid
    }

    /// An author as sites write one: a name, or a table with a `name`.
    static func author(_ value: FrontMatterValue?) -> String? {
        guard let value else { return nil }
        return text(value) ?? value.map?["name"].flatMap(text)
    }

    /// The value of `key` in a nested table, spelled as the file spells it.
    func nested(_ key: String, in table: FrontMatter) -> FrontMatterValue? {
        Self.spelling(of: key, in: table, ignoresCase: ignoresCase).flatMap { table[$0] }
    }

    /// An error about `key`, on its line.
    func problem(_ key: String, _ message: String) -> SiteError {
        let spelled = Self.spelling(of: key, in: values, ignoresCase: ignoresCase) ?? key
        return SiteError(file: file, line: values.line(of: spelled), "`\(spelled)` \(message)")
    }

    /// Checks a base URL read from `key`.
    func checkBaseURL(_ url: String, from key: String) throws(SiteError) {
        if let problem = BaseURL.problem(with: url) { throw self.problem(key, "(\(url)) \(problem)") }
    }

    private static func text(_ value: FrontMatterValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        default: nil
        }
    }

    private static func spelling(of key: String, in table: FrontMatter, ignoresCase: Bool) -> String? {
        if table[key] != nil { return key }
        guard ignoresCase else { return nil }
        let lowered = key.lowercased()
        return table.keys.first { $0.lowercased() == lowered }
    }
}
