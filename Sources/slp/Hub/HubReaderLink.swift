import SLPRealtime

/// The loop's side of the reader: each question goes out numbered, and its answer comes back
/// through the loop's mailbox to what waits for it, on the loop.
final class HubReaderLink {
    private let questions: AsyncStream<(Int, HubQuestion)>.Continuation
    private var waiting: [Int: (HubAnswer) -> Void] = [:]
    private var asked = 0

    init(questions: AsyncStream<(Int, HubQuestion)>.Continuation) {
        self.questions = questions
    }

    /// Hears the reader's answers on `loop`, from `answers`.
    func listen(on loop: EventLoop, to answers: LoopMailbox<(Int, HubAnswer)>) throws(SystemCallError) {
        try loop.watch(answers) { answers in
            for (id, answer) in answers { self.waiting.removeValue(forKey: id)?(answer) }
        }
    }

    /// Asks `question`; `then` hears the answer on the loop, on a later turn.
    func ask(_ question: HubQuestion, then: @escaping (HubAnswer) -> Void) {
        asked += 1
        waiting[asked] = then
        questions.yield((asked, question))
    }
}
