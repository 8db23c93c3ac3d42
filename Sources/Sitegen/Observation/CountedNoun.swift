/// A count with its noun, singular or plural by the count, for messages: `1 page`,
/// `0 pages`, `1,204 pages`.
package enum CountedNoun {
    /// `count` (with thousands separators) and `singular`, or `plural` (by default `singular`
    /// plus `s`) when the count is not one.
    package static func phrase(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count.formatted()) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
