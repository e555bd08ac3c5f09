import Foundation
import SLPSupport

/// One benchmark client: a device whose people use the SLP app in turns, each request sent
/// once the answer to the one before it has come (a closed loop: no think time is waited, it
/// is only counted). Every app polls `GET /v1/queue/myQueueState` each 5 s of its simulated
/// time, queues, searches, requests the people it finds (mostly other clients' people, who
/// answer, rather than the seeded crowd, who never do), accepts the requests it is shown
/// (after a request that matched at once, as SLP's apps do), chats (sending, and reading with
/// `lastchatDate`), then reviews or now and then dodges. Each person writes within the API's
/// per-user write limits (`WritePace`): a turn whose write their bucket does not allow yet waits.
/// Every 200 to a write is recorded, to be read back from the store afterwards.
struct HTTPWorker {
    let index: Int
    private let client: HTTPClient
    private var random: SplitMix64
    private var sent = 0
    private(set) var tally = HTTPTally()
    private(set) var acknowledged = LoadAcknowledgements()

    /// Simulated seconds each action stands for (reading the list, typing a message…).
    private static let seconds: [HTTPEndpoint: Double] = [
        .state: 0, .queue: 3, .search: 4, .request: 2, .accept: 2, .chatSend: 6, .chatRead: 3, .rate: 8, .dodge: 2,
    ]
    static let titles = 6

    init(index: Int, port: UInt16, seed: UInt64) {
        self.index = index
        client = HTTPClient(port: port)
        random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
    }

    /// Takes turns among `people` until `deadline` (monotonic ns); `everyone` is every client's people.
    mutating func run(people: [HTTPPerson], everyone: Set<String>, until deadline: UInt64) {
        var people = people
        PersonTurns.run(&people, phase: \.phase, until: deadline, readyAt: Self.readyAt) { take(&$0, everyone: everyone) }
    }

    /// When `person`'s next turn may come: once the bucket of its first write allows it (a
    /// turn in the queue searches first, and then may write).
    private static func readyAt(_ person: HTTPPerson) -> UInt64 {
        if person.clock >= person.nextPoll { return 0 }
        switch person.phase {
        case .matched(_?, let left) where left > 0: return person.pace.readyAt(.chat)
        case .idle, .waiting, .matched(_?, _): return person.pace.readyAt(.other)
        case .matched(nil, _), .parked: return 0
        }
    }

    private mutating func take(_ person: inout HTTPPerson, everyone: Set<String>) {
        if person.clock >= person.nextPoll {
            person.nextPoll = person.clock + HTTPPerson.pollInterval
            poll(&person)
            return
        }
        switch person.phase {
        case .parked: return
        case .idle: enterQueue(&person)
        case .waiting: lookAround(&person, everyone: everyone)
        case .matched(nil, _): person.clock = person.nextPoll
        case .matched(let partner?, let left) where left > 0: chat(&person, partner: partner, left: left)
        case .matched(let partner?, _): finish(&person, partner: partner)
        }
    }

    // MARK: The app's requests

    private mutating func poll(_ person: inout HTTPPerson) {
        let answer = send(.state, &person, "GET", "/v1/queue/myQueueState")
        if answer.status == 201 {
            if case .matched = person.phase { person.phase = .idle }
            if case .waiting = person.phase { person.phase = .idle }
            return
        }
        guard answer.status == 200, let json = answer.object else { return }
        switch json["status"] as? String {
        case "matched":
            let partner = json["matchedUid"] as? String
            if case .matched(let known, let left) = person.phase, known == nil || known == partner {
                person.phase = .matched(partner: partner, messagesLeft: left)
            } else if case .matched = person.phase {
                person.phase = .matched(partner: partner, messagesLeft: messages())
            } else {
                person.phase = .matched(partner: partner, messagesLeft: messages())
                person.lastChatDate = nil
            }
        case "waiting": person.phase = .waiting
        default: person.phase = .idle
        }
    }

    private mutating func enterQueue(_ person: inout HTTPPerson) {
        let form = FormEncoding.form([("lat", "\(person.latitude)"), ("long", "\(person.longitude)")] + person.studies.map { ("studylist", $0) })
        let answer = send(.queue, &person, "POST", "/v1/queue", form: form)
        switch answer.status {
        case 200: person.phase = .waiting
        case 203, 204, 205:
            let message = (answer.object?["error"] as? [String: Any])?["message"] as? String ?? ""
            let seconds = Double(message.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.last ?? 10)
            person.phase = .parked(until: Stopwatch.now() + UInt64(seconds * 1e9))
        case 201:
            // Matched already (or reported): myQueueState tells which.
            person.nextPoll = person.clock
        default: break
        }
    }

