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
        return "\(fourDigits(year))-\(twoDigits(month))-\(twoDigits(day))"
    }

    /// `2026-01-05T10:30:00Z`, as `ISO8601DateFormatter` writes it (feeds' dates).
    static func rfc3339(_ date: Date) -> String {
        guard let (year, month, day, second) = wholeSecondParts(date) else { return ISO8601DateFormatter().string(from: date) }
        return "\(fourDigits(year))-\(twoDigits(month))-\(twoDigits(day))T\(clock(second))Z"
    }

    /// `Mon, 05 Jan 2026 10:30:00 GMT` (RSS dates).
    static func rfc822(_ date: Date) -> String {
        guard let (year, month, day, second) = wholeSecondParts(date) else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: date)
        }
        // 1970-01-01 was a Thursday.
        let weekday = (Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) % 7 + 11) % 7
        return "\(weekdays[weekday]), \(twoDigits(day)) \(months[month - 1].prefix(3)) \(fourDigits(year)) \(clock(second)) GMT"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Year, month, day and second of the day in UTC, for a date in a whole second of the
    /// years ``civil(_:)`` counts by arithmetic; `nil` for any other, which the formatters write.
    private static func wholeSecondParts(_ date: Date) -> (year: Int, month: Int, day: Int, second: Int)? {
        let seconds = date.timeIntervalSince1970
        guard seconds >= -12_212_553_600, seconds < 253_402_300_800, seconds == seconds.rounded(.down) else { return nil }
        let (year, month, day) = civil(date)
        let whole = Int(seconds)
        return (year, month, day, (whole % 86_400 + 86_400) % 86_400)
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// At least four digits, after a `-` for a year before year 0.
    private static func fourDigits(_ number: Int) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.utf8.count)) + digits
    }

    /// `10:30:00` for a second of the day.
    private static func clock(_ second: Int) -> String {
        "\(twoDigits(second / 3_600)):\(twoDigits(second / 60 % 60)):\(twoDigits(second % 60))"
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
