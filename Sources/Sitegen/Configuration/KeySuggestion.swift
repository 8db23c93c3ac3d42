import SitegenMarkdown

/// The known configuration key an unknown one was probably meant to be: `base_url`, `baseUrl`
/// and `BaseURL` are `baseURL` (the same letters but for case, `_` and `-`), `tittle` is
/// `title` (a typo or two away).
///
/// Every unknown key still reaches templates as `site.params`, so a key is only taken for a
/// typo when its value also fits the known key: `authors: [a, b]` (a list) is a parameter of
/// the site's own, not a misspelt `author` (text).
enum KeySuggestion {
    /// The known key `key` was probably meant to be, or `nil` when it is no near miss.
    static func closest(to key: String, value: FrontMatterValue, among known: [(key: String, kind: Kind)]) -> String? {
        let folded = fold(key)
        if let same = known.first(where: { fold($0.key) == folded }) { return same.key }
        let allowed = folded.count >= 8 ? 2 : folded.count >= 4 ? 1 : 0
        guard allowed > 0 else { return nil }
        let near = known.map { (candidate: $0, distance: distance(folded, fold($0.key))) }
            .filter { $0.distance <= allowed && $0.candidate.kind.fits(value) }
        return near.min { $0.distance < $1.distance }?.candidate.key
    }

    /// The kind of value a known key takes.
    enum Kind: Sendable {
        case text, wholeNumber, list, trueOrFalse, table

        /// Whether `value` could have been meant for a key of this kind (an empty value could be
        /// meant for any).
        func fits(_ value: FrontMatterValue) -> Bool {
            switch (self, value) {
            case (_, .null), (.text, .string), (.wholeNumber, .int), (.list, .list), (.trueOrFalse, .bool), (.table, .map): true
            default: false
            }
        }
    }

    /// The key in lower case without `_` and `-`.
    private static func fold(_ key: String) -> [Character] {
        Array(key.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Edits (insert, delete, replace, swap two neighbours) from one key to the other.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](), previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            before = previous
            previous = current
        }
        return previous[b.count]
    }
}
