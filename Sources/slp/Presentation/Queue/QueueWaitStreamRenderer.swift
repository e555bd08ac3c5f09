/// `slp queue ... --wait`: where I wait, each request as it arrives, then my partner. For
/// programs, one JSON object per line: first the queue entry (as `slp --json queue` prints it:
/// a script knows it has queued before anything happens), each request as `slp events` gives
/// it, and last the queue status object.
struct QueueWaitStreamRenderer: StreamRenderer {
    let queue: QueueRenderer
    let events: EventRenderer
    let failures: FailureRenderer

    func changes(from old: QueueWaitFeature.State, to new: QueueWaitFeature.State) -> String {
        var text = ""
        if old.entry == nil, let entry = new.entry {
            text += queue.entered(entry).stdout
        }
        if new.requests.count > old.requests.count {
            text += new.requests[old.requests.count...].map(events.line).joined()
        }
        if old.matched == nil, let matched = new.matched {
            switch queue.format {
            case .json: text += queue.status(matched).stdout
            case .text: text += "Matched with \(matched.partner.map { "\($0.nick) (\($0.uid))" } ?? "a withdrawn user").\n"
            }
        }
        return text
    }

    func end(_ state: QueueWaitFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: queue.format) }
        return Output()
    }
}
