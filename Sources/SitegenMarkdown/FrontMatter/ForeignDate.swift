import Foundation

/// Dates as other generators' parsers read them, beyond YAML's timestamps: Hugo's
/// `2006-01-02T15:04:05-0700` (an offset without a colon), Jekyll's `2006-01-02 15:04:05 -0700`,
/// RFC 2822 (`Mon, 02 Jan 2006 15:04:05 -0700`, as feeds write it), and written-out dates
/// (`Jan 2, 2006`, `January 2, 2006`, `2 January 2006`). Without an offset, in UTC, as YAML's.
/// Only text that YAML's rules could not read comes here, so the common case pays nothing.
enum ForeignDate {
    private static let formats = [
        "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd HH:mm:ss Z", "yyyy-MM-dd HH:mm:ssZ",
        "yyyy-MM-dd HH:mm Z", "yyyy-MM-dd HH:mm", "yyyy/MM/dd HH:mm:ss", "yyyy/MM/dd",
        "EEE, dd MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm Z",
        "MMM d, yyyy", "MMMM d, yyyy", "MMM d yyyy", "d MMM yyyy", "d MMMM yyyy", "EEEE, MMMM d, yyyy",
    ]

    /// The point in time `text` names in one of the forms above, or `nil`.
    static func parse(_ text: String) -> Date? {
        guard text.count <= 64, text.contains(where: \.isNumber) else { return nil }
        // A formatter of its own per call: this path is rare, and formatters are not shared across threads.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.isLenient = false
        for format in formats {
            formatter.dateFormat = format
            // Years of four digits, as YAML's timestamps have (`yyyy` alone would take 99999).
            if let date = formatter.date(from: text), (-62_135_596_800.0..<253_402_300_800.0).contains(date.timeIntervalSince1970) {
                return date
            }
        }
        return nil
    }
}
