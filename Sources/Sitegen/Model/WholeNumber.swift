import SitegenMarkdown

/// The whole numbers `sitegen.yml` and front matter take, each with its range: wide enough for
/// any site, narrow enough that no arithmetic on them can overflow. A value outside its range
/// (or not a whole number) is an error naming the file, the key's line and the range.
enum WholeNumber {
    /// `paginate` (in `sitegen.yml` and a section's `_index.md`): pages per list page, 0 for all on one.
    static let paginate = 0...10_000
    /// `recentPages` of `sitegen.yml`.
    static let recentPages = 0...10_000
    /// `weight` of a page or section.
    static let weight = -1_000_000_000...1_000_000_000

    /// The value of `key` in `values`, or `nil` when it is absent or null.
    static func read(_ key: String, in values: FrontMatter, range: ClosedRange<Int>, file: String?,
                     example: Int, note: String = "") throws(SiteError) -> Int? {
        guard let value = values[key], value != .null else { return nil }
        guard case .int(let number) = value, range.contains(number) else {
            throw SiteError(file: file, line: values.line(of: key),
                            "`\(key)` must be a whole number from \(range.lowerBound) to \(range.upperBound), "
                            + "such as `\(key): \(example)`\(note)")
        }
        return number
    }
}
