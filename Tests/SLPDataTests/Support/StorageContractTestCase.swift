import Foundation
import SLPDomain
import SLPSupport
import SLPTestSupport
import XCTest

/// 2026-11-21T09:30:00.000Z, the day every queue and search test happens on.
let queueTestNow = testNow

/// Runs storage behaviour once on every backend of the build (`forEachBackend`), on a new,
/// empty store each time, reached only through the domain: its use cases, which hold every
/// rule, and the storage's own plain operations. Helpers place people and drive matches through
/// the use cases (at a `StoppedClock`), and look at the store through `storage.read` (no SQL),
/// so that one test body holds for every backend; failures name the backend.
class StorageContractTestCase: TemporaryDirectoryTestCase {
    /// The store of the backend now running.
    private(set) var store: Store!
    private var backendName: String?
    private var phones = 0
    /// Everyone the helpers registered or seeded, in order: whom `queuedUIDs`, `requestRows`
    /// and the brute-force scan look at.
    private var known: [String] = []

    let here = Coordinate.at(37.5665, 126.9780)
    /// A time with milliseconds, to prove they are kept.
    let now = Date(timeIntervalSince1970: 1_795_253_400.125)

    var storage: any Storage { store.storage }
    var population: any PopulationRepository { store.population }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    /// Runs `body` once per backend of `backends`, each on a new, empty store. A throw fails
    /// the test for that backend only; the next backend still runs.
    func forEachBackend(
        _ backends: [StorageBackend] = StorageBackend.available, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> Void
    ) {
        for backend in backends {
            backendName = backend.name
            do {
                let scratch = directory.appendingPathComponent(backend.name, isDirectory: true)
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                use(try backend.open(scratch))
                try body()
            } catch {
                XCTFail("threw \(error)", file: file, line: line)
            }
            store = nil
            backendName = nil
        }
    }

    /// `forEachBackend` for a body that waits.
    func forEachBackendAsync(
        _ backends: [StorageBackend] = StorageBackend.available, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async {
        for backend in backends {
            backendName = backend.name
            do {
                let scratch = directory.appendingPathComponent(backend.name, isDirectory: true)
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                use(try backend.open(scratch))
                try await body()
            } catch {
                XCTFail("threw \(error)", file: file, line: line)
            }
            store = nil
            backendName = nil
        }
    }

    /// Makes `store` the one the helpers work on, as new: nobody known yet.
    func use(_ store: Store) {
        self.store = store
        phones = 0
        known = []
    }

    /// Every failure says which backend it happened on.
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let described = backendName.map { "[\($0)] \(description)" } ?? description
        super.recordFailure(withDescription: described, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    // MARK: - Plain storage operations

    /// One read transaction of the store.
    func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        try storage.read(body)
    }

    /// One write transaction of the store.
    @discardableResult
    func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        try storage.write(body)
    }

    /// Changes a stored user with `change` and stores them again with `update`, in one write.
    @discardableResult
    func change(_ uid: String, _ change: (inout User) throws -> Void) throws -> User {
        try write { transaction in
            guard var user = try transaction.user(self.id(uid)) else { throw DomainError.notRegistered }
            try change(&user)
            try transaction.update(user)
            return user
        }
    }

    // MARK: - People and places

    func id(_ uid: String) -> UserID { try! UserID(uid) }

