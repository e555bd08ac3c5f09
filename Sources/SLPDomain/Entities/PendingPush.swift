#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A push claimed for sending (`ClaimPushesUseCase`): leased to one sender until it records an
/// outcome (`RecordPushOutcomesUseCase`) or its lease runs out.
public struct PendingPush: Equatable, Sendable {
    /// The event's id: the outbox row, and the push's collapse id (a push sent twice, after a
    /// crash between sending and recording, shows once).
    public let eventID: Int64
    public let recipient: UserID
    /// The token the push goes to: cleared from the recipient only while it is still theirs.
    public let token: PushToken
    public let notice: PushNotice
    /// Tries before this one that were answered "later".
    public let attempts: Int
    /// When the event happened: a push is given up an hour after it (`PushRules.freshFor`).
    public let eventTime: Date

    public init(eventID: Int64, recipient: UserID, token: PushToken, notice: PushNotice, attempts: Int, eventTime: Date) {
        self.eventID = eventID
        self.recipient = recipient
        self.token = token
        self.notice = notice
        self.attempts = attempts
        self.eventTime = eventTime
    }
}
