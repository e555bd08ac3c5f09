import SLPDomain

/// One member's part of a match, a row of the `match_members` table.
package struct MatchMemberRow: Equatable, Sendable {
    package let user: UserID
    /// Kept when the partner withdraws, as `partner_uid` is, so the conversation still names them.
    package let partner: UserID
    /// How this member ended their part, nil while they have not.
    package var ending: MatchEnding?
    /// Whether this member reviewed their partner.
    package var reviewedPartner = false
    /// False once this member moved on: ended their part, or queued again after the partner did.
    package var isCurrent = true

    package init(user: UserID, partner: UserID) {
        self.user = user
        self.partner = partner
    }
}
