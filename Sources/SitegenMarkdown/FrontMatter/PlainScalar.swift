import Foundation

/// Gives an unquoted YAML scalar its type, by YAML 1.2's core schema plus timestamps, as
/// Hugo and Zola read front matter: `42` is a number, `true` a Boolean, `2026-01-05` a date,
/// `~` or nothing null, and everything else (`yes`, `1.2.3`, `Hello`) a string. Quoted
/// scalars are always strings. Plain code rather than regular expressions: front matter is
/// read for every page.
public enum PlainScalar {
    /// The typed value of an unquoted scalar.
    public static func value(of text: String) -> FrontMatterValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return .string(text)
        }
        if let int = integer(text) { return .int(int) }
        if isDecimal(text), let double = Double(text) { return .double(double) }
        if let date = timestamp(text) { return .date(date) }
        return .string(text)
    }

    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        return Int(text)
    }

    /// `[-+]? (digits [. digits?] | . digits) ([eE] [-+]? digits)?`
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            bytes = bytes.dropFirst(exponentDigits)
        }
        return bytes.isEmpty
    }

    /// The date of exactly `YYYY-MM-DD` (midnight UTC), as in a file name prefix.
    public static func dateOnly(_ text: String) -> Date? {
        text.utf8.count == 10 ? timestamp(text) : nil
    }

    /// `YYYY-MM-DD`, optionally followed by `T` or spaces and `hh:mm[:ss[.fraction]]` and a zone
    /// (`Z`, `+hh`, `+hh:mm`, `+hhmm`). Without a zone the time is UTC.
    static func timestamp(_ text: String) -> Date? {
        guard let fields = TimestampFields(text) else { return nil }
        return fields.arithmeticDate ?? fields.calendarDate
    }

    /// The parts of a timestamp as written, not yet checked against the calendar.
    struct TimestampFields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        /// Nanoseconds, when a fraction of a second was written.
        var nanosecond: Int?
        /// Seconds east of UTC.
        var offset = 0

        /// A TOML date and time (whose parser checked each part's range); `nanosecond` 0 is none.
        init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int, offset: Int) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
            self.nanosecond = nanosecond == 0 ? nil : nanosecond
            self.offset = offset
        }

        init?(_ text: String) {
            var bytes = text.utf8[...]
            func number(_ minDigits: Int, _ maxDigits: Int) -> Int? {
                var value = 0, digits = 0
                while let byte = bytes.first, digits < maxDigits, byte >= 48, byte <= 57 {
                    value = value * 10 + Int(byte - 48)
                    digits += 1
                    bytes = bytes.dropFirst()
                }
                return digits >= minDigits ? value : nil
            }
            func skip(_ byte: UInt8) -> Bool {
                guard bytes.first == byte else { return false }
                bytes = bytes.dropFirst()
                return true
            }
            guard let year = number(4, 4), skip(UInt8(ascii: "-")), let month = number(1, 2), skip(UInt8(ascii: "-")),
                  let day = number(1, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
            (self.year, self.month, self.day) = (year, month, day)
            if !bytes.isEmpty {
                if !skip(UInt8(ascii: "T")) && !skip(UInt8(ascii: "t")) {
                    guard skip(UInt8(ascii: " ")) else { return nil }
                    while skip(UInt8(ascii: " ")) || skip(UInt8(ascii: "\t")) {}
                }
                guard let hour = number(1, 2), skip(UInt8(ascii: ":")), let minute = number(2, 2), hour < 24, minute < 60 else { return nil }
                (self.hour, self.minute) = (hour, minute)
                if skip(UInt8(ascii: ":")) {
                    guard let second = number(2, 2), second < 61 else { return nil }
                    self.second = second
                    if skip(UInt8(ascii: ".")) {
                        let digitsBefore = bytes.count
                        guard let fraction = number(1, 9) else { return nil }
                        nanosecond = fraction * Int(pow(10, Double(9 - (digitsBefore - bytes.count))))
                    }
                }
                while skip(UInt8(ascii: " ")) {}
                if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                    // UTC, as set.
                } else if let first = bytes.first {
                    let sign = first == UInt8(ascii: "-") ? -1 : 1
                    guard skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-")), let hours = number(1, 2) else { return nil }
                    var minutes = 0
                    if skip(UInt8(ascii: ":")) || !bytes.isEmpty {
                        guard let value = number(2, 2) else { return nil }
                        minutes = value
                    }
                    // Offsets run from -18:00 to +18:00; a larger one is not a time zone.
                    guard minutes < 60, hours * 3600 + minutes * 60 <= 18 * 3600 else { return nil }
                    offset = sign * (hours * 3600 + minutes * 60)
                }
            }
            guard bytes.isEmpty else { return nil }
        }

        /// The date by arithmetic on the proleptic Gregorian calendar, where that is what
        /// Foundation's calendar gives: from 1583 (before, it counts Julian days), whole
        /// seconds short of a leap second. `nil` otherwise, or for a day the month lacks.
        var arithmeticDate: Date? {
            guard year >= 1583, year <= 9999, (1...12).contains(month), day >= 1, (0..<24).contains(hour), (0..<60).contains(minute),
                  (0..<60).contains(second), nanosecond == nil, abs(offset) <= 18 * 3_600 else { return nil }
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let monthDays = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard day <= monthDays[month - 1] else { return nil }
            // Days since 1970-01-01 (H. Hinnant's days_from_civil; years here are positive).
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = shiftedYear / 400
            let yearOfEra = shiftedYear - era * 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset))
        }

        /// The date by Foundation's Gregorian calendar, which checks the day.
        var calendarDate: Date? {
            guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
            var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: zone,
                                            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            components.nanosecond = nanosecond
            guard components.isValidDate, let date = components.date else { return nil }
            return date
        }
    }
}
