import SLPRealtime

/// `GET /v1/events` long polls, held by the hub instead of a process each: answered as the
/// workers answer it (`EventsEndpoints`: at most a page of events), at once when there is news,
/// else when the feed brings the caller some, when their penalty runs out, or with `[]` when the
/// wait is over. One user holds at most `perUser` polls (a new one answers the oldest 409
/// `too_many_polls`, never an `[]` that would read as a wait over); a client that hangs up frees
/// its poll at once. On the loop: the reader checks tokens and looks.
final class HubEventPolls {
    /// One held poll.
    private final class Poll {
        let connection: HubConnection
        let uid: String
        let since: Int64
        var timers: [Int] = []
        var isHeld = true

        init(connection: HubConnection, uid: String, since: Int64) {
            self.connection = connection
            self.uid = uid
            self.since = since
        }
    }

    /// The waiting connections one user holds at most.
    static let perUser = 8

    private unowned let loop: EventLoop
    private let reader: HubReaderLink
    /// Each user's held polls, oldest first.
    private var held: [String: [Poll]] = [:]
    /// Polls held now, for the metrics.
    var count: Int { held.values.reduce(0) { $0 + $1.count } }
    /// How many times the feed woke anyone: a poll whose first look raced a wake looks again.
    private var wakes = 0
    /// Whether serve is stopping (`sayGoodbye`): no poll is held any more.
    private var saidGoodbye = false

    /// The loop, which runs only inside its server's `run`, outlives the polls.
    init(loop: EventLoop, reader: HubReaderLink) {
        self.loop = loop
        self.reader = reader
    }

    /// A request to `/v1/events`, by its head.
    func handle(_ connection: HubConnection, _ head: HTTPRequestHead) {
        guard head.method == "GET" else {
            var response = APIResponse.failure(APIFailure.methodNotAllowed)
            response.headers.append(("Allow", "GET"))
            return connection.respond(HTTPResponse(response))
        }
        let wakesBefore = wakes
        reader.ask(.poll(idToken: head.header("idtoken"), target: head.target)) { answer in
            guard case .hold(let uid, let since, let wait, let lookAgain) = answer else {
                if case .respond(let response) = answer { connection.respond(response) }
                return
            }
            guard !connection.isClosed else { return }
            // Nothing now, and no waiting while serve stops: the client asks again (elsewhere).
            if self.saidGoodbye { return connection.respond(Self.nothing) }
            let poll = Poll(connection: connection, uid: uid, since: since)
            self.hold(poll, wait: wait, lookAgain: lookAgain)
            // What the feed brought while the reader looked may not have been in its look.
            if self.wakes != wakesBefore { self.look([poll]) }
        }
    }

    /// Serve is stopping: every held poll is answered `[]` now, as when its wait is over, and
    /// polls that come from now on are not held.
    func sayGoodbye() {
        saidGoodbye = true
        for poll in Array(held.values.joined()) { finish(poll, with: Self.nothing) }
    }

    /// Something was committed for `uid`: their polls look again.
    func wake(_ uid: String) {
        wakes += 1
        look(held[uid] ?? [])
    }

    private func hold(_ poll: Poll, wait: Duration, lookAgain: Duration?) {
        held[poll.uid, default: []].append(poll)
        if let polls = held[poll.uid], polls.count > Self.perUser { finish(polls[0], with: Self.evicted) }
        // The timers and the connection's note of its end hold the poll until `forget` cancels
        // the timers and `finish` (or the connection's close) drops the note.
        poll.timers.append(loop.after(wait) { self.finish(poll, with: Self.nothing) })
        if let lookAgain { poll.timers.append(loop.after(lookAgain) { self.look([poll]) }) }
        poll.connection.onClose = { _ in self.forget(poll) }
    }

    /// Asks the reader what is there for `polls`: one look for those after the same event.
    private func look(_ polls: [Poll]) {
        for (since, group) in Dictionary(grouping: polls, by: \.since) {
            guard let uid = group.first?.uid else { continue }
            reader.ask(.look(uid: uid, since: since)) { answer in
                guard case .respond(let response) = answer else { return }
                for poll in group where poll.isHeld { self.finish(poll, with: response) }
            }
        }
    }

    private static var nothing: HTTPResponse { HTTPResponse(EventsEndpoints.answer([])) }

    /// The oldest poll's answer when a newer one takes its place.
    private static var evicted: HTTPResponse {
        HubRefusal(409, code: "too_many_polls", message: "a newer poll of this user took this one's place (\(perUser) at most)").response
    }

    private func finish(_ poll: Poll, with response: HTTPResponse) {
        forget(poll)
        poll.connection.onClose = nil
        poll.connection.respond(response)
    }

    private func forget(_ poll: Poll) {
        poll.isHeld = false
        for timer in poll.timers { loop.cancel(timer) }
        poll.timers = []
        held[poll.uid]?.removeAll { $0 === poll }
        if held[poll.uid]?.isEmpty == true { held[poll.uid] = nil }
    }
}
