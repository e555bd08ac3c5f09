import Foundation
import SLPDomain

/// ISO 8601 UTC times with milliseconds (`2026-11-21T09:30:00.000Z`), as slp prints them.
enum Timestamp {
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
        let days = Int64((Double(milliseconds) / 86_400_000).rounded(.down))
        let day = CalendarDate(utcDayOf: Date(timeIntervalSince1970: TimeInterval(days) * 86_400))
        var rest = milliseconds - days * 86_400_000
        let hours = rest / 3_600_000
        rest %= 3_600_000
        let minutes = rest / 60_000
        rest %= 60_000
        return "\(day)T\(pad(hours)):\(pad(minutes)):\(pad(rest / 1_000)).\(pad(rest % 1_000, 3))Z"
    }

    /// Parses `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM[:SS[.fff…]]` with `Z` or `±HH:MM` (UTC if absent).
    static func parse(_ text: String) -> Date? {
        let pattern = /(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?)?/
        guard let match = try? pattern.wholeMatch(in: text),
              let day = try? CalendarDate(year: Int(match.1)!, month: Int(match.2)!, day: Int(match.3)!) else { return nil }
        let hours = match.4.flatMap { Int($0) } ?? 0
        let minutes = match.5.flatMap { Int($0) } ?? 0
        let seconds = match.6.flatMap { Int($0) } ?? 0
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        let fraction = match.7.map { Double("0." + $0)! } ?? 0
        var offset = 0
        if let zone = match.8, zone != "Z", zone != "z" {
            let digits = zone.dropFirst().filter(\.isNumber)
            let zoneHours = Int(digits.prefix(2))!, zoneMinutes = Int(digits.suffix(2))!
            guard zoneHours < 24, zoneMinutes < 60 else { return nil }
            offset = (zoneHours * 3_600 + zoneMinutes * 60) * (zone.hasPrefix("-") ? -1 : 1)
        }
        let seconds1970 = Double(day.daysSinceEpoch * 86_400 + hours * 3_600 + minutes * 60 + seconds - offset)
        return Date(timeIntervalSince1970: seconds1970 + fraction)
    }

    private static func pad(_ value: Int64, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
