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
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ minDigits: Int, _ maxDigits: Int) -> Int? {
            var value = 0, digits = 0
            while index < bytes.count, digits < maxDigits, bytes[index] >= 48, bytes[index] <= 57 {
                value = value * 10 + Int(bytes[index] - 48)
                digits += 1
                index += 1
            }
            return digits >= minDigits ? value : nil
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4, 4), skip(UInt8(ascii: "-")), let month = number(1, 2), skip(UInt8(ascii: "-")),
              let day = number(1, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                        year: year, month: month, day: day)
        if index < bytes.count {
            if !skip(UInt8(ascii: "T")) && !skip(UInt8(ascii: "t")) {
                guard skip(UInt8(ascii: " ")) else { return nil }
                while skip(UInt8(ascii: " ")) || skip(UInt8(ascii: "\t")) {}
            }
            guard let hour = number(1, 2), skip(UInt8(ascii: ":")), let minute = number(2, 2), hour < 24, minute < 60 else { return nil }
            components.hour = hour
            components.minute = minute
            if skip(UInt8(ascii: ":")) {
                guard let second = number(2, 2), second < 61 else { return nil }
                components.second = second
                if skip(UInt8(ascii: ".")) {
                    let start = index
                    guard let fraction = number(1, 9) else { return nil }
                    components.nanosecond = fraction * Int(pow(10, Double(9 - (index - start))))
                }
            }
            while skip(UInt8(ascii: " ")) {}
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                // UTC, as set.
            } else if index < bytes.count {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                guard skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-")), let hours = number(1, 2) else { return nil }
                var minutes = 0
                if skip(UInt8(ascii: ":")) || index < bytes.count {
                    guard let value = number(2, 2) else { return nil }
                    minutes = value
                }
                // Offsets run from -18:00 to +18:00; a larger one is not a time zone.
                guard minutes < 60, hours * 3600 + minutes * 60 <= 18 * 3600,
                      let zone = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60)) else { return nil }
                components.timeZone = zone
            }
        }
        guard index == bytes.count, components.isValidDate, let date = components.date else { return nil }
        return date
    }
}
