import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Runs repository behaviour once on every backend of the build (`forEachBackend`), on a new,
/// empty store each time, reached only through the domain's repository protocols; failures
/// name the backend. Helpers place people, drive matches through the domain's own rules, and
/// look at the store through the protocols (no SQL), so that one test body holds for all.
class RepositoryContractTestCase: TemporaryDirectoryTestCase {
    /// The store of the backend now running.
    private(set) var repositories: Repositories!
    private var backendName: String?
    private var phones = 0
    /// Everyone the helpers registered or seeded, in order: whom `queuedUIDs`, `requestRows`
    /// and the brute-force scan look at.
    private var known: [String] = []

    let here = Coordinate.at(37.5665, 126.9780)
    /// A time with milliseconds, to prove they are kept.
    let now = Date(timeIntervalSince1970: 1_795_253_400.125)

    var users: any UserRepository { repositories.users }
    var queue: any QueueRepository { repositories.queue }
    var search: any SearchRepository { repositories.search }
    var population: any PopulationRepository { repositories.population }
    var matches: any MatchRepository { repositories.matches }
    var chats: any ChatRepository { repositories.chats }
    var events: any EventRepository { repositories.events }

    override func tearDownWithError() throws {
        repositories = nil
        try super.tearDownWithError()
    }

    /// Runs `body` once per backend, each on a new, empty store. A throw fails the test for that
    /// backend only; the next backend still runs.
    func forEachBackend(file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) {
        for backend in RepositoryBackend.available {
            backendName = backend.name
            do {
                let scratch = directory.appendingPathComponent(backend.name, isDirectory: true)
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                use(try backend.open(scratch))
                try body()
            } catch {
                XCTFail("threw \(error)", file: file, line: line)
            }
            repositories = nil
            backendName = nil
        }
    }

    /// Makes `repositories` the store the helpers work on, as new: nobody known yet.
    func use(_ repositories: Repositories) {
        self.repositories = repositories
        phones = 0
        known = []
    }

    /// Every failure says which backend it happened on.
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let described = backendName.map { "[\($0)] \(description)" } ?? description
        super.recordFailure(withDescription: described, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    // MARK: - People and places

    func id(_ uid: String) -> UserID { try! UserID(uid) }

    func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }

    /// Registers a user with a fresh 010 number.
    @discardableResult
    func register(
        _ uid: String, nick: String? = nil, gender: Gender = .female, birth: (Int, Int, Int) = (1998, 3, 14),
        ages: (Int, Int) = (18, 65), searchable: Bool = true
    ) throws -> User {
        phones += 1
        let digits = String(phones)
        let user = User(
            uid: try UserID(uid), phone: try PhoneNumber("010" + String(repeating: "0", count: 8 - digits.count) + digits),
            email: try Email("\(uid.lowercased())@example.com"), nick: try Nick(nick ?? String(uid.prefix(10))),
            birth: BirthDate(stored: try CalendarDate(year: birth.0, month: birth.1, day: birth.2)), gender: gender,
            ageRange: try AgeRange(min: ages.0, max: ages.1), searchable: searchable, createdAt: queueTestNow)
        try users.add(user)
        known.append(uid)
        return user
    }

    /// Puts a registered user in the queue.
    @discardableResult
    func enter(_ uid: String, at coordinate: Coordinate, studies: [String] = [], now: Date = queueTestNow) throws -> QueueEntry {
        try queue.enter(try UserID(uid), at: coordinate, studies: try StudyList(parsing: studies), now: now) { _ in }
    }

    /// Registers and queues in one go.
    @discardableResult
    func waiting(_ uid: String, at coordinate: Coordinate, studies: [String] = [], gender: Gender = .female) throws -> QueueEntry {
        try register(uid, gender: gender)
        return try enter(uid, at: coordinate, studies: studies)
    }

    /// Registers users and puts them all in the queue, `here`.
    func waitingUsers(_ uids: String...) throws {
        for uid in uids { try waiting(uid, at: here) }
    }

    /// Seeds a synthetic population through `SeedPopulationUseCase`; returns how many were stored.
    @discardableResult
    func seed(_ options: SeedOptions) throws -> Int {
        let recording = RecordingPopulationRepository(population)
        let stored = try SeedPopulationUseCase(population: recording, clock: StoppedClock(queueTestNow))(options)
        known += recording.drawn.map(\.rawValue)
        return stored
    }

    // MARK: - Search

    /// The person rules of a searcher born on 1996-05-05 (30 on `queueTestNow`) who accepts every
    /// age and gender: they admit everyone searchable whose partner ages include 30.
    func criteria(gender: Gender? = nil, ages: (Int, Int) = (18, 65), born birth: (Int, Int, Int) = (1996, 5, 5)) throws -> SearchCriteria {
        let me = User(
            uid: try UserID("Searcher"), phone: try PhoneNumber("010-9999-9999"), email: try Email("searcher@example.com"),
            nick: try Nick("searcher"), birth: BirthDate(stored: try CalendarDate(year: birth.0, month: birth.1, day: birth.2)),
            gender: .female, ageRange: try AgeRange(min: ages.0, max: ages.1), createdAt: queueTestNow)
        return SearchCriteria(me: me, today: CalendarDate(utcDayOf: queueTestNow), gender: gender)
    }

    /// Search as the repository answers it.
    func nearby(
        _ center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [], limit: Int? = nil,
        criteria: SearchCriteria? = nil
    ) throws -> [NearbyUser] {
        let query = NearbyQuery(
            center: center, radius: radius, study: try study.map { try Study($0) }, criteria: try criteria ?? self.criteria(),
            excluding: Set(try excluding.map { try UserID($0) }), limit: limit)
        return try search.nearby(query)
    }

