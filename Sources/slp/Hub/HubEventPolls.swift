#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPRealtime

/// `GET /v1/events` long polls, held by the hub instead of a process each: answered as the
/// workers answer it (`EventsEndpoints`), at once when there is news, else when the feed brings
/// the caller some, when their penalty runs out, or with `[]` when the wait is over. One user
/// holds at most `perUser` polls (a new one answers the oldest); a client that hangs up frees
/// its poll at once.
@MainActor
final class HubEventPolls {
    /// One held poll.
    private final class Poll {
        let connection: HubConnection
        let uid: UserID
        let since: Int64
        var timers: [Int] = []

        init(connection: HubConnection, uid: UserID, since: Int64) {
            self.connection = connection
            self.uid = uid
            self.since = since
        }
    }

    /// The waiting connections one user holds at most.
    static let perUser = 8

    private let loop: EventLoop
    private let service: APIService
    /// Each user's held polls, oldest first.
    private var held: [UserID: [Poll]] = [:]

    init(loop: EventLoop, service: APIService) {
        self.loop = loop
        self.service = service
    }

    /// A request to `/v1/events`.
    func handle(_ connection: HubConnection, _ head: HTTPRequestHead) {
        guard head.method == "GET" else {
            var response = APIResponse.failure(APIFailure.methodNotAllowed)
            response.headers.append(("Allow", "GET"))
            return connection.respond(HTTPResponse(response))
        }
        do {
            let (uid, _) = try APIApplication.caller(idToken: head.header("idtoken"), service: service)
            var parameters = FormParameters()
            try parameters.add(formEncoded: head.target.drop { $0 != "?" }.dropFirst().utf8)
            let (since, wait) = try EventsEndpoints.limits(parameters)
            let batch = try look(uid, after: since)
            guard batch.events.isEmpty, wait > 0 else { return connection.respond(HTTPResponse(answer(batch.events))) }
            hold(Poll(connection: connection, uid: uid, since: since), wait: .seconds(wait), penaltyEnds: batch.penaltyEnds)
        } catch {
            connection.respond(HTTPResponse(APIApplication.refusal(error) ?? failure(error)))
        }
    }

    /// Something was committed for `uid`: their polls look again.
    func wake(_ uid: UserID) {
        // Polls of one user after the same event read the same news: one look for each.
        var looked: [Int64: Result<EventBatch, any Error>] = [:]
        for poll in held[uid] ?? [] {
            let batch = looked[poll.since] ?? Result { try look(poll.uid, after: poll.since) }
            looked[poll.since] = batch
            settle(poll, batch)
        }
    }

    private func hold(_ poll: Poll, wait: Duration, penaltyEnds: Date?) {
        held[poll.uid, default: []].append(poll)
        if let polls = held[poll.uid], polls.count > Self.perUser { finish(polls[0], with: answer([])) }
        // The timers and the connection's note of its end hold the poll until `forget` cancels
        // the timers and `finish` (or the connection's close) drops the note.
        poll.timers.append(loop.after(wait) { self.finish(poll, with: self.answer([])) })
        if let penaltyEnds, let now = try? service.dependencies().now {
            let left = max(0, penaltyEnds.timeIntervalSince(now))
            poll.timers.append(loop.after(.milliseconds(Int64((left * 1_000).rounded(.up)))) { self.lookAgain(poll) })
        }
        poll.connection.onClose = { _ in self.forget(poll) }
    }

    private func lookAgain(_ poll: Poll) {
        settle(poll, Result { try look(poll.uid, after: poll.since) })
    }

    /// Answers `poll` with what a look found, if anything; a failed look ends it with the failure.
    private func settle(_ poll: Poll, _ batch: Result<EventBatch, any Error>) {
        switch batch {
        case .success(let batch): if !batch.events.isEmpty { finish(poll, with: answer(batch.events)) }
        case .failure(let error): finish(poll, with: failure(error))
        }
    }

    private func look(_ uid: UserID, after since: Int64) throws -> EventBatch {
        let dependencies = try service.dependencies()
        return try FollowEventsUseCase(storage: dependencies.storage, clock: dependencies.clock).look(me: uid, after: since)
    }

    private func finish(_ poll: Poll, with response: APIResponse) {
        forget(poll)
        poll.connection.onClose = nil
        poll.connection.respond(HTTPResponse(response))
    }

    private func forget(_ poll: Poll) {
        for timer in poll.timers { loop.cancel(timer) }
        poll.timers = []
        held[poll.uid]?.removeAll { $0 === poll }
        if held[poll.uid]?.isEmpty == true { held[poll.uid] = nil }
    }

    private func answer(_ events: [UserEvent]) -> APIResponse {
        let renderer = EventRenderer(format: .json)
        return APIResponse(status: 200, body: JSONValue.array(events.map(renderer.json)).text + "\n")
    }

    /// A failure as the workers answer it; the service's own (a 500) opens the storage afresh.
    private func failure(_ error: any Error) -> APIResponse {
        let response = APIResponse.failure(Failure(error))
        if response.status == 500 {
            StandardStreams.writeError("slp hub: GET /v1/events: \(FailureRenderer.oneLine(Failure(error).message))\n")
            service.discard()
        }
        return response
    }
}
