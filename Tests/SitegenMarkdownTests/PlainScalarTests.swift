import Foundation
import Testing
@testable import SitegenMarkdown

@Suite("Typing plain front matter values")
struct PlainScalarTests {
    @Test("timestamps are typed as dates, with their zone; impossible days and times are strings")
    func timestamps() {
        #expect(PlainScalar.value(of: "2026-01-05") == .date(Date(timeIntervalSince1970: 1_767_571_200)))
        #expect(PlainScalar.value(of: "2026-01-05T10:30:00+02:00") == .date(Date(timeIntervalSince1970: 1_767_571_200 + 8.5 * 3_600)))
        #expect(PlainScalar.value(of: "2024-02-29 23:59:59 z") == .date(Date(timeIntervalSince1970: 1_709_251_199)))
        for text in ["2023-02-29", "2026-04-31", "2026-13-01", "2026-01-05T24:00", "2026-01-05T10:30+19:00", "2026-01-05x"] {
            #expect(PlainScalar.value(of: text) == .string(text))
        }
    }

    @Test("dates by arithmetic are the dates Foundation's calendar gives, from 1583 to 9999, in any zone")
    func arithmeticAgreesWithTheCalendar() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let year = Bool.random(using: &generator) ? Int.random(in: 1583...9999, using: &generator) : Int.random(in: 1960...2100, using: &generator)
            let offset = Int.random(in: -18...18, using: &generator) * 3_600 + [0, 30, 45].randomElement(using: &generator)! * 60
            let zone = offset < 0 ? "-" : "+"
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", year, Int.random(in: 1...12, using: &generator),
                              Int.random(in: 1...31, using: &generator), Int.random(in: 0...23, using: &generator),
                              Int.random(in: 0...59, using: &generator), Int.random(in: 0...59, using: &generator),
                              zone, abs(offset) / 3_600, abs(offset) % 3_600 / 60)
            guard let fields = PlainScalar.TimestampFields(text) else { continue }
            #expect(fields.arithmeticDate == fields.calendarDate, "\(text)")
        }
    }
}
