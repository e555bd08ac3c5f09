/// `chat follow`: each message as it arrives, a line of text or one JSON object per line; at
/// the end, a word that the study ended, or why following stopped.
struct ChatFollowStreamRenderer: StreamRenderer {
    let chat: ChatRenderer
    let failures: FailureRenderer

    /// Messages are appended after their conversation is set (`open` sets it first), so every
    /// new message has the names to show it with.
    func changes(from old: ChatFollowFeature.State, to new: ChatFollowFeature.State) -> String {
        guard let conversation = new.conversation, new.messages.count > old.messages.count else { return "" }
        return new.messages[old.messages.count...].map { chat.line($0, in: conversation) }.joined()
    }

    func end(_ state: ChatFollowFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: chat.format) }
        if case .text = chat.format { return .success("The study has ended.\n") }
        return Output()
    }
}
