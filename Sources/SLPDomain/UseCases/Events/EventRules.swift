#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who hears of what (SLP's pushes): the other user of a request, a match or a review, a
/// partner still in the match I cancel, the recipient of a message. A report tells nobody.
/// Events are recorded in the same transaction as the change that causes them.
public enum EventRules {
    /// What a decision between me and another user tells the other one.
    public static func notices(_ decision: PairDecision, _ pair: PairSnapshot) -> [EventNotice] {
        let me = MatchView.Partner(uid: pair.me.user.uid, nick: pair.me.user.nick)
        let other = pair.other.user.uid
        switch decision {
        case .openRequest:
            // From where the one asked waits to where the asker is shown, as their search shows it.
            var distance = 0
            if let mine = pair.me.entry, let theirs = pair.other.entry {
                distance = Int(theirs.coordinate.distance(to: mine.shownCoordinate).rounded())
            }
            return [EventNotice(recipient: other, kind: .request(from: me, distance: distance))]
        case .match:
            return [EventNotice(recipient: other, kind: .matched(partner: me))]
        case .review(let titles, _, _, _):
            let ordered = ReputationTitle.allCases.filter(titles.contains)
            return [EventNotice(recipient: other, kind: .reviewed(by: me, titles: ordered))]
        case .requestAlreadyOpen, .alreadyTogether, .report:
            return []
        }
    }

    /// Cancelling `match` tells my partner, unless they have left it already (or the service).
    public static func notices(dodging match: MatchView, me: User) -> [EventNotice] {
        guard let partner = match.partner, match.partnerEnding == nil else { return [] }
        return [EventNotice(recipient: partner.uid, kind: .dodged(partner: MatchView.Partner(uid: me.uid, nick: me.nick)))]
    }

    /// A message tells its recipient.
    public static func notices(sending message: ChatMessage, from me: User) -> [EventNotice] {
        [EventNotice(recipient: message.to, kind: .message(message, from: MatchView.Partner(uid: me.uid, nick: me.nick)))]
    }

    /// How long events are kept: older ones are forgotten as new ones are recorded.
    public static let retentionDays = 30

    /// Tells `uid` their penalty is over (`penalty_over`, dated at its end) if that is due by
    /// `now` and not told yet; nothing is committed when a penalty ends, so whoever looks first
    /// records it, once.
    static func tellPenaltyOver(to uid: UserID, by now: Date, in transaction: any WriteTransaction) throws {
        guard let due = try transaction.penaltyNoticeDue(of: uid), due <= now else { return }
        try record([EventNotice(recipient: uid, kind: .penaltyOver)], at: due, in: transaction)
        try transaction.setPenaltyNoticeDue(nil, of: uid)
    }

    /// Records `notices` as of `now`, each the next event in commit order, forgetting what is
    /// older than the retention, and queues the push of each that pushes (`PushRules`). A
    /// recipient who is gone hears nothing.
    static func record(_ notices: [EventNotice], at now: Date, in transaction: any WriteTransaction) throws {
        let cutoff = now.addingTimeInterval(-Double(retentionDays) * 86_400)
        for notice in notices {
            guard let id = try transaction.insertEvent(notice.kind, for: notice.recipient, at: now, forgettingBefore: cutoff) else { continue }
            // The push goes out from the outbox, committed with its event or not at all.
            guard PushRules.notice(for: UserEvent(id: id, createdAt: now, kind: notice.kind)) != nil else { continue }
            try transaction.enqueuePush(event: id, for: notice.recipient, at: now, forgettingBefore: now.addingTimeInterval(-PushRules.freshFor))
        }
    }
}
