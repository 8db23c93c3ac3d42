import Foundation

/// Gives headings ids that are stable (the same text gives the same slug) and unique in one
/// document, in one of two styles:
///
/// - ``Style/github``: `Getting started` → `getting-started`, then `getting-started-1`, `-2`, …
///   The slug keeps letters and digits of any script, lowercased, keeps `-` and `_`, turns
///   spaces into `-` and drops everything else, as GitHub does for README anchors.
/// - ``Style/pythonMarkdown``: as the `toc` extension of Python-Markdown (MkDocs) makes them:
///   accents dropped and other letters than ASCII left out, what is not a word character, a
///   blank or `-` dropped, runs of blanks and `-` one `-`; `Set up & run` → `set-up-run`,
///   then `set-up-run_1`, `_2`, … (an empty slug is `_1`).
struct HeadingSlugger {
    enum Style {
        case github, pythonMarkdown
    }

    let style: Style
    private var used: Set<String> = []
    /// The next suffix to try for each base slug, so that n repeats cost O(n), not O(n²).
    private var nextSuffix: [String: Int] = [:]

    init(style: Style = .github) {
        self.style = style
    }

    mutating func uniqueSlug(for text: String) -> String {
        let base = style == .github ? Self.slug(text) : Self.pythonMarkdownSlug(text)
        let separator = style == .github ? "-" : "_"
        var candidate = base
        var counter = nextSuffix[base, default: 0]
        if base.isEmpty { counter = max(counter, 1) }
        if counter > 0 { candidate = base + separator + String(counter) }
        while !used.insert(candidate).inserted {
            counter += 1
            candidate = base + separator + String(counter)
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

    /// Python-Markdown's slug of `text` (before it is made unique): NFKD, ASCII only, `[^\w\s-]`
    /// dropped, trimmed, lowercased, runs of `[-\s]` one `-`.
    static func pythonMarkdownSlug(_ text: String) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(text.utf8.count)
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where scalar.isASCII {
            let byte = UInt8(scalar.value)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                kept.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept.append(byte + 32)
            // Python's `\s`: blank, tab, line ends, vertical tab, form feed, and the separators 0x1C–0x1F.
            case 9...13, 28...32: kept.append(UInt8(ascii: " "))
            default: break
            }
        }
        var slug: [UInt8] = []
        slug.reserveCapacity(kept.count)
        var pendingSeparator = false
        // Trimmed of blanks (not of `-`), then each run of blanks and `-` one `-`.
        let trimmed = kept.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
        for byte in trimmed {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") {
                pendingSeparator = true
                continue
            }
            if pendingSeparator { slug.append(UInt8(ascii: "-")) }
            pendingSeparator = false
            slug.append(byte)
        }
        if pendingSeparator { slug.append(UInt8(ascii: "-")) }
        return String(decoding: slug, as: UTF8.self)
    }
}
