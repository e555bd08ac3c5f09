#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// `birth` as SLP's clients send it: `1994-01-01T09:00:00.000Z`, `1994-01-01`, or Swift's
/// `Date` description `1994-01-01 00:00:00 +0000`. A birth with a time is the day it falls on in
/// Korea (UTC+9): the apps pick a day in a date picker in Korean time and send its midnight as
/// an instant, so `1993-12-31T15:00:00.000Z` is 1 January 1994.
enum BirthParameter {
    static let koreanOffset: TimeInterval = 9 * 3_600

    static func day(_ text: String) throws(Failure) -> CalendarDate {
        // Swift's description puts a space before the zone, which ISO 8601 does not.
        var text = text
        if let space = text.lastIndex(of: " "), text.index(space, offsetBy: 1, limitedBy: text.endIndex).map({ $0 < text.endIndex && "+-".contains(text[$0]) }) == true,
           text.distance(from: text.startIndex, to: space) > 10 {
            text.remove(at: space)
        }
        guard let instant = Timestamp.parse(text) else {
            throw APIFailure.invalid("birth", "is not a date (yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss.SSSZ or yyyy-MM-dd HH:mm:ss +0000)")
        }
        // A bare day parses as its UTC midnight, which is that same day in Korea.
        return CalendarDate(utcDayOf: instant.addingTimeInterval(koreanOffset))
    }
}
