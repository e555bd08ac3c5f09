import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// Collects results from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []
    private var versions: [Int64] = []

    func record(error: String) { lock.withLock { errors.append(error) } }
    func record(version: Int64) { lock.withLock { versions.append(version) } }
    var snapshot: (errors: [String], versions: [Int64]) { lock.withLock { (errors, versions) } }
}

final class MigrationTests: TemporaryDirectoryTestCase {
    private let threadCount = 8

    /// Starts `threadCount` threads that all open `file` at the same moment and register one user each.
    private func openConcurrently(_ file: String) -> (errors: [String], versions: [Int64]) {
        let results = Results()
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<threadCount {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                ready.signal()
                go.wait()
                do {
                    // Database is not Sendable: each thread makes its own.
                    let database = try Database(path: file)
                    let version = try database.integer("PRAGMA user_version") ?? -1
                    results.record(version: version)
                    let user = User(
                        uid: try UserID("T\(index)"), phone: try PhoneNumber("010-0000-000\(index)"),
                        email: try Email("t\(index)@example.com"), nick: try Nick("thread \(index)"),
                        birth: BirthDate(stored: try CalendarDate(year: 2000, month: 1, day: 1)), gender: .male,
                        createdAt: Date(timeIntervalSince1970: 1_763_000_000))
                    guard try SQLiteStorage(database: database).write({ try $0.insert(user) }) else { throw DomainError.alreadyRegistered }
                } catch {
                    results.record(error: "thread \(index): \(error)")
                }
            }
            thread.start()
        }
        for _ in 0..<threadCount { ready.wait() }
        for _ in 0..<threadCount { go.signal() }
        done.wait()
        return results.snapshot
    }

    func testConcurrentOpenersOfABrandNewFileAllSucceedAndMigrateOnce() throws {
        // Several rounds, each on a brand-new path, to give races a chance to show.
        for round in 0..<5 {
            let file = path("round\(round)/slp.sqlite")
            let results = openConcurrently(file)
            XCTAssertEqual(results.errors, [], "round \(round)")
            XCTAssertEqual(results.versions, Array(repeating: currentSchemaVersion, count: threadCount), "round \(round)")

            let database = try Database(path: file)
            try database.read { connection in
                XCTAssertEqual(try connection.integer("PRAGMA user_version"), currentSchemaVersion)
                XCTAssertEqual(try connection.integer("PRAGMA application_id"), 0x534C_5031)
                XCTAssertEqual(try connection.string("PRAGMA journal_mode"), "wal")
                let tables = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { $0.text(0) }
                XCTAssertTrue(Set(tables).isSuperset(of: ["review_comments", "user_items", "users"]), "round \(round): \(tables)")
                XCTAssertEqual(try connection.integer("SELECT count(*) FROM users"), Int64(threadCount), "round \(round)")
            }
            XCTAssertEqual(try permissions(file), 0o600)
            XCTAssertEqual(try permissions(path("round\(round)")), 0o700)
        }
    }

    func testOpeningAnUpToDateDatabaseRunsNoMigration() throws {
        let file = path()
        do {
            let database = try Database(path: file)
            try database.write { try $0.execute("CREATE TABLE marker (x INTEGER); INSERT INTO marker VALUES (1);") }
        }
        // Were a migration run again, its CREATE TABLE would fail.
        let reopened = try Database(path: file)
        XCTAssertEqual(try reopened.integer("SELECT x FROM marker"), 1)
        XCTAssertEqual(try reopened.integer("PRAGMA user_version"), currentSchemaVersion)
    }

    /// Everything the file's schema holds, as SQLite keeps it.
    private func schema(of database: Database) throws -> [String] {
        try database.read { connection in
            try connection.prepare("SELECT type || ' ' || name || ' ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY type, name")
                .map { $0.text(0) }
        }
    }

    /// A file of any earlier version, opened, ends in exactly the schema of a new file.
    func testAFileOfEveryEarlierVersionEndsInTheSchemaOfANewOne() throws {
        let new = try schema(of: try Database(path: path("new.sqlite")))
        XCTAssertTrue(new.contains { $0.hasPrefix("index users_penalty_due users: CREATE INDEX") }, "\(new)")
        for version in 1..<Int(currentSchemaVersion) {
            let file = path("v\(version).sqlite")
            do {
                let old = try connectionToAFileAt(version: version, path: file)
                try old.execute("PRAGMA user_version = \(version)")
            }
            let database = try Database(path: file)
            XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion, "version \(version)")
            XCTAssertEqual(try schema(of: database), new, "version \(version)")
            XCTAssertEqual(try database.string("PRAGMA integrity_check"), "ok", "version \(version)")
        }
    }

    func testOurHeaderWithVersionZeroIsMigrated() throws {
        // A creator that stopped after writing the application id (the migration transaction rolled back).
        let file = path()
        do {
            let half = try Connection(path: file)
            try half.execute("PRAGMA application_id = \(0x534C_5031)")
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM users"), 0)
    }

    func testAVersionOneFileIsMigratedToTheCurrentVersionKeepingItsUsers() throws {
        let file = path()
        do {
            let old = try connectionToAFileAt(version: 1, path: file)
            try old.execute("""
                INSERT INTO users (uid, phone, email, nick, birth, gender, created_at)
                    VALUES ('Old1', '+821012345678', 'old@example.com', 'old', '1990-05-05', 1, 1763000000123);
                PRAGMA user_version = 1;
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        let user = try XCTUnwrap(try SQLiteStorage(database: database).read { try $0.user(UserID("Old1")) })
        XCTAssertEqual(user.phone.e164, "+821012345678")
        XCTAssertEqual(user.birth.date.description, "1990-05-05")
        XCTAssertEqual(user.createdAt, Date(timeIntervalSince1970: 1_763_000_000.123))
    }

    /// Version 5 packs the queue's search document into `traits` and `card`: a waiting user
    /// queued by version 4 is found by search afterwards with the card and person rules that
    /// entering the queue now writes.
    func testAVersionFourQueueIsRepackedAndSearchedTheSame() throws {
        let file = path()
        let place = Coordinate.at(37.5, 127.0)
        let cell = SpatialGrid.cell(place)
        do {
            let old = try connectionToAFileAt(version: 4, path: file)
            // Born before 1970: a negative day number, which the packed integer must keep. The
            // queue row as version 4 wrote it: the profile copied column by column.
            try old.execute("""
                INSERT INTO users (uid, phone, email, nick, birth, gender, rep_punctual, rep_helpful, sesac, background,
                                   age_min, age_max, searchable, created_at)
                    VALUES ('Old4', '+821012345678', 'old@example.com', '옛날', '1965-03-04', 1, 2, 1, 3, 4, 20, 40, 1, 1763000000123);
                INSERT INTO review_comments (user_id, comment) VALUES (1, '좋아요'), (1, 'great');
                INSERT INTO queue (cell, user_id, lat, long, studies, study_keys, entered_at, gender, birth_day, age_min, age_max,
                                   searchable, uid, nick, reputation, reviews, sesac, background)
                    VALUES (\(cell), 1, 37.5, 127.0, 'Swift 영어', '["swift","영어"]', 1763000000999, 1, -1764, 20, 40,
                            1, 'Old4', '옛날', '0,2,0,0,0,1', '좋아요' || char(31) || 'great', 3, 4);
                INSERT INTO queue_studies (study, cell, user_id) VALUES ('swift', \(cell), 1), ('영어', \(cell), 1);
                PRAGMA user_version = 4;
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        let storage = SQLiteStorage(database: database)
        let user = try XCTUnwrap(try storage.read { try $0.user(UserID("Old4")) })
        let studies = try StudyList(parsing: ["Swift", "영어"])
        XCTAssertEqual(try database.read { try $0.prepare("SELECT traits, card FROM queue").first { [$0.int64(0), $0.text(1)] as [AnyHashable] } },
                       [try QueueTraits(of: user).packed(), try QueueCard.card(of: user, studies: studies)])
        // Version 7 dropped the view that version 2 made.
        XCTAssertEqual(try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'queue_documents'"), 0)
        // A searcher of 30, an age inside Old4's partner ages (20–40), looking for men.
        let searcher = try User(
            uid: UserID("Thirty1"), phone: PhoneNumber("010-2222-3333"), email: Email("t@example.com"), nick: Nick("thirty"),
            birth: BirthDate(stored: CalendarDate(year: 1996, month: 1, day: 1)), gender: .female, createdAt: .now)
        let criteria = SearchCriteria(me: searcher, today: try CalendarDate(year: 2026, month: 11, day: 21), gender: .male)
        let found = try storage.read { try $0.nearby(NearbyQuery(
            center: place, radius: 10, study: try Study("영어"), criteria: criteria, excluding: [], limit: nil)) }
        XCTAssertEqual(found.map(\.uid.rawValue), ["Old4"])
        let card = try XCTUnwrap(found.first)
        XCTAssertEqual(card.nick.value, "옛날")
        XCTAssertEqual(card.reputation.counts, [0, 2, 0, 0, 0, 1])
        XCTAssertEqual(card.reviews, ["좋아요", "great"])
        XCTAssertEqual(card.studies.description, "Swift 영어")
        XCTAssertEqual([card.sesac, card.background], [3, 4])
        XCTAssertEqual(card.gender, .male)
        let traits = QueueTraits(packed: try XCTUnwrap(try database.integer("SELECT traits FROM queue")))
        XCTAssertEqual(traits.birthDay, try CalendarDate(year: 1965, month: 3, day: 4).daysSinceEpoch)
        XCTAssertLessThan(traits.birthDay, 0)
        XCTAssertEqual([traits.ageMin, traits.ageMax], [20, 40])
        XCTAssertTrue(traits.searchable)
        // The person rules read the rebuilt traits: a searcher of 18, outside Old4's ages, is not shown them.
        let young = try User(
            uid: UserID("Young1"), phone: PhoneNumber("010-2222-4444"), email: Email("y@example.com"), nick: Nick("young"),
            birth: BirthDate(stored: CalendarDate(year: 2008, month: 1, day: 1)), gender: .female, createdAt: .now)
        let youngCriteria = SearchCriteria(me: young, today: criteria.today, gender: nil)
        XCTAssertEqual(try storage.read { try $0.nearby(NearbyQuery(center: place, radius: 10, study: nil, criteria: youngCriteria, excluding: [], limit: nil)) }, [])
        XCTAssertEqual(try database.string("PRAGMA integrity_check"), "ok")
        // Version 6 copied the document into the study rows, and the rebuild reached them too.
        XCTAssertEqual(try database.integer("""
            SELECT count(*) FROM queue_studies s JOIN queue q USING (cell, user_id)
            WHERE s.card = q.card AND s.traits = q.traits AND s.lat = q.lat AND s.long = q.long
            """), 2)
        // The trigger came back: leaving takes the study rows along.
        try database.write { try $0.execute("DELETE FROM queue") }
        XCTAssertEqual(try database.integer("SELECT count(*) FROM queue_studies"), 0)
    }

    /// Version 9 drops `reported_num`: how often a user was reported is counted from the
    /// reports. A file of version 8 keeps its reports, and they still count (and still bar),
    /// whatever the old column said.
    func testAVersionEightFilesReportsStillCountAfterTheColumnIsDropped() throws {
        let file = path()
        do {
            let old = try connectionToAFileAt(version: 8, path: file)
            var inserts = ""
            for (index, uid) in ["Reported", "R1", "R2", "R3", "Quiet"].enumerated() {
                // The old column as version 8 kept it: out of step with the reports on purpose.
                let column = uid == "Reported" ? 1 : (uid == "Quiet" ? 5 : 0)
                inserts += """
                    INSERT INTO users (id, uid, phone, email, nick, birth, gender, reported_num, created_at)
                        VALUES (\(index + 1), '\(uid)', '+82100000000\(index)', 'o@example.com', '\(uid)', '1990-05-05', 1, \(column), 1763000000123);

                    """
            }
            try old.execute(inserts + """
                INSERT INTO reports (reporter_id, reported_id, reason, comment, created_at)
                    VALUES (2, 1, 'rude', '', 1763000000200), (3, 1, 'abuse', 'x', 1763000000300), (4, 1, 'other', '', 1763000000400);
                PRAGMA user_version = 8;
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM pragma_table_info('users') WHERE name = 'reported_num'"), 0)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM reports"), 3)
        let storage = SQLiteStorage(database: database)
        XCTAssertEqual(try storage.read { try $0.user(UserID("Reported")) }?.reportedCount, 3)
        XCTAssertEqual(try storage.read { try $0.user(UserID("Quiet")) }?.reportedCount, 0, "the old column is not read")
        XCTAssertEqual(try storage.read { try $0.reporters(of: UserID("Reported")) }.map(\.rawValue), ["R1", "R2", "R3"])
        // Three reports still bar from the queue; a reporter who withdraws takes theirs along.
        let enter = EnterQueueUseCase(storage: storage, clock: StoppedClock(testNow))
        XCTAssertThrowsError(try enter(me: UserID("Reported"), latitude: 37.5, longitude: 127, studies: [])) {
            XCTAssertEqual($0 as? DomainError, .reported)
        }
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: UserID("R2"))
        XCTAssertEqual(try storage.read { try $0.user(UserID("Reported")) }?.reportedCount, 2)
        XCTAssertEqual(try enter(me: UserID("Reported"), latitude: 37.5, longitude: 127, studies: []).uid.rawValue, "Reported")
        XCTAssertEqual(try database.string("PRAGMA integrity_check"), "ok")
        XCTAssertEqual(try database.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0)
    }

    /// Someone waiting in a file of version 11 (before the API showed people elsewhere) is shown
    /// at the point of their cell as the file opens, as anyone entering the cell later is, and
    /// the API's searches (their study rows too) find them there.
    func testSomeoneWaitingInAVersionElevenFileIsShownAtThePointOfTheirCell() throws {
        let file = path()
        let place = Coordinate.at(37.5, 127.0)
        let user = User.stub(uid: "Old11", phone: "010-1234-5678", nick: "옛날")
        let studies = try StudyList(parsing: ["swift"])
        let cell = SpatialGrid.cell(place)
        do {
            let old = try connectionToAFileAt(version: 11, path: file)
            try old.execute("""
                INSERT INTO users (id, uid, phone, email, nick, birth, gender, created_at)
                    VALUES (1, 'Old11', '+821012345678', 'sesac@example.com', '옛날', '2000-01-15', 0, 1763000000123);
                INSERT INTO queue (cell, user_id, lat, long, traits, card, uid, studies, study_keys, entered_at)
                    VALUES (\(cell), 1, 37.5, 127.0, \(try QueueTraits(of: user).packed()), '\(try QueueCard.card(of: user, studies: studies))',
                            'Old11', 'swift', '["swift"]', 1763000000999);
                INSERT INTO queue_studies (study, cell, user_id, lat, long, traits, card) SELECT 'swift', cell, user_id, lat, long, traits, card FROM queue;
                PRAGMA user_version = 11;
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        let storage = SQLiteStorage(database: database)
        try assertShownAtThePointOfTheirCell("Old11", at: place, in: storage)
        XCTAssertEqual(try database.string("PRAGMA integrity_check"), "ok")
    }

    /// Someone shown by a displacement (issue 38) in a file of the version before
    /// `Schema.shownByCell` is shown at the point of their cell as the file opens: the row, its
    /// study rows and the indexes hold that point, not the displaced one.
    func testSomeoneShownByADisplacementIsShownAtThePointOfTheirCellOnceTheFileOpens() throws {
        let file = path()
        let version = try XCTUnwrap(Schema.migrations(for: .sqlite).first { $0.sql.contains("RENAME COLUMN shift TO shown") }).version - 1
        let place = Coordinate.at(37.56645, 126.978)
        let displaced = place.moved(100)
        XCTAssertNotEqual(PlaceCell(containing: displaced), PlaceCell(containing: place))
        let user = User.stub(uid: "Old15", phone: "010-1234-5678", nick: "옛날")
        let studies = try StudyList(parsing: ["swift"])
        do {
            let old = try connectionToAFileAt(version: version, path: file)
            try old.execute("""
                INSERT INTO users (id, uid, phone, email, nick, birth, gender, created_at)
                    VALUES (1, 'Old15', '+821012345678', 'sesac@example.com', '옛날', '2000-01-15', 0, 1763000000123);
                INSERT INTO queue (cell, user_id, lat, long, shift, shown_cell, shown_lat, shown_long, traits, card, uid, studies, study_keys, entered_at)
                    VALUES (\(SpatialGrid.cell(place)), 1, \(place.latitude), \(place.longitude), 5000, \(SpatialGrid.cell(displaced)),
                            \(displaced.latitude), \(displaced.longitude), \(try QueueTraits(of: user).packed()),
                            '\(try QueueCard.card(of: user, studies: studies))', 'Old15', 'swift', '["swift"]', 1763000000999);
                INSERT INTO queue_studies (study, cell, user_id, lat, long, shift, traits, card)
                    SELECT 'swift', cell, user_id, lat, long, shift, traits, card FROM queue;
                PRAGMA user_version = \(version);
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        let storage = SQLiteStorage(database: database)
        try assertShownAtThePointOfTheirCell("Old15", at: place, in: storage)
        for study in [nil, try Study("swift")] {
            XCTAssertEqual(try storage.read { try $0.nearby(NearbyQuery(
                center: displaced, radius: 1, study: study, criteria: criteria, excluding: [], limit: nil, positions: .shown)) }, [])
        }
        XCTAssertEqual(try database.string("PRAGMA integrity_check"), "ok")
    }

    private var criteria: SearchCriteria {
        SearchCriteria(me: User.stub(uid: "Me1", phone: "010-2222-3333"), today: try! CalendarDate(year: 2026, month: 11, day: 21), gender: nil)
    }

    /// `uid`, waiting at `place` as before, is shown at the point of its cell: where the API's
    /// searches (by study too) find them, and where someone entering the cell now is shown.
    private func assertShownAtThePointOfTheirCell(_ uid: String, at place: Coordinate, in storage: SQLiteStorage, line: UInt = #line) throws {
        let entry = try XCTUnwrap(try storage.read { try $0.queueEntry(of: UserID(uid)) })
        XCTAssertEqual(entry.coordinate, place, line: line)
        XCTAssertEqual(entry.enteredAt, Date(timeIntervalSince1970: 1_763_000_000.999), "the rest of the place as it was", line: line)
        XCTAssertEqual(PlaceCell(containing: entry.shownCoordinate), PlaceCell(containing: place), line: line)
        for study in [nil, try Study("swift")] {
            let found = try storage.read { try $0.nearby(NearbyQuery(
                center: entry.shownCoordinate, radius: 1, study: study, criteria: criteria, excluding: [], limit: nil, positions: .shown)) }
            XCTAssertEqual(found.map(\.coordinate), [entry.shownCoordinate], line: line)
        }
        let newcomer = User.stub(uid: "New1", phone: "010-9999-0001")
        XCTAssertTrue(try storage.write { try $0.insert(newcomer) }, line: line)
        let entered = try EnterQueueUseCase(storage: storage, clock: StoppedClock(testNow))(
            me: newcomer.uid, latitude: place.latitude + 0.000_1, longitude: place.longitude, studies: [])
        XCTAssertEqual(entered.shownCoordinate, entry.shownCoordinate, "the key the file keeps", line: line)
    }

    /// The events of a file from before the push outbox keep their ids, and no id is given
    /// twice: the table rebuilt without its CHECK of kinds carries its counter over, past an
    /// event already forgotten. A kind the old CHECK did not list is stored.
    func testEventsKeepTheirIdsAndTheirCounterAcrossTheRebuildThatDropsTheCheckOfKinds() throws {
        let file = path()
        let version = try XCTUnwrap(Schema.migrations(for: .sqlite).first { $0.sql.contains("CREATE TABLE push_outbox") }).version - 1
        do {
            let old = try connectionToAFileAt(version: version, path: file)
            try old.execute("""
                INSERT INTO users (id, uid, phone, email, nick, birth, gender, created_at)
                    VALUES (1, 'Old16', '+821012345678', 'sesac@example.com', '옛날', '2000-01-15', 0, 1763000000123);
                INSERT INTO events (user_id, type, created_at, other_uid, other_nick) VALUES
                    (1, 'matched', 1763000000200, 'Other1', '다른'), (1, 'dodged', 1763000000300, 'Other1', '다른'),
                    (1, 'penalty_over', 1763000000400, NULL, NULL);
                DELETE FROM events WHERE id = 3;
                PRAGMA user_version = \(version);
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.integer("PRAGMA user_version"), currentSchemaVersion)
        let storage = SQLiteStorage(database: database)
        let me = try UserID("Old16")
        let other = MatchView.Partner(uid: try UserID("Other1"), nick: try Nick("다른"))
        XCTAssertEqual(try storage.read { try $0.events(of: me, after: 0) }.map(\.kind), [.matched(partner: other), .dodged(partner: other)])
        let next = try storage.write { try $0.insertEvent(.penaltyOver, for: me, at: testNow, forgettingBefore: .distantPast) }
        XCTAssertEqual(next, 4, "after the forgotten 3")
        try database.write { try $0.execute("INSERT INTO events (user_id, type, created_at) VALUES (1, 'a_later_kind', 0)") }
        XCTAssertEqual(try database.integer("SELECT count(*) FROM events WHERE type = 'a_later_kind'"), 1)
        XCTAssertEqual(try database.string("PRAGMA integrity_check"), "ok")
        XCTAssertEqual(try database.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0)
    }
}
