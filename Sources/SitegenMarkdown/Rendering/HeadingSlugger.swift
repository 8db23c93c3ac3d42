/// Gives headings ids that are stable (the same text gives the same slug) and unique in one
/// document: `Getting started` → `getting-started`, then `getting-started-1`, `-2`, …
///
/// The slug keeps letters and digits of any script, lowercased, keeps `-` and `_`, turns
/// spaces into `-` and drops everything else, as GitHub does for README anchors.
struct HeadingSlugger {
    private var used: Set<String> = []

    mutating func uniqueSlug(for text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var counter = 0
        while !used.insert(candidate).inserted {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        return candidate
    }

    static func slug(_ text: String) -> String {
        var slug = ""
        slug.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
                        || scalar.properties.numericType != nil {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}
