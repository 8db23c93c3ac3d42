/// `dateFormat` and `time.Format`: a date written as ISO 8601 (`2024-03-05`,
/// `2024-03-05T14:07:00Z`, `2024-03-05 14:07:00+01:00`) laid out by a Go layout (`Jan 2, 2006`,
/// `2006-01-02T15:04:05Z07:00`) or one of Hugo's `:date_long`-style names, in English.
enum GoTime {
    struct Moment {
        var year = 1, month = 1, day = 1, hour = 0, minute = 0, second = 0, nanosecond = 0
        /// Minutes east of UTC, `nil` when the date named no zone.
        var offset: Int?
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let namedLayouts = [
        ":date_full": "Monday, January 2, 2006", ":date_long": "January 2, 2006", ":date_medium": "Jan 2, 2006",
        ":date_short": "1/2/06", ":time_full": "3:04:05 pm MST", ":time_long": "3:04:05 pm MST",
        ":time_medium": "3:04:05 pm", ":time_short": "3:04 pm",
    ]

    /// The fields of a Go time that templates read.
    static let fields: Set<String> = ["Year", "Month", "Day", "Hour", "Minute", "Second", "Weekday", "YearDay", "IsZero"]

    /// `.Year`, `.Month` (its name, as Go prints it), `.Day`, … of `moment`.
    static func field(_ name: String, of moment: Moment) -> GoValue {
        switch name {
        case "Year": return .int(moment.year)
        case "Month": return .text(months[moment.month - 1])
        case "Day": return .int(moment.day)
        case "Hour": return .int(moment.hour)
        case "Minute": return .int(moment.minute)
        case "Second": return .int(moment.second)
        case "Weekday": return .text(weekdays[weekday(moment)])
        case "YearDay":
            let lengths = [31, moment.year % 4 == 0 && (moment.year % 100 != 0 || moment.year % 400 == 0) ? 29 : 28,
                           31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            return .int(lengths.prefix(moment.month - 1).reduce(0, +) + moment.day)
        default: return .bool(moment.year == 1 && moment.month == 1 && moment.day == 1 && moment.hour == 0 && moment.minute == 0)
        }
    }

    static func format(_ input: String, layout: String, line: Int) throws(DialectError) -> String {
        guard let moment = parse(input) else {
            throw DialectError(.syntax, line: line, "“\(input)” is not a date sitegen can read (it reads ISO 8601).")
        }
        return lay(moment, namedLayouts[layout] ?? layout)
    }

    static func parse(_ input: String) -> Moment? {
        let scalars = Array(input.trimmingGoSpace.unicodeScalars)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[index..<(index + count)] {
                guard let digit = Int(String(scalar)), scalar.isASCII else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }
        func expect(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }
        var moment = Moment()
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        moment.year = year; moment.month = month; moment.day = day
        guard index < scalars.count else { return moment }
        guard expect("T") || expect(" ") || expect("t"),
              let hour = number(2), expect(":"), let minute = number(2), hour < 24, minute < 60 else { return nil }
        moment.hour = hour; moment.minute = minute
        if expect(":") {
            guard let second = number(2), second < 61 else { return nil }
            moment.second = second
            if expect(".") {
                var digits = ""
                while index < scalars.count, scalars[index].properties.numericType == .decimal, scalars[index].isASCII {
                    digits.unicodeScalars.append(scalars[index])
                    index += 1
                }
                moment.nanosecond = Int(String((digits + "000000000").prefix(9))) ?? 0
            }
        }
        if expect("Z") || expect("z") {
            moment.offset = 0
        } else if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
            let sign = scalars[index] == "-" ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(":")
            let minutes = number(2) ?? 0
            moment.offset = sign * (hours * 60 + minutes)
        }
        return index == scalars.count ? moment : nil
    }

    /// The day of the week, 0 for Sunday (from the days since 1970-01-01, a Thursday).
    private static func weekday(_ moment: Moment) -> Int {
        let y = moment.month <= 2 ? moment.year - 1 : moment.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shifted = moment.month > 2 ? moment.month - 3 : moment.month + 9
        let dayOfYear = (153 * shifted + 2) / 5 + moment.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days % 7) + 7 + 4) % 7
    }

    private static func padded(_ value: Int, _ width: Int, with pad: Character = "0") -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: pad, count: width - text.count) + text
    }

    /// Go's layout: the reference time Mon Jan 2 15:04:05 MST 2006, piece by piece.
    private static func lay(_ moment: Moment, _ layout: String) -> String {
        let hour12 = moment.hour % 12 == 0 ? 12 : moment.hour % 12
        let offset = moment.offset ?? 0
        let offsetSign = offset < 0 ? "-" : "+"
        let offsetHours = padded(abs(offset) / 60, 2), offsetMinutes = padded(abs(offset) % 60, 2)
        // Longest first, as Go matches them.
        let pieces: [(String, () -> String)] = [
            ("January", { months[moment.month - 1] }),
            ("Monday", { weekdays[weekday(moment)] }),
            ("Z07:00", { offset == 0 ? "Z" : offsetSign + offsetHours + ":" + offsetMinutes }),
            ("-07:00", { offsetSign + offsetHours + ":" + offsetMinutes }),
            ("-0700", { offsetSign + offsetHours + offsetMinutes }),
            ("Z0700", { offset == 0 ? "Z" : offsetSign + offsetHours + offsetMinutes }),
            (".000", { "." + padded(moment.nanosecond / 1_000_000, 3) }),
            ("2006", { padded(moment.year, 4) }),
            ("Jan", { String(months[moment.month - 1].prefix(3)) }),
            ("Mon", { String(weekdays[weekday(moment)].prefix(3)) }),
            ("MST", { offset == 0 ? "UTC" : offsetSign + offsetHours }),
            ("_2", { padded(moment.day, 2, with: " ") }),
            ("01", { padded(moment.month, 2) }),
            ("02", { padded(moment.day, 2) }),
            ("03", { padded(hour12, 2) }),
            ("04", { padded(moment.minute, 2) }),
            ("05", { padded(moment.second, 2) }),
            ("06", { padded(moment.year % 100, 2) }),
            ("15", { padded(moment.hour, 2) }),
            ("PM", { moment.hour >= 12 ? "PM" : "AM" }),
            ("pm", { moment.hour >= 12 ? "pm" : "am" }),
            ("1", { String(moment.month) }),
            ("2", { String(moment.day) }),
            ("3", { String(hour12) }),
            ("4", { String(moment.minute) }),
            ("5", { String(moment.second) }),
        ]
        var result = ""
        var rest = Substring(layout)
        outer: while !rest.isEmpty {
            for (piece, value) in pieces where rest.hasPrefix(piece) {
                result += value()
                rest = rest.dropFirst(piece.count)
                continue outer
            }
            result.append(rest.removeFirst())
        }
        return result
    }
}
