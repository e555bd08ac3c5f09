import SLPDomain

/// Draws messages: `time  nick  text` lines for people, SLP chat objects for programs.
struct ChatRenderer {
    let format: OutputFormat

    /// `chat send TEXT`: the stored message, one SLP chat object for programs.
    func sent(_ message: ChatMessage) -> Output {
        switch format {
        case .json: .success(json(message).text + "\n")
        case .text: .success(acknowledgement(message))
        }
    }

    /// The line that tells a person one message is stored.
    func acknowledgement(_ message: ChatMessage) -> String {
        "Sent at \(Timestamp.format(message.createdAt)).\n"
    }

    /// `chat list`: the page of the conversation.
    func list(_ messages: [ChatMessage], in conversation: Conversation) -> Output {
        switch format {
        case .json:
            return .success(payload(messages).text + "\n")
        case .text(let style):
            if messages.isEmpty { return .success("No messages yet.\n") }
            return .success(messages.map { line($0, in: conversation, style: style) }.joined())
        }
    }

    /// One message as `chat follow` prints it: a line of text, or one JSON object per line.
    func line(_ message: ChatMessage, in conversation: Conversation, style: Style? = nil) -> String {
        switch format {
        case .json:
            return json(message).text + "\n"
        case .text(let formatStyle):
            let style = style ?? formatStyle
            let sender = message.from == conversation.me ? conversation.myNick.value : (conversation.partner?.nick.value ?? "(withdrawn user)")
            let text = message.text.replacing("\n", with: "\n    ")
            return style.dim(Timestamp.format(message.createdAt)) + "  " + style.bold(sender) + "  " + text + "\n"
        }
    }

    /// `{"payload": [chat, ...]}`, as SLP sends a page of a conversation.
    func payload(_ messages: [ChatMessage]) -> JSONValue {
        .object([("payload", .array(messages.map(json)))])
    }

    /// `{_id, to, from, chat, createdAt}` as SLP sends it.
    func json(_ message: ChatMessage) -> JSONValue {
        .object([
            ("_id", .string(message.id.description)), ("to", .string(message.to.rawValue)), ("from", .string(message.from.rawValue)),
            ("chat", .string(message.text)), ("createdAt", .string(Timestamp.format(message.createdAt))),
        ])
    }
}
