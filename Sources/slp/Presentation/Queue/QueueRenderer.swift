import SLPDomain

/// Draws what the queue commands did: where I wait, whether I left, where I stand; for people,
/// and as objects for programs (the API's answers too).
struct QueueRenderer {
    let format: OutputFormat

    /// `queue`: where I wait now, for which studies.
    func entered(_ entry: QueueEntry) -> Output {
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("uid", .string(entry.uid.rawValue)), ("status", .string(QueueStatus.waiting.rawValue)),
                ("lat", .double(entry.coordinate.latitude)), ("long", .double(entry.coordinate.longitude)),
                ("studylist", .array(entry.studies.studies.map { .string($0.name) })),
                ("enteredAt", .string(Timestamp.format(entry.enteredAt))),
            ]).text + "\n")
        case .text:
            return .success("Waiting at \(entry.coordinate) for \(entry.studies.studies.map(\.name).joined(separator: ", ")).\n")
        }
    }

    /// `queue stop`: whether I was waiting before it.
    func left(_ left: Bool) -> Output {
        switch format {
        case .json: .success(JSONValue.object([("left", .bool(left))]).text + "\n")
        case .text: .success(left ? "Left the queue.\n" : "You were not in the queue.\n")
        }
    }

    /// `queue status`: the SLP myQueueState keys, with 0/1 flags as SLP sends them. The partner's
    /// nick and uid are strings whenever I am matched (the nick empty once they withdrew), null
    /// otherwise, as SLP's optional keys allow.
    func status(_ queueState: QueueState) -> Output {
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("status", .string(queueState.status.rawValue)),
                ("dodged", .int(queueState.dodged ? 1 : 0)),
                ("matched", .int(queueState.status == .matched ? 1 : 0)),
                ("reviewed", .int(queueState.reviewed ? 1 : 0)),
                ("matchedNick", queueState.partnerUID.map { _ in .string(queueState.partner?.nick.value ?? "") } ?? .null),
                ("matchedUid", queueState.partnerUID.map { .string($0.rawValue) } ?? .null),
            ]).text + "\n")
        case .text(let style):
            var table = KeyValueTable()
            table.add("status", queueState.status.rawValue)
            if let entry = queueState.entry {
                table.add("at", "\(entry.coordinate)")
                table.add("studies", entry.studies.studies.map(\.name).joined(separator: ", "))
            }
            if queueState.status == .matched {
                table.add("partner", queueState.partner.map { "\($0.nick) (\($0.uid))" } ?? "a withdrawn user")
                let progress = queueState.dodged ? "cancelled by your partner" : queueState.reviewed ? "over: your partner reviewed you" : "going on"
                table.add("match", progress)
            }
            return .success(table.render(style: style))
        }
    }
}
