import Foundation

/// A moment as a template's date filters see it: the calendar fields in the time zone the date
/// was written in (`2024-03-05T10:00:00+01:00` stays at 10 o'clock), as Ruby's `Time` and
/// chrono's `DateTime` keep them.
struct CalendarTime: Sendable, Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    /// Seconds east of UTC.
    var offset = 0
    /// Written with `Z` (or made from a timestamp): Ruby writes such a time's zone as `Z` in
    /// XML Schema dates and `-0000` in RFC 822 ones.
    var isUTC = true

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The UTC time `seconds` after 1970-01-01.
    init(secondsSince1970 seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The time now, in UTC.
    static func now() -> CalendarTime {
        CalendarTime(secondsSince1970: Int(Date().timeIntervalSince1970))
    }

    var secondsSince1970: Int {
        Self.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// 0 for Sunday.
    var weekday: Int {
        let days = Self.days(year: year, month: month, day: day)
        return ((days % 7) + 11) % 7
    }

    var dayOfYear: Int {
        Self.days(year: year, month: month, day: day) - Self.days(year: year, month: 1, day: 1) + 1
    }

    /// Reads `2024-03-05`, `2024-03-05T10:00:00Z`, `2024-03-05 10:00:00 +0100`,
    /// `2024-03-05T10:00:00.123+01:00`; `nil` for anything else.
    init?(parsing text: String) {
        let bytes = Array(text.utf8.prefix(64))
        var position = 0
        func number(_ digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while position < bytes.count, count < digits.upperBound, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }
        func skip(_ byte: UInt8) -> Bool {
            if position < bytes.count, bytes[position] == byte {
                position += 1
                return true
            }
            return false
        }
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        guard let year = number(4...4), skip(0x2D), let month = number(1...2), skip(0x2D), let day = number(1...2),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
        isUTC = false
        if position < bytes.count, bytes[position] == 0x54 || bytes[position] == 0x20 {
            let start = position
            position += 1
            if let hour = number(1...2), skip(0x3A), let minute = number(2...2) {
                self.hour = min(hour, 23)
                self.minute = min(minute, 59)
                if skip(0x3A), let second = number(2...2) { self.second = min(second, 60) }
                if skip(0x2E) || skip(0x2C) {
                    var fraction = 0
                    var digits = 0
                    while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                        if digits < 9 { fraction = fraction * 10 + Int(bytes[position] - 0x30); digits += 1 }
                        position += 1
                    }
                    while digits < 9 { fraction *= 10; digits += 1 }
                    nanosecond = fraction
                }
            } else {
                position = start
            }
        }
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        if skip(0x5A) {
            isUTC = true
        } else if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
            let sign = bytes[position] == 0x2D ? -1 : 1
            position += 1
            guard let hours = number(2...2) else { return nil }
            _ = skip(0x3A)
            let minutes = number(2...2) ?? 0
            offset = sign * (hours * 3600 + minutes * 60)
        } else if position < bytes.count, text.utf8.count <= 64 {
            // `2024-03-05 10:00:00 UTC` and the like.
            let rest = String(decoding: bytes[position...], as: UTF8.self)
            if rest == "UTC" || rest == "GMT" { isUTC = true } else { return nil }
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `format` with its `strftime` directives (`%Y`, `%-d`, `%B`, `%H:%M`, `%:z`…) filled in;
    /// directives it does not know are written as they are.
    func formatted(_ format: String) -> String {
        var output = ""
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                output.append(character)
                continue
            }
            var flag: Character?
            var colon = false
            var width: Int?
            var directive = characters.next()
            while let current = directive, "-_0^#".contains(current) {
                flag = current
                directive = characters.next()
            }
            while let current = directive, let digit = current.wholeNumberValue, current.isASCII {
                width = min((width ?? 0) * 10 + digit, 64)
                directive = characters.next()
            }
            if directive == ":" {
                colon = true
                directive = characters.next()
            }
            guard let directive else {
                output.append("%")
                break
            }
            output += field(directive, flag: flag, width: width, colon: colon)
        }
        return output
    }

    private func field(_ directive: Character, flag: Character?, width: Int?, colon: Bool) -> String {
        func padded(_ value: Int, _ digits: Int, space: Bool = false) -> String {
            let text = String(abs(value))
            let size = width ?? digits
            var result = text
            if flag != "-", result.count < size {
                let pad: Character = flag == "_" || (space && flag != "0") ? " " : "0"
                result = String(repeating: pad, count: size - result.count) + result
            }
            return value < 0 ? "-" + result : result
        }
        func word(_ text: String) -> String {
            flag == "^" ? text.uppercased() : text
        }
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        switch directive {
        case "Y": return padded(year, 1)
        case "C": return padded(year / 100, 2)
        case "y": return padded(year % 100, 2)
        case "m": return padded(month, 2)
        case "d": return padded(day, 2)
        case "e": return padded(day, 2, space: true)
        case "j": return padded(dayOfYear, 3)
        case "H": return padded(hour, 2)
        case "k": return padded(hour, 2, space: true)
        case "I": return padded(hour12, 2)
        case "l": return padded(hour12, 2, space: true)
        case "M": return padded(minute, 2)
        case "S": return padded(second, 2)
        case "L": return padded(nanosecond / 1_000_000, 3)
        case "N": return padded(nanosecond, 9)
        case "p": return flag == "#" ? (hour < 12 ? "am" : "pm") : (hour < 12 ? "AM" : "PM")
        case "P": return hour < 12 ? "am" : "pm"
        case "B": return word(Self.monthNames[month - 1])
        case "b", "h": return word(String(Self.monthNames[month - 1].prefix(3)))
        case "A": return word(Self.weekdayNames[weekday])
        case "a": return word(String(Self.weekdayNames[weekday].prefix(3)))
        case "u": return String(weekday == 0 ? 7 : weekday)
        case "w": return String(weekday)
        case "U": return padded((dayOfYear + 6 - weekday) / 7, 2)
        case "W": return padded((dayOfYear + 6 - (weekday + 6) % 7) / 7, 2)
        case "s": return String(secondsSince1970)
        case "z":
            let sign = offset < 0 ? "-" : "+"
            let minutes = abs(offset) / 60
            let hours = padded(minutes / 60, 2)
            let rest = padded(minutes % 60, 2)
            return sign + hours + (colon ? ":" : "") + rest
        case "Z": return isUTC ? "UTC" : (offset == 0 ? "+00:00" : field("z", flag: nil, width: nil, colon: true))
        case "F": return formatted("%Y-%m-%d")
        case "D", "x": return formatted("%m/%d/%y")
        case "T", "X": return formatted("%H:%M:%S")
        case "R": return formatted("%H:%M")
        case "r": return formatted("%I:%M:%S %p")
        case "c": return formatted("%a %b %e %H:%M:%S %Y")
        case "v": return formatted("%e-%^b-%Y")
        case "n": return "\n"
        case "t": return "\t"
        case "%": return "%"
        default: return "%" + String(directive)
        }
    }
}
