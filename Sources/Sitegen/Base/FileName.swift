import Foundation
import SitegenMarkdown

/// What the name of a content file or folder says besides its URL: its words, for a page or
/// section without a title, and the date before it (`2026-01-05-hello.md`), as Jekyll and
/// Hugo name posts.
enum FileName {
    /// `2026-01-05-hello` → (the date, `hello`).
    /// Months and days may have one digit, as Jekyll allows (`2016-1-5-hello`).
    static func splitDatePrefix(_ stem: String) -> (Date?, String) {
        // Most names start with no year: told by their first five bytes, before any split.
        let head = stem.utf8.prefix(5)
        guard head.count == 5, head.prefix(4).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              head.last == UInt8(ascii: "-") else { return (nil, stem) }
        let parts = stem.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              !parts[3].isEmpty, parts[0...2].allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let date = PlainScalar.dateOnly(parts[0] + "-" + parts[1].leftPadded + "-" + parts[2].leftPadded)
        else { return (nil, stem) }
        return (date, String(parts[3]))
    }

    /// A file or folder name in words: `getting-started` → `Getting started`.
    static func words(_ name: String) -> String {
        var bytes = Array(name.utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "_") {
            bytes[index] = UInt8(ascii: " ")
        }
        // Every page without a title asks: a first ASCII letter is made capital in place.
        if let first = bytes.first, first < 0x80 {
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { bytes[0] = first - 32 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let spaced = String(decoding: bytes, as: UTF8.self)
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}

private extension Substring {
    /// A one-digit month or day with its leading zero.
    var leftPadded: String { count == 1 ? "0" + self : String(self) }
}
