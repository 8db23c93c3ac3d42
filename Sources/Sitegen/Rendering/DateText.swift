import Foundation

/// Dates as templates show them, in UTC: `January 5, 2026` and `2026-01-05`.
enum DateText {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static let months = ["January", "February", "March", "April", "May", "June", "July",
                                 "August", "September", "October", "November", "December"]

    static func long(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(months[(parts.month ?? 1) - 1]) \(parts.day ?? 1), \(parts.year ?? 1970)"
    }

    static func iso(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    static func year(_ date: Date) -> Int {
        calendar.component(.year, from: date)
    }
}
