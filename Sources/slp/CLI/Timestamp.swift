#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    ///
    /// The time may follow a space instead of `T`; the zone may be `z` or `±HHMM`; the fraction
    /// has 1 to 9 digits. ASCII digits only. Read by hand: a regular expression would be compiled
    /// at run time in every process that reads a time.
    static func parse(_ text: String) -> Date? {
        var reader = Reader(text)
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2), reader.skip("-"),
              let dayOfMonth = reader.number(digits: 2),
              let day = try? CalendarDate(year: year, month: month, day: dayOfMonth) else { return nil }
        var hours = 0, minutes = 0, seconds = 0, fraction = 0.0, offset = 0
        if !reader.isAtEnd {
            guard reader.skip("T") || reader.skip(" "), let hour = reader.number(digits: 2), reader.skip(":"),
                  let minute = reader.number(digits: 2) else { return nil }
            (hours, minutes) = (hour, minute)
            if reader.skip(":") {
                guard let second = reader.number(digits: 2) else { return nil }
                seconds = second
                if reader.skip(".") {
                    // At most 9 digits: the value and its power of ten are exact, so the quotient
                    // is the correctly rounded fraction, as parsing `0.fff…` would give.
                    guard let (value, count) = reader.number(maxDigits: 9) else { return nil }
                    fraction = Double(value) / Double((0..<count).reduce(1) { power, _ in power * 10 })
                }
            }
            if !(reader.skip("Z") || reader.skip("z")), let sign = reader.sign() {
                guard let zoneHours = reader.number(digits: 2) else { return nil }
                _ = reader.skip(":")
                guard let zoneMinutes = reader.number(digits: 2), zoneHours < 24, zoneMinutes < 60 else { return nil }
                offset = sign * (zoneHours * 3_600 + zoneMinutes * 60)
            }
            guard reader.isAtEnd, hours < 24, minutes < 60, seconds < 60 else { return nil }
        }
        let seconds1970 = Double(day.daysSinceEpoch * 86_400 + hours * 3_600 + minutes * 60 + seconds - offset)
        return Date(timeIntervalSince1970: seconds1970 + fraction)
    }

    /// Reads a text's UTF-8 bytes from the front.
    private struct Reader {
        private var bytes: Substring.UTF8View

        init(_ text: String) { bytes = Substring(text).utf8 }

        var isAtEnd: Bool { bytes.isEmpty }

        /// Skips `character` (ASCII) if it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard let first = bytes.first, first == UInt8(ascii: character) else { return false }
            bytes.removeFirst()
            return true
        }

        /// +1 or -1 for a sign that comes next.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }

        /// The next `digits` bytes, all ASCII digits.
        mutating func number(digits: Int) -> Int? {
            let next = bytes.prefix(digits)
            guard next.count == digits, next.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            bytes.removeFirst(digits)
            return next.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }

        /// All the ASCII digits that come next, 1 to `maxDigits` of them, and how many there were.
        mutating func number(maxDigits: Int) -> (value: Int, count: Int)? {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            guard (1...maxDigits).contains(count) else { return nil }
            return number(digits: count).map { ($0, count) }
        }
    }

    private static func pad(_ value: Int64, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
