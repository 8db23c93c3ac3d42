/// Gives headings ids that are stable (the same text gives the same slug) and unique in one
/// document: `Getting started` → `getting-started`, then `getting-started-1`, `-2`, …
///
/// The slug keeps letters and digits of any script, lowercased, keeps `-` and `_`, turns
/// spaces into `-` and drops everything else, as GitHub does for README anchors.
struct HeadingSlugger {
    private var used: Set<String> = []
    /// The next suffix to try for each base slug, so that n repeats cost O(n), not O(n²).
    private var nextSuffix: [String: Int] = [:]

    mutating func uniqueSlug(for text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var counter = nextSuffix[base, default: 0]
        if counter > 0 { candidate = "\(base)-\(counter)" }
        while !used.insert(candidate).inserted {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        nextSuffix[base] = counter + 1
        return candidate
    }

    /// Takes an id an author gave (`{#install}`) as it is, so that later slugs avoid it.
    mutating func reserve(_ id: String) -> String {
        used.insert(id)
        return id
    }

    static func slug(_ text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                // The common case, without Unicode property look-ups.
                let byte = UInt8(scalar.value)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    slug.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 32)
                case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
                default: break
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                slug.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self)
    }
}
