/// A row of the push outbox as storage finds it (`ReadTransaction.duePushes`): which event, for
/// whom, the recipient's push token now, and the event itself unless it has been forgotten.
/// The claim decides from it whether the push still matters (`ClaimPushesUseCase`).
public struct QueuedPush: Equatable, Sendable {
    /// The event's id: the push's key in the outbox, and its collapse id on the phone.
    public let eventID: Int64
    public let recipient: UserID
    /// The recipient's token as stored now; `PushToken.none` when they have none.
    public let token: PushToken
    /// nil once the event is forgotten (older than events are kept).
    public let event: UserEvent?
    /// How many sends were tried and answered "try again later".
    public let attempts: Int

    public init(eventID: Int64, recipient: UserID, token: PushToken, event: UserEvent?, attempts: Int) {
        self.eventID = eventID
        self.recipient = recipient
        self.token = token
        self.event = event
        self.attempts = attempts
    }
}
