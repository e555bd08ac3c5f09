import SLPCommandLine
import SLPDomain

extension ValueReader where Value == CalendarDate, Failure == UsageError {
    /// A calendar day: `1998-03-14`.
    static var date: Self { .date(CalendarDate.init(year:month:day:)) }
}
