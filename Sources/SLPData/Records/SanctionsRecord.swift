#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `sanctions`: what a withdrawn account left with its number, under the number's
/// keyed hash (`PhoneKey`) and nothing else.
enum SanctionsRecord {
    /// The key, then the sanctions `sanctions(_:)` reads, in the order of `values(of:phoneKey:)`.
    static let columns: TableColumns = ["phone_key", "report_ban", "dodge_penalty_until", "dodge_num"]

    /// The columns `sanctions(_:)` reads.
    static var selection: String { columns.dropFirst().list }

    /// The values of `columns` kept for the number whose keyed hash is `phoneKey`.
    static func values(of sanctions: Sanctions, phoneKey: String) -> [SQLValue] {
        [.text(phoneKey), .bool(sanctions.reportBan), .optional(sanctions.dodgePenaltyUntil) { .integer($0.unixMilliseconds) }, .int(sanctions.dodgeCount)]
    }

    static func sanctions(_ row: some SQLRow) -> Sanctions {
        Sanctions(
            reportBan: row.bool("report_ban"), dodgePenaltyUntil: row.optionalInt64("dodge_penalty_until").map(Date.init(unixMilliseconds:)),
            dodgeCount: row.int("dodge_num"))
    }
}