    /// Search, then accept a request shown, or request someone found.
    private mutating func lookAround(_ person: inout HTTPPerson, everyone: Set<String>) {
        let form = FormEncoding.form([("lat", "\(person.latitude)"), ("long", "\(person.longitude)")])
        let answer = send(.search, &person, "POST", "/v1/queue/search", form: form)
        guard answer.status == 200 else {
            if answer.isRefusal { person.nextPoll = person.clock }
            return
        }
        let found = SearchScan.uids(answer.body)
        if let asker = pick(found.requested.filter { $0 != person.uid }) {
            accept(&person, asker, confirming: false)
            return
        }
        let nearby = found.nearby.filter { $0 != person.uid }
        let clients = nearby.filter(everyone.contains)
        guard let target = pick(random.nextUnit() < LoadWorker.requestClientShare && !clients.isEmpty ? clients : nearby) else { return }
        let request = send(.request, &person, "POST", "/v1/queue/studyrequest", form: FormEncoding.form([("otheruid", target)]))
        switch request.status {
        case 200: break
        // They had asked me: matched at once (slp's answer, as SLP's 201); the app accepts next.
        case 201 where (request.object?["matched"] as? Int) == 1:
            acknowledged.matches.append((person.uid, target))
            accept(&person, target, confirming: true)
        case 201: person.nextPoll = person.clock
        default: break
        }
    }

    private mutating func accept(_ person: inout HTTPPerson, _ other: String, confirming: Bool) {
        let answer = send(.accept, &person, "POST", "/v1/queue/studyaccept", form: FormEncoding.form([("otheruid", other)]))
        switch answer.status {
        case 200:
            // A confirmation is the match the request made, already counted.
            if !confirming { acknowledged.matches.append((person.uid, other)) }
            person.phase = .matched(partner: other, messagesLeft: messages())
            person.lastChatDate = nil
        case _ where confirming:
            person.phase = .matched(partner: other, messagesLeft: messages())
            person.lastChatDate = nil
        case 203: person.nextPoll = person.clock
        default: break
        }
    }

    /// One message sent, then the chat read again since the newest message seen.
    private mutating func chat(_ person: inout HTTPPerson, partner: String, left: Int) {
        sent += 1
        let text = "http \(index)-\(sent) \(person.uid.prefix(6)) 안녕하세요"
        let answer = send(.chatSend, &person, "POST", "/v1/chat/\(partner)", form: FormEncoding.form([("chat", text)]))
        switch answer.status {
        case 200:
            if let json = answer.object, let to = json["to"] as? String, let createdAt = json["createdAt"] as? String {
                acknowledged.messages.append(.init(from: person.uid, to: to, chat: json["chat"] as? String ?? text, createdAt: createdAt))
            }
            person.phase = .matched(partner: partner, messagesLeft: left - 1)
        // The partner ended it: review them now.
        case 201: person.phase = .matched(partner: partner, messagesLeft: 0)
        case 409: person.phase = .idle
        default: break
        }
        // The apps send the time with its colons as they are.
        let since = person.lastChatDate.map { "?lastchatDate=\($0)" } ?? ""
        let read = send(.chatRead, &person, "GET", "/v1/chat/\(partner)\(since)")
        if read.status == 200, let payload = read.object?["payload"] as? [[String: Any]], let last = payload.last?["createdAt"] as? String {
            person.lastChatDate = last
        }
    }

    private mutating func finish(_ person: inout HTTPPerson, partner: String) {
        person.lastChatDate = nil
        if random.nextUnit() < LoadWorker.dodgeShare {
            let answer = send(.dodge, &person, "POST", "/v1/queue/dodge", form: FormEncoding.form([("otheruid", partner)]))
            switch answer.status {
            case 200:
                acknowledged.dodges.append(person.uid)
                let penalty = answer.object?["dodgepenalty"] as? Int ?? 0
                person.phase = penalty > 0 ? .parked(until: Stopwatch.now() + UInt64(penalty) * 1_000_000_000) : .idle
            case _ where answer.isRefusal: person.phase = .idle
            default: break
            }
            return
        }
        let first = Int(random.next() % UInt64(Self.titles))
        let flags = (0..<Self.titles).map { ($0 - first + Self.titles) % Self.titles < 1 + first % 2 ? "1" : "0" }
        let form = FormEncoding.form([("otheruid", partner)] + flags.map { ("reputation", $0) } + [("comment", "고마워요")])
        let answer = send(.rate, &person, "POST", "/v1/queue/rate/\(partner)", form: form)
        switch answer.status {
        case 200:
            acknowledged.reviews.append((person.uid, partner))
            person.phase = .idle
        case _ where answer.isRefusal: person.phase = .idle
        default: break
        }
    }

    // MARK: Sending

    private mutating func send(
        _ endpoint: HTTPEndpoint, _ person: inout HTTPPerson, _ method: String, _ target: String, form: String? = nil
    ) -> HTTPResponse {
        if let kind = endpoint.writeKind {
            // A second write in one turn (a request that matched, then the accept) may wait here.
            let ready = person.pace.readyAt(kind), now = Stopwatch.now()
            if ready > now { usleep(UInt32((ready - now) / 1_000)) }
            person.pace.take(kind, now: Stopwatch.now())
        }
        let answer = client.send(method, target, token: person.token, form: form)
        if answer.status == 429, let kind = endpoint.writeKind { person.pace.refused(kind, now: Stopwatch.now()) }
        tally.record(endpoint, answer)
        person.clock += Self.seconds[endpoint] ?? 1
        return answer
    }

    private mutating func pick(_ items: [String]) -> String? {
        items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
    }

    /// How many messages a matched person sends before ending: one to three.
    private mutating func messages() -> Int { 1 + Int(random.next() % 3) }
}
