import Foundation

/// Dates as templates show them, in UTC: `January 5, 2026` and `2026-01-05`; long dates in
/// the site's `language` (`5 janvier 2026` for `fr`, `5. Januar 2026` for `de`, `2026年1月5日`
/// for `ja`), always in the Gregorian calendar, like the ISO dates beside them.
enum DateText {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static let months = ["January", "February", "March", "April", "May", "June", "July",
                                 "August", "September", "October", "November", "December"]

    /// The date written out in `language` (a BCP 47 tag such as `fr` or `pt-BR`), by
    /// Foundation's locale data; for `en` and `en-US` (and an empty language), as sitegen
    /// always wrote it: `January 5, 2026`.
    static func long(_ date: Date, language: String = "en") -> String {
        guard !isAmericanEnglish(language) else {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return "\(months[(parts.month ?? 1) - 1]) \(parts.day ?? 1), \(parts.year ?? 1970)"
        }
        let locale = Locale(identifier: language)
        var calendar = calendar
        calendar.locale = locale
        return date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar,
                                               timeZone: calendar.timeZone))
    }

    /// Whether `language` is written as `en`, `en-US` or `en_US` (any case), or is empty.
    private static func isAmericanEnglish(_ language: String) -> Bool {
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        return tag.isEmpty || tag == "en" || tag == "en-us"
    }

    static func iso(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    static func year(_ date: Date) -> Int {
        calendar.component(.year, from: date)
    }
}
