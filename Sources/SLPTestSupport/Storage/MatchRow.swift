import Foundation
import SLPDomain

/// A match, a row of the `matches` table with its members' rows.
package struct MatchRow: Equatable, Sendable {
    /// Also the conversation's id.
    package let id: Int64
    package let startedAt: Date
    /// When the first member ended their part; nil while neither has.
    package var endedAt: Date?
    /// Two members, fewer once one withdraws (their row goes with their account).
    package var members: [MatchMemberRow]

    package init(id: Int64, startedAt: Date, endedAt: Date? = nil, members: [MatchMemberRow]) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.members = members
    }
}
