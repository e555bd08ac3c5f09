import Foundation
import SLPSupport

/// One load client: a host whose people use slp in turns, each command a whole `slp` process
/// run to completion before the next. It queues them, searches, requests people it finds
/// (mostly other clients' people, who answer, rather than the seeded crowd, who never do),
/// accepts the requests it is shown, chats once matched, then reviews or (now and then)
/// dodges. Everything it knows comes from what its commands print.
struct LoadWorker {
    struct Setup: Sendable {
        let index: Int
        let slp: String
        let database: String
        let environment: [String]
        let scratch: String
        let seed: UInt64
    }

    /// Where the clients' people stand: near SeSAC's campus, inside the seeded crowd.
    static let centre = (latitude: 37.5665, longitude: 126.978)
    static let studies = ["swift", "영어", "sql", "코딩", "독서", "러닝"]
    static let titles = ["--good-manners", "--punctual", "--quick-reply", "--kind", "--skilled", "--helpful"]
    /// The share of finished matches that end in a dodge instead of a review.
    static let dodgeShare = 0.12
    /// The share of requests sent to another client's person rather than a seeded one.
    static let requestClientShare = 0.85

    private let setup: Setup
    private let child: ChildProcess
    private var random: SplitMix64
    private var sent = 0
    private(set) var tally = LoadTally()
    private(set) var acknowledged = LoadAcknowledgements()

    init(_ setup: Setup) {
        self.setup = setup
        child = ChildProcess(scratch: "\(setup.scratch)/client-\(setup.index)")
        random = SplitMix64(seed: setup.seed &+ UInt64(setup.index) &* 0x9E37_79B9)
    }

    // MARK: Setup

    /// Registers this client's people (not timed); their uids, or an error naming the refusal.
    mutating func register(count: Int) throws -> [LoadActor] {
        try (0..<count).map { number in
            let phone = "010\(1_000 + setup.index)\(1_000 + number)"
            let year = 1985 + Int(random.next() % 15)
            let result = try child.run(
                [setup.slp, "--db", setup.database, "--json", "register", "--phone", phone, "--nick", "L\(setup.index)-\(number)",
                 "--birth", "\(year)-0\(1 + number % 9)-1\(number % 10)", "--email", "load\(setup.index)x\(number)@example.kr",
                 "--gender", number % 2 == 0 ? "female" : "male"],
                environment: setup.environment)
            guard result.status == 0, let uid = Self.object(result.output)?["uid"] as? String else {
                throw LoadFailure("register failed (exit \(result.status)): \(result.errorText.split(separator: "\n").first ?? "")")
            }
            // Within 300 m of the centre, so everyone's 700 m search finds most of the others.
            let distance = 300 * random.nextUnit().squareRoot(), angle = 2 * Double.pi * random.nextUnit()
            let latitude = Self.centre.latitude + distance * cos(angle) / 111_320
            let longitude = Self.centre.longitude + distance * sin(angle) / (111_320 * cos(Self.centre.latitude * .pi / 180))
            let first = Int(random.next() % UInt64(Self.studies.count))
            let studies = (0..<(1 + number % 3)).map { Self.studies[(first + $0) % Self.studies.count] }
            return LoadActor(uid: uid, latitude: latitude, longitude: longitude, studies: studies)
        }
    }

    // MARK: The timed run

    /// Takes turns among `actors` until `deadline` (monotonic ns); `everyone` is every client's people.
    mutating func run(actors: [LoadActor], everyone: Set<String>, until deadline: UInt64) {
        var actors = actors
        PersonTurns.run(&actors, phase: \.phase, until: deadline) { take(&$0, everyone: everyone) }
    }

    private mutating func take(_ actor: inout LoadActor, everyone: Set<String>) {
        switch actor.phase {
        case .parked: return
        case .idle: enterQueue(&actor)
        case .waiting: lookAround(&actor, everyone: everyone)
        case .matched(nil, _): askStatus(&actor)
        case .matched(let partner?, let left) where left > 0: chat(&actor, partner: partner, left: left)
        case .matched(let partner?, _): finish(&actor, partner: partner)
        }
    }

    private mutating func enterQueue(_ actor: inout LoadActor) {
        let words = ["queue", "--lat", "\(actor.latitude)", "--long", "\(actor.longitude)"] + actor.studies.flatMap { ["--study", $0] }
        switch slp(.queue, as: actor.uid, words) {
        case .succeeded:
            actor.phase = .waiting
            actor.turnsSinceStatus = 0
        case .refused("already_matched", _): actor.phase = .matched(partner: nil, messagesLeft: messages())
        case .refused("dodge_penalty", let message):
            let seconds = Double(message.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.last ?? 10)
            actor.phase = .parked(until: Stopwatch.now() + UInt64(seconds * 1e9))
        case .refused, .failed: break
        }
    }

