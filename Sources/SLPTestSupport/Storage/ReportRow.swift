import SLPDomain

/// A report, a row of the `reports` table: `from` reported `to` (at most once per pair).
package struct ReportRow: Equatable, Sendable {
    package let from: UserID
    package let to: UserID
    package let reason: ReportReason
    /// Nil when the reporter gave no comment.
    package let comment: String?

    package init(from: UserID, to: UserID, reason: ReportReason, comment: String?) {
        self.from = from
        self.to = to
        self.reason = reason
        self.comment = comment
    }
}