    func uids(_ users: [NearbyUser]) -> [String] { users.map(\.uid.rawValue) }

    /// Every waiting user the helpers know of, read back through the user and queue repositories.
    func scanQueue() throws -> [ScannedUser] {
        try known.compactMap { uid in
            guard let entry = try queue.entry(for: id(uid)), let user = try users.user(uid: id(uid)) else { return nil }
            return ScannedUser(uid: uid, coordinate: entry.coordinate, studies: entry.studies, user: user)
        }
    }

    /// What search must find, by brute force: uid and distance, nearest first (ties by uid).
    func bruteForce(
        _ scanned: [ScannedUser], center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [],
        criteria: SearchCriteria? = nil
    ) throws -> [(uid: String, distance: Double)] {
        BruteForceSearch.nearby(
            scanned, center: center, radius: radius, study: try study.map { try Study($0) }, excluding: excluding,
            criteria: try criteria ?? self.criteria())
    }

    /// Asserts that search finds exactly what the brute-force scan finds, in order, with its distances.
    func assertMatchesBruteForce(
        _ center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [], limit: Int? = nil,
        criteria: SearchCriteria? = nil, scanned: [ScannedUser]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scanned = try scanned ?? scanQueue()
        var expected = try bruteForce(scanned, center: center, radius: radius, study: study, excluding: excluding, criteria: criteria)
        if let limit { expected = Array(expected.prefix(limit)) }
        let found = try nearby(center, radius: radius, study: study, excluding: excluding, limit: limit, criteria: criteria)
        let context = "center \(center), radius \(radius), study \(study ?? "-"), limit \(limit.map(String.init) ?? "-")"
        XCTAssertEqual(uids(found), expected.map(\.uid), context, file: file, line: line)
        XCTAssertEqual(found.map(\.distance), expected.map(\.distance), context, file: file, line: line)
        for user in found {
            XCTAssertEqual(user.distance, center.distance(to: user.coordinate), context, file: file, line: line)
        }
        XCTAssertEqual(Set(uids(found)).count, found.count, "no duplicates: \(context)", file: file, line: line)
    }

    // MARK: - Matches, through the domain's rules

    @discardableResult
    func request(_ me: String, _ other: String, at time: Date? = nil) throws -> PairSnapshot {
        try matches.decide(id(me), id(other), at: time ?? now, MatchRules.request)
    }

    @discardableResult
    func accept(_ me: String, _ other: String, at time: Date? = nil) throws -> PairSnapshot {
        try matches.decide(id(me), id(other), at: time ?? now, MatchRules.accept)
    }

    /// Matches two waiting users through a request and an accept.
    func match(_ a: String, _ b: String, at time: Date? = nil) throws {
        try request(a, b, at: time)
        try accept(b, a, at: time)
    }

    @discardableResult
    func dodge(_ me: String, at time: Date? = nil) throws -> (DodgeDecision, MatchView) {
        let time = time ?? now
        return try matches.dodge(id(me), at: time) { try MatchRules.dodge($0, now: time) }
    }

    @discardableResult
    func review(_ me: String, _ other: String, _ titles: Set<ReputationTitle> = [.kind], comment: String? = nil, at time: Date? = nil) throws -> PairSnapshot {
        try matches.decide(id(me), id(other), at: time ?? now) { try MatchRules.review($0, titles: titles, comment: comment) }
    }

    /// Enters the queue through the domain's rule, as `slp queue` does.
    func enterChecked(_ uid: String, at time: Date? = nil) throws {
        let time = time ?? now
        _ = try queue.enter(id(uid), at: here, studies: .anything, now: time) { try MatchRules.enterQueue($0, now: time) }
    }

    // MARK: - Looking, through the protocols

    /// Known users with a place in the queue, sorted.
    func queuedUIDs() throws -> [String] {
        try known.filter { try queue.entry(for: id($0)) != nil }.sorted()
    }

    /// How `me` and `other` stand, read in a decision whose rule refuses: nothing is written.
    func pair(_ me: String, _ other: String) throws -> PairSnapshot {
        struct Look: Error {}
        var seen: PairSnapshot?
        do {
            _ = try matches.decide(id(me), id(other), at: now) { pair in
                seen = pair
                throw Look()
            }
        } catch is Look {}
        return try XCTUnwrap(seen)
    }

    /// from→to for every open request between known users who still exist, sorted.
    func requestRows() throws -> [String] {
        let present = try known.filter { try users.user(uid: id($0)) != nil }
        var rows: [String] = []
        for from in present {
            for to in present where to != from {
                if try pair(to, from).requestFromOther { rows.append("\(from)→\(to)") }
            }
        }
        return rows.sorted()
    }

    /// Each known user's latest match as uid|partner uid|partner's uid as the match names it|my
    /// ending|reviewed|current (∅ for none), in uid order; users never matched are left out.
    func latestMatchRows() throws -> [String] {
        try known.sorted().compactMap { uid in
            guard try users.user(uid: id(uid)) != nil, let latest = try matches.snapshot(of: id(uid)).latest else { return nil }
            return [
                uid, latest.partner?.uid.rawValue ?? "∅", latest.partnerUID.rawValue, latest.myEnding?.rawValue ?? "∅",
                latest.iReviewed ? "1" : "0", latest.isCurrent ? "1" : "0",
            ].joined(separator: "|")
        }
    }

    /// The latest event id of every known user who still exists: it moves whenever anyone is told anything.
    func latestEventIDs() throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for uid in known where try users.user(uid: id(uid)) != nil { ids[uid] = try events.latestEventID(of: id(uid)) }
        return ids
    }
}
