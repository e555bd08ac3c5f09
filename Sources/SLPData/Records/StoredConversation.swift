import SLPDomain

/// A member's view of a match's conversation as both backends read it: the member row `m`,
/// the partner `p` (gone once withdrawn) and the partner's member row `pm`.
enum StoredConversation {
    /// The last column is whether the conversation is open: current, nobody ended it, the partner still there.
    static let columns = "m.match_id, m.partner_uid, p.uid, p.nick, m.is_current AND m.ending IS NULL AND pm.ending IS NULL AND p.id IS NOT NULL"

    static func read(_ row: some StoredRow, me: UserID) throws -> Conversation {
        do {
            let partner = try row.optionalText(2).map { uid in
                MatchView.Partner(uid: try UserID(uid), nick: try Nick(row.optionalText(3) ?? ""))
            }
            return Conversation(id: row.int64(0), me: me, partner: partner, partnerUID: try UserID(row.text(1)), isOpen: row.bool(4))
        } catch let error as DomainError {
            throw StoredDataError(table: "match_members", id: row.int64(0), detail: error.message)
        }
    }
}