    /// `queue status` now and then, else search and act on what it shows.
    private mutating func lookAround(_ actor: inout LoadActor, everyone: Set<String>) {
        if actor.turnsSinceStatus >= 2 {
            actor.turnsSinceStatus = 0
            askStatus(&actor)
            guard case .waiting = actor.phase else { return }
        }
        actor.turnsSinceStatus += 1
        let found: [String: Any]
        switch slp(.search, as: actor.uid, ["search", "--lat", "\(actor.latitude)", "--long", "\(actor.longitude)"]) {
        case .succeeded(let json?): found = json
        case .refused("already_matched", _): actor.phase = .matched(partner: nil, messagesLeft: messages()); return
        default: return
        }
        let uids = { (key: String) in (found[key] as? [[String: Any]] ?? []).compactMap { $0["uid"] as? String } }
        if let asker = pick(uids("fromQueueDBRequested")) {
            switch slp(.accept, as: actor.uid, ["match", "accept", asker]) {
            case .succeeded:
                acknowledged.matches.append((actor.uid, asker))
                actor.phase = .matched(partner: asker, messagesLeft: messages())
            case .refused("already_matched", _): actor.phase = .matched(partner: nil, messagesLeft: messages())
            default: break
            }
            return
        }
        let nearby = uids("fromQueueDB")
        let clients = nearby.filter(everyone.contains)
        guard let target = pick(random.nextUnit() < Self.requestClientShare && !clients.isEmpty ? clients : nearby) else { return }
        switch slp(.request, as: actor.uid, ["match", "request", target]) {
        case .succeeded(let json):
            if (json?["matched"] as? Int) == 1 {
                acknowledged.matches.append((actor.uid, target))
                actor.phase = .matched(partner: target, messagesLeft: messages())
            }
        case .refused("already_matched", _): actor.phase = .matched(partner: nil, messagesLeft: messages())
        default: break
        }
    }

    private mutating func askStatus(_ actor: inout LoadActor) {
        guard case .succeeded(let json?) = slp(.status, as: actor.uid, ["queue", "status"]) else { return }
        switch json["status"] as? String {
        case "matched":
            let left: Int
            if case .matched(_, let messagesLeft) = actor.phase { left = messagesLeft } else { left = messages() }
            actor.phase = .matched(partner: json["matchedUid"] as? String, messagesLeft: left)
        case "waiting": actor.phase = .waiting
        default: actor.phase = .idle
        }
    }

    private mutating func chat(_ actor: inout LoadActor, partner: String, left: Int) {
        sent += 1
        let text = "load \(setup.index)-\(sent) \(actor.uid.prefix(6)) 안녕하세요"
        switch slp(.chat, as: actor.uid, ["chat", "send", text]) {
        case .succeeded(let json?):
            if let to = json["to"] as? String, let createdAt = json["createdAt"] as? String {
                acknowledged.messages.append(.init(from: actor.uid, to: to, chat: json["chat"] as? String ?? text, createdAt: createdAt))
            }
            actor.phase = .matched(partner: partner, messagesLeft: left - 1)
        case .succeeded(nil): actor.phase = .matched(partner: partner, messagesLeft: left - 1)
        // The partner has ended it: review them now.
        case .refused("study_ended", _): actor.phase = .matched(partner: partner, messagesLeft: 0)
        case .refused("not_matched", _): actor.phase = .idle
        case .refused, .failed: break
        }
    }

    private mutating func finish(_ actor: inout LoadActor, partner: String) {
        if random.nextUnit() < Self.dodgeShare {
            switch slp(.dodge, as: actor.uid, ["match", "dodge"]) {
            case .succeeded(let json):
                acknowledged.dodges.append(actor.uid)
                let penalty = json?["dodgepenalty"] as? Int ?? 0
                actor.phase = penalty > 0 ? .parked(until: Stopwatch.now() + UInt64(penalty) * 1_000_000_000) : .idle
            case .refused: actor.phase = .idle
            case .failed: break
            }
            return
        }
        let first = Int(random.next() % UInt64(Self.titles.count))
        let titles = (0..<(1 + first % 2)).map { Self.titles[(first + $0) % Self.titles.count] }
        switch slp(.review, as: actor.uid, ["match", "review", partner] + titles) {
        case .succeeded:
            acknowledged.reviews.append((actor.uid, partner))
            actor.phase = .idle
        case .refused: actor.phase = .idle
        case .failed: break
        }
    }

    // MARK: Running slp

    enum Outcome {
        case succeeded([String: Any]?)
        /// Exit 1 with a code: the code and the message.
        case refused(String, String)
        case failed
    }

    private mutating func slp(_ command: LoadCommand, as uid: String, _ words: [String]) -> Outcome {
        let result: ChildProcess.Result
        do {
            result = try child.run([setup.slp, "--db", setup.database, "--json", "--as", uid] + words, environment: setup.environment)
        } catch {
            tally.failed(command, detail: "\(error)", micros: 0)
            return .failed
        }
        if result.status == 0 {
            tally.succeeded(command, micros: result.micros)
            return .succeeded(Self.object(result.output))
        }
        let error = result.errorText.split(separator: "\n").lazy.compactMap { Self.object(Data($0.utf8))?["error"] as? [String: Any] }.first
        if result.status == 1, let code = error?["code"] as? String {
            tally.refused(command, code: code, micros: result.micros)
            return .refused(code, error?["message"] as? String ?? "")
        }
        let line = result.errorText.split(separator: "\n").first.map(String.init) ?? ""
        tally.failed(command, detail: "exit \(result.status) \(line)", micros: result.micros)
        return .failed
    }

    private static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private mutating func pick(_ items: [String]) -> String? {
        items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
    }

    /// How many messages a matched person sends before ending: one to three.
    private mutating func messages() -> Int { 1 + Int(random.next() % 3) }
}
