import SLPDomain

/// One event as a line: a sentence for people, one JSON object for programs (`id`, `type`,
/// `createdAt`, then who and what).
struct EventRenderer {
    let format: OutputFormat

    func line(_ event: UserEvent) -> String {
        switch format {
        case .json:
            return json(event).text + "\n"
        case .text(let style):
            return style.dim("#\(event.id) \(Timestamp.format(event.createdAt))") + "  " + sentence(event.kind, style: style) + "\n"
        }
    }

    func json(_ event: UserEvent) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .int(Int(event.id))), ("type", .string(event.kind.name)), ("createdAt", .string(Timestamp.format(event.createdAt))),
        ]
        func who(_ partner: MatchView.Partner) {
            fields += [("uid", .string(partner.uid.rawValue)), ("nick", .string(partner.nick.value))]
        }
        switch event.kind {
        case .request(let from, let distance):
            who(from)
            fields.append(("distance", .int(distance)))
        case .matched(let partner), .dodged(let partner):
            who(partner)
        case .reviewed(let by, let titles):
            who(by)
            fields.append(("titles", .array(titles.map { .string($0.key) })))
        case .message(let message, let from):
            who(from)
            fields += [("_id", .string(message.id.description)), ("chat", .string(message.text))]
        case .penaltyOver:
            break
        }
        return .object(fields)
    }

    private func sentence(_ kind: UserEventKind, style: Style) -> String {
        func name(_ partner: MatchView.Partner) -> String { style.bold(partner.nick.value) + " (\(partner.uid))" }
        switch kind {
        case .request(let from, let distance):
            return "request: \(name(from)) asks to study with you, \(distance) m away"
        case .matched(let partner):
            return "matched: you study with \(name(partner)) now"
        case .dodged(let partner):
            return "dodged: \(name(partner)) cancelled your study"
        case .reviewed(let by, let titles):
            return "reviewed: \(name(by)) reviewed you: \(titles.map(\.title).joined(separator: ", "))"
        case .message(let message, let from):
            return "message: \(name(from)): \(message.text.replacing("\n", with: "\n    "))"
        case .penaltyOver:
            return "penalty_over: your dodge penalty is over; you may queue again"
        }
    }
}
