/// `slp events`: each event as it is told, a line of text or one JSON object per line; at the
/// end, why following stopped, if it did not simply end (`--once`, Ctrl-C).
struct EventsStreamRenderer: StreamRenderer {
    let events: EventRenderer
    let failures: FailureRenderer

    func changes(from old: EventsFeature.State, to new: EventsFeature.State) -> String {
        guard new.events.count > old.events.count else { return "" }
        return new.events[old.events.count...].map(events.line).joined()
    }

    func end(_ state: EventsFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: events.format) }
        return Output()
    }
}
