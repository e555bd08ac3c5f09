#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `sanctions`: what a withdrawn account left with its number, under the number's
/// keyed hash (`PhoneKey`) and nothing else.
enum SanctionsRecord {
    /// The columns of `sanctions` kept for the number whose keyed hash is `phoneKey`.
    static func columns(of sanctions: Sanctions, phoneKey: String) -> [(name: String, value: SQLValue)] {
        [
            ("phone_key", .text(phoneKey)),
            ("report_ban", .bool(sanctions.reportBan)),
            ("dodge_penalty_until", .optional(sanctions.dodgePenaltyUntil) { .integer($0.unixMilliseconds) }),
            ("dodge_num", .int(sanctions.dodgeCount)),
        ]
    }

    /// The columns `sanctions(_:)` reads.
    static let selection = "report_ban, dodge_penalty_until, dodge_num"

    static func sanctions(_ row: some SQLRow) -> Sanctions {
        Sanctions(
            reportBan: row.bool("report_ban"), dodgePenaltyUntil: row.optionalInt64("dodge_penalty_until").map(Date.init(unixMilliseconds:)),
            dodgeCount: row.int("dodge_num"))
    }
}
