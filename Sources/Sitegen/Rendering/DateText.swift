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
            let (year, month, day) = civil(date)
            return "\(months[month - 1]) \(day), \(year)"
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

    /// `2026-01-05`.
    static func iso(_ date: Date) -> String {
        let (year, month, day) = civil(date)
        var text = year < 0 ? "-" : ""
        let digits = String(abs(year))
        if digits.utf8.count < 4 { text += String(repeating: "0", count: 4 - digits.utf8.count) }
        text += digits
        text += month < 10 ? "-0\(month)" : "-\(month)"
        text += day < 10 ? "-0\(day)" : "-\(day)"
        return text
    }

    static func year(_ date: Date) -> Int {
        civil(date).year
    }

    /// The date's year, month and day in UTC. From 1583 to 9999 by arithmetic on the days since
    /// 1970 (the Gregorian calendar's own rule: a build formats tens of thousands of dates);
    /// outside those years by Foundation's calendar, which switches to the Julian calendar
    /// before October 1582.
    static func civil(_ date: Date) -> (year: Int, month: Int, day: Int) {
        let seconds = date.timeIntervalSince1970
        guard seconds >= -12_212_553_600, seconds < 253_402_300_800 else {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        }
        // Days since 0000-03-01, in 400-year eras of 146,097 days; the year starts in March,
        // so that February's leap day ends it.
        let shifted = Int((seconds / 86_400).rounded(.down)) + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