    func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }

    /// A clock stopped at `time`, or at `now`.
    func clock(_ time: Date? = nil) -> StoppedClock { StoppedClock(time ?? now) }

    /// A user with a fresh 010 number, not stored yet.
    func person(
        _ uid: String, nick: String? = nil, gender: Gender = .female, birth: (Int, Int, Int) = (1998, 3, 14),
        ages: (Int, Int) = (18, 65), searchable: Bool = true
    ) throws -> User {
        phones += 1
        let digits = String(phones)
        return User(
            uid: try UserID(uid), phone: try PhoneNumber("010" + String(repeating: "0", count: 8 - digits.count) + digits),
            email: try Email("\(uid.lowercased())@example.com"), nick: try Nick(nick ?? String(uid.prefix(10))),
            birth: BirthDate(stored: try CalendarDate(year: birth.0, month: birth.1, day: birth.2)), gender: gender,
            ageRange: try AgeRange(min: ages.0, max: ages.1), searchable: searchable, createdAt: queueTestNow)
    }

    /// Registers a user with a fresh 010 number: the user is inserted as registration does.
    @discardableResult
    func register(
        _ uid: String, nick: String? = nil, gender: Gender = .female, birth: (Int, Int, Int) = (1998, 3, 14),
        ages: (Int, Int) = (18, 65), searchable: Bool = true
    ) throws -> User {
        let user = try person(uid, nick: nick, gender: gender, birth: birth, ages: ages, searchable: searchable)
        guard try write({ try $0.insert(user) }) else { throw DomainError.alreadyRegistered }
        known.append(uid)
        return user
    }

    /// Puts a registered user in the queue through `EnterQueueUseCase`, at `time`, shown where
    /// the storage's key shows their cell.
    @discardableResult
    func enter(_ uid: String, at coordinate: Coordinate, studies: [String] = [], now time: Date = queueTestNow) throws -> QueueEntry {
        try EnterQueueUseCase(storage: storage, clock: StoppedClock(time))(
            me: id(uid), latitude: coordinate.latitude, longitude: coordinate.longitude, studies: studies)
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

    /// Queues `uid` again `here`, open to anything, at `time` (or `now`), as `slp queue` does.
    @discardableResult
    func requeue(_ uid: String, at time: Date? = nil) throws -> QueueEntry {
        try enter(uid, at: here, now: time ?? now)
    }

    /// Seeds a synthetic population through `SeedPopulationUseCase`; returns how many were stored.
    @discardableResult
    func seed(_ options: SeedOptions) throws -> Int {
        let recording = RecordingPopulationRepository(population)
        let stored = try SeedPopulationUseCase(population: recording, clock: StoppedClock(queueTestNow))(options)
        known += recording.drawn.map(\.rawValue)
        return stored
    }

    /// Two seeded populations near `center` (one evenly spread, one in hotspots) and sixty
    /// people registered the ordinary way, some open to anything, some with mixed-case studies,
    /// some hidden or with narrow partner ages; every waiting user, read back.
    @discardableResult
    func populateMixedQueue(around center: Coordinate) throws -> [ScannedUser] {
        try seed(try SeedOptions(count: 2_500, seed: 17, center: center, spreadKilometres: 2))
        try seed(try SeedOptions(count: 2_000, seed: 18, center: center, spreadKilometres: 2, hotspots: true))
        var random = SplitMix64(seed: 5)
        for index in 0..<60 {
            let lists: [[String]] = [[], ["anything", "swift"], ["SWIFT", "코딩"], ["Ｐｙｔｈｏｎ"], ["anything"]]
            try register("Hand\(index)", gender: index % 2 == 0 ? .female : .male, birth: (1980 + index % 25, 1 + index % 12, 1 + index % 28),
                         ages: index % 7 == 0 ? (30, 40) : (18, 65), searchable: index % 11 != 0)
            try enter("Hand\(index)", at: center.moved(2_000 * random.nextUnit().squareRoot(), bearing: 360 * random.nextUnit()),
                      studies: lists[index % lists.count])
        }
        let scanned = try scanQueue()
        XCTAssertEqual(scanned.count, 4_560)
        return scanned
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

    /// Search as the storage answers it (`ReadTransaction.nearby`).
    func nearby(
        _ center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [], limit: Int? = nil,
        criteria: SearchCriteria? = nil, positions: SearchPositions = .exact
    ) throws -> [NearbyUser] {
        let query = NearbyQuery(
            center: center, radius: radius, study: try study.map { try Study($0) }, criteria: try criteria ?? self.criteria(),
            excluding: Set(try excluding.map { try UserID($0) }), limit: limit, positions: positions)
        return try read { try $0.nearby(query) }
    }

    /// The waiting users with an open request to `uid`, as the storage answers it.
    func requesters(of uid: String, from center: Coordinate, positions: SearchPositions = .exact) throws -> [NearbyUser] {
        try read { try $0.requesters(of: self.id(uid), from: center, positions: positions) }
    }

    func uids(_ users: [NearbyUser]) -> [String] { users.map(\.uid.rawValue) }

    /// Every waiting user the helpers know of, read back through the storage.
    func scanQueue() throws -> [ScannedUser] {
        try read { transaction in
            try self.known.compactMap { uid in
                guard let entry = try transaction.queueEntry(of: self.id(uid)), let user = try transaction.user(self.id(uid)) else {
                    return nil
                }
                return ScannedUser(uid: uid, coordinate: entry.coordinate, shown: entry.shownCoordinate, studies: entry.studies, user: user)
            }
        }
    }

    /// What search must find, by brute force: uid and distance, nearest first (ties by uid).
    func bruteForce(
        _ scanned: [ScannedUser], center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [],
        criteria: SearchCriteria? = nil, positions: SearchPositions = .exact
    ) throws -> [(uid: String, distance: Double)] {
        BruteForceSearch.nearby(
            scanned, center: center, radius: radius, study: try study.map { try Study($0) }, excluding: excluding,
            criteria: try criteria ?? self.criteria(), positions: positions)
    }

    /// Asserts that search finds exactly what the brute-force scan finds, in order, with its distances.
    func assertMatchesBruteForce(
        _ center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [], limit: Int? = nil,
        criteria: SearchCriteria? = nil, scanned: [ScannedUser]? = nil, positions: SearchPositions = .exact,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scanned = try scanned ?? scanQueue()
        var expected = try bruteForce(
            scanned, center: center, radius: radius, study: study, excluding: excluding, criteria: criteria, positions: positions)
        if let limit { expected = Array(expected.prefix(limit)) }
        let found = try nearby(center, radius: radius, study: study, excluding: excluding, limit: limit, criteria: criteria, positions: positions)
        let context = "center \(center), radius \(radius), study \(study ?? "-"), limit \(limit.map(String.init) ?? "-"), \(positions)"
        let places = Dictionary(uniqueKeysWithValues: scanned.map { ($0.uid, positions == .exact ? $0.coordinate : $0.shown) })
        XCTAssertEqual(found.map(\.coordinate), uids(found).map { places[$0] }, "each where \(positions) puts them: \(context)", file: file, line: line)
        XCTAssertEqual(uids(found), expected.map(\.uid), context, file: file, line: line)
        XCTAssertEqual(found.map(\.distance), expected.map(\.distance), context, file: file, line: line)
        for user in found {
            XCTAssertEqual(user.distance, center.distance(to: user.coordinate), context, file: file, line: line)
        }
        XCTAssertEqual(Set(uids(found)).count, found.count, "no duplicates: \(context)", file: file, line: line)
    }

    // MARK: - Matches and chat, through the use cases

    @discardableResult
    func request(_ me: String, _ other: String, at time: Date? = nil) throws -> MatchOutcome {
        try RequestStudyUseCase(storage: storage, clock: clock(time))(me: id(me), other: id(other))
    }

    @discardableResult
    func accept(_ me: String, _ other: String, at time: Date? = nil) throws -> MatchOutcome {
        try AcceptStudyUseCase(storage: storage, clock: clock(time))(me: id(me), other: id(other))
    }

    /// Matches two waiting users through a request and an accept.
    func match(_ a: String, _ b: String, at time: Date? = nil) throws {
        try request(a, b, at: time)
        try accept(b, a, at: time)
    }

    /// Makes two waiting users past partners, as only a partner may report: matched through a
    /// request and an accept, the match ended by `a`'s review, and both queued again `here`.
    /// Matching voided every open request from or to either.
    func meetAndPart(_ a: String, _ b: String, at time: Date? = nil) throws {
        try match(a, b, at: time)
        try review(a, b, at: time)
        try requeue(a, at: time)
        try requeue(b, at: time)
    }

    @discardableResult
    func dodge(_ me: String, at time: Date? = nil) throws -> (DodgeDecision, MatchView) {
        try DodgeMatchUseCase(storage: storage, clock: clock(time))(me: id(me))
    }

    @discardableResult
    func review(
        _ me: String, _ other: String, _ titles: Set<ReputationTitle> = [.kind], comment: String? = nil, at time: Date? = nil
    ) throws -> MatchView.Partner {
        try ReviewPartnerUseCase(storage: storage, clock: clock(time))(me: id(me), partner: id(other), titles: titles, comment: comment)
    }

    @discardableResult
    func report(
        _ me: String, _ other: String, reason: ReportReason = .rude, comment: String? = nil, at time: Date? = nil
    ) throws -> MatchView.Partner {
        try ReportUserUseCase(storage: storage, clock: clock(time))(me: id(me), other: id(other), reason: reason, comment: comment)
    }

    /// Sends a message through `SendMessageUseCase` at `time` (or `now`).
    @discardableResult
    func send(_ from: String, _ text: String, at time: Date? = nil) throws -> ChatMessage {
        try SendMessageUseCase(storage: storage, clock: clock(time))(me: id(from), text: text)
    }

    // MARK: - Looking, through the storage's reads

    /// The stored user, with the number of users who reported them.
    func user(_ uid: String) throws -> User? {
        try read { try $0.user(self.id(uid)) }
    }

    /// Where `uid` waits.
    func entry(_ uid: String) throws -> QueueEntry? {
        try read { try $0.queueEntry(of: self.id(uid)) }
    }

    /// The latest match of `uid` (with `partner`, when given) as `uid` sees it.
    func latest(_ uid: String, with partner: String? = nil) throws -> MatchView? {
        try read { try $0.latestMatch(of: self.id(uid), with: partner.map(self.id)) }
    }

    /// Where `uid` stands, as `slp queue status` tells it.
    func queueState(_ uid: String) throws -> QueueState {
        try QueueStateUseCase(storage: storage)(me: id(uid))
    }

    /// My whole record as `slp user show` reads it.
    func record(_ uid: String) throws -> MyRecord {
        try ShowUserUseCase(storage: storage).record(of: id(uid))
    }

    /// The conversation and page `ReadMessagesUseCase` reads for `me`.
    func readMessages(_ me: String, with partner: String? = nil, _ page: MessagePage = .all) throws -> (Conversation, [ChatMessage]) {
        try ReadMessagesUseCase(storage: storage)(me: id(me), with: partner.map(id), page: page)
    }

    /// The conversation of `me` (with `partner`, when given), or nil when there is none.
    func conversation(_ me: String, with partner: String? = nil) throws -> Conversation? {
        try latest(me, with: partner).map { Conversation(of: $0, me: id(me), myNick: try XCTUnwrap(user(me)).nick) }
    }

    /// The messages of match `conversation`, as the storage reads them.
    func messages(in conversation: Int64, _ page: MessagePage = .all) throws -> [ChatMessage] {
        try read { try $0.messages(in: conversation, page) }
    }

    /// Known users with a place in the queue, sorted.
    func queuedUIDs() throws -> [String] {
        try read { transaction in try self.known.filter { try transaction.queueEntry(of: self.id($0)) != nil }.sorted() }
    }

    /// Whether `from` has an open request to `to`.
    func hasRequest(from: String, to: String) throws -> Bool {
        try read { try $0.hasRequest(from: self.id(from), to: self.id(to)) }
    }

    /// from→to for every open request between known users who still exist, sorted.
    func requestRows() throws -> [String] {
        try read { transaction in
            let present = try self.known.filter { try transaction.user(self.id($0)) != nil }
            var rows: [String] = []
            for from in present {
                for to in present where to != from {
                    if try transaction.hasRequest(from: self.id(from), to: self.id(to)) { rows.append("\(from)→\(to)") }
                }
            }
            return rows.sorted()
        }
    }

    /// Each known user's latest match as uid|partner uid|partner's uid as the match names it|my
    /// ending|reviewed|current (∅ for none), in uid order; users never matched are left out.
    func latestMatchRows() throws -> [String] {
        try read { transaction in
            try self.known.sorted().compactMap { uid in
                guard try transaction.user(self.id(uid)) != nil, let latest = try transaction.latestMatch(of: self.id(uid), with: nil) else {
                    return nil
                }
                return [
                    uid, latest.partner?.uid.rawValue ?? "∅", latest.partnerUID.rawValue, latest.myEnding?.rawValue ?? "∅",
                    latest.iReviewed ? "1" : "0", latest.isCurrent ? "1" : "0",
                ].joined(separator: "|")
            }
        }
    }

    /// The latest event id of every known user who still exists: it moves whenever anyone is told anything.
    func latestEventIDs() throws -> [String: Int64] {
        try read { transaction in
            var ids: [String: Int64] = [:]
            for uid in self.known where try transaction.user(self.id(uid)) != nil {
                ids[uid] = try transaction.latestEventID(of: self.id(uid))
            }
            return ids
        }
    }
}
