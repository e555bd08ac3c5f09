import SLPDomain
import SLPRealtime

/// The one way committed events leave the database for the hub's clients. `HubFeed` reads each
/// batch once for everyone, off the loop, and this hands it out on the loop in commit order:
/// to every socket of its recipient (a Socket.IO event) and to their held long polls, which it
/// wakes to read their page (`HubEventPolls`). The third consumer of the same stored events is
/// the push sender (`slp-push`, another process): it reads them through the outbox that
/// `EventRules.record` fills in each event's own transaction, so nothing here waits for it and
/// a slow FCM never reaches a socket.
///
/// A new kind of event needs nothing here: it goes out under its name (`UserEventKind.name`)
/// with the JSON `slp events --json` prints; only a message differs, as the apps' `chat`.
final class HubDeliveries {
    private let sockets: EngineIOServer
    private let polls: HubEventPolls
    private let chat = ChatRenderer(format: .json)
    private let events = EventRenderer(format: .json)

    init(sockets: EngineIOServer, polls: HubEventPolls) {
        self.sockets = sockets
        self.polls = polls
    }

    /// Hands out what was committed, oldest first.
    func deliver(_ batch: some Sequence<AddressedEvent>) {
        var recipients: Set<String> = []
        for addressed in batch {
            let uid = addressed.recipient.rawValue
            let (name, json) = emitted(addressed.event)
            sockets.emit(to: uid, event: name, json: json)
            recipients.insert(uid)
        }
        for uid in recipients { polls.wake(uid) }
    }

    /// The Socket.IO event an event goes out as: its name and JSON, but a message as the apps
    /// listen for it (`chat`, with the chat object REST gives).
    private func emitted(_ event: UserEvent) -> (name: String, json: String) {
        if case .message(let message, _) = event.kind { return ("chat", chat.json(message).text) }
        return (event.kind.name, events.json(event).text)
    }
}
