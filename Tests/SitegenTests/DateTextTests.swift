import Foundation
import Testing
@testable import Sitegen

@Suite("Dates in templates")
struct DateTextTests {
    @Test("year, month and day by arithmetic agree with Foundation's Gregorian calendar in UTC, 1583 to 9999")
    func civilDatesAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = -12_212_553_600.0, last = 253_402_300_799.0
        // Every day around the epoch, leap days and century years; then a stride over the range.
        var seconds = Array(stride(from: -4_000.0 * 86_400, through: 4_000 * 86_400, by: 86_400))
        seconds += [951_782_400, 951_868_799, 951_868_800, 4_107_542_400, -2_203_891_200, first, last, -1, 0, 86_399]
        seconds += Array(stride(from: first, through: last, by: 86_400 * 37 + 1_234))
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = DateText.civil(date)
            #expect(civil == (parts.year!, parts.month!, parts.day!), "\(date)")
            if civil != (parts.year!, parts.month!, parts.day!) { return }
        }
    }

    @Test("ISO and long dates are padded and written as before")
    func formats() {
        let date = Date(timeIntervalSince1970: 1_767_571_200)  // 2026-01-05
        #expect(DateText.iso(date) == "2026-01-05")
        #expect(DateText.long(date) == "January 5, 2026")
        #expect(DateText.iso(Date(timeIntervalSince1970: -12_212_553_600)) == "1583-01-01")
        // Before 1583, Foundation's calendar, which is Julian before October 1582.
        #expect(DateText.iso(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-03")
        #expect(DateText.year(date) == 2026)
    }

    @Test("feed dates by arithmetic are what Foundation's formatters write, fractions of a second and early years included")
    func feedDatesAgreeWithFormatters() {
        let iso = ISO8601DateFormatter()
        let rss = DateFormatter()
        rss.locale = Locale(identifier: "en_US_POSIX")
        rss.timeZone = TimeZone(identifier: "UTC")
        rss.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var seconds: [Double] = [0, -1, 86_399, 86_400, 1_767_614_400.25, -12_212_553_600, -12_212_553_601, 253_402_300_799]
        seconds += Array(stride(from: -12_212_553_600.0, through: 253_402_300_799, by: 86_400 * 29 + 3_607))
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(DateText.rfc3339(date) == iso.string(from: date), "\(value)")
            #expect(DateText.rfc822(date) == rss.string(from: date), "\(value)")
        }
        #expect(DateText.rfc822(Date(timeIntervalSince1970: 1_767_614_400)) == "Mon, 05 Jan 2026 12:00:00 GMT")
        #expect(DateText.rfc3339(Date(timeIntervalSince1970: 1_767_614_400)) == "2026-01-05T12:00:00Z")
    }
}
