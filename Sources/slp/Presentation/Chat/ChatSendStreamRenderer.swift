/// `chat send` reading standard input: for people, each message acknowledged as soon as it is
/// stored (so `tail -f |` streams, and a line printed is a message kept); for programs, one
/// `{"payload": [...]}` document of every message stored, printed at the end.
struct ChatSendStreamRenderer: StreamRenderer {
    let chat: ChatRenderer

    func changes(from old: ChatFeature.State, to new: ChatFeature.State) -> String {
        guard case .text = chat.format, new.sent.count > old.sent.count else { return "" }
        return new.sent[old.sent.count...].map(chat.acknowledgement).joined()
    }

    /// The payload holds what was stored before a line failed, if one did; there is none when
    /// the checks before reading refused.
    func end(_ state: ChatFeature.State) -> Output {
        var output = Output()
        if case .json = chat.format, state.ready { output.stdout = chat.payload(state.sent).text + "\n" }
        if let failure = state.failure {
            let error = chat.failures.render(failure, format: chat.format)
            output.stderr = error.stderr
            output.exitCode = error.exitCode
        }
        return output
    }
}
