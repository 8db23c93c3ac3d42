import Foundation

/// How messages write a size or a count, the same in every module: `16 MB`, `1.4 MB`,
/// `5,500 bytes`, `10,000,000`. A limit and the size that went past it read alike, so that a
/// message never says a 1.4 MB file "is 1 MB" against a limit of 1 MB.
package enum LimitWording {
    /// `bytes` as megabytes (`16 MB`, `1.4 MB`), or in bytes below one (`5,500 bytes`).
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 && bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        return "\(count(bytes)) bytes"
    }

    /// A whole number with its thousands grouped: `10,000,000`.
    package static func count(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return number < 0 ? "-" + digits : digits
    }
}
