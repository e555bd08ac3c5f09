import SLPDomain

/// A report, a row of the `reports` table: `from` reported `to` (at most once per pair of numbers).
package struct ReportRow: Equatable, Sendable {
    /// One side of a report: an account, or the number of one that withdrew (the SQL backends
    /// keep a keyed hash of it).
    package enum End: Hashable, Sendable {
        case account(UserID)
        case number(PhoneNumber)

        package var account: UserID? {
            if case .account(let uid) = self { uid } else { nil }
        }
    }

    package var from: End
    package var to: End
    package let reason: ReportReason
    /// Nil when the reporter gave no comment, or once either side withdrew.
    package var comment: String?
    /// Either side has withdrawn since: the report no longer lists in the reporter's record.
    package var carried: Bool

    package init(from: End, to: End, reason: ReportReason, comment: String?, carried: Bool = false) {
        self.from = from
        self.to = to
        self.reason = reason
        self.comment = comment
        self.carried = carried
    }

    /// A report between two accounts.
    package init(from: UserID, to: UserID, reason: ReportReason, comment: String?) {
        self.init(from: .account(from), to: .account(to), reason: reason, comment: comment)
    }
}
