import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class SeedPopulationUseCaseTests: XCTestCase {
    private let clock = StoppedClock(year: 2026, month: 11, day: 21)

    /// Seeds `options` into a fresh database, optionally after `alreadySeeded` earlier users.
    private func seed(_ options: SeedOptions, alreadySeeded: Int = 0) throws -> [WaitingUser] {
        let database = InMemoryDatabase()
        database.seeded = alreadySeeded
        let population = InMemoryPopulationRepository(database)
        try SeedPopulationUseCase(population: population, clock: clock)(options)
        return population.added
    }

    func testSameOptionsGiveTheSamePeople() throws {
        for hotspots in [false, true] {
            let options = try SeedOptions(count: 500, seed: 42, spreadKilometres: 3, hotspots: hotspots)
            let first = try seed(options), second = try seed(options)
            XCTAssertEqual(first.map(\.user.uid), second.map(\.user.uid))
            XCTAssertEqual(first.map(\.entry.coordinate), second.map(\.entry.coordinate))
            XCTAssertEqual(first.map { $0.entry.studies.studies.map(\.name) }, second.map { $0.entry.studies.studies.map(\.name) })
            XCTAssertEqual(first, second)
            XCTAssertEqual(Set(first.map(\.user.uid)).count, 500, "uids are unique")
        }
    }

    func testAnotherSeedGivesOtherPeople() throws {
        let one = try seed(try SeedOptions(count: 200, seed: 1))
        let two = try seed(try SeedOptions(count: 200, seed: 2))
        XCTAssertTrue(Set(one.map(\.user.uid)).isDisjoint(with: two.map(\.user.uid)))
        XCTAssertNotEqual(one.map(\.entry.coordinate), two.map(\.entry.coordinate))
        XCTAssertNotEqual(one.map(\.entry.studies), two.map(\.entry.studies))
        // Same phone numbers and nicks though: they follow the index, not the seed.
        XCTAssertEqual(one.map(\.user.phone), two.map(\.user.phone))
    }

    func testEveryoneHasOneToEightDistinctValidStudies() throws {
        let people = try seed(try SeedOptions(count: 2_000, seed: 7))
        var sizes = Set<Int>()
        for person in people {
            let studies = person.entry.studies.studies
            sizes.insert(studies.count)
            XCTAssertTrue((1...8).contains(studies.count), "\(studies)")
            XCTAssertEqual(Set(studies).count, studies.count, "duplicates in \(studies)")
            XCTAssertFalse(studies.contains(.anything))
            for study in studies {
                XCTAssertLessThanOrEqual(study.name.count, Study.maxLength)
                XCTAssertEqual(try Study(study.name), study)
                XCTAssertEqual(try Study(study.name).name, study.name)
            }
            // Stored as text and parsed back, the list is the same.
            XCTAssertEqual(try StudyList(parsing: [person.entry.studies.description]), person.entry.studies)
        }
        XCTAssertTrue(sizes.contains(1) && sizes.contains(2) && sizes.contains(3), "\(sizes.sorted())")
        XCTAssertGreaterThanOrEqual(sizes.max() ?? 0, 6)
    }

    func testUsersAreValidRegisteredWaitingPeople() throws {
        let people = try seed(try SeedOptions(count: 300, seed: 9))
        let today = CalendarDate(utcDayOf: clock.now)
        for person in people {
            let user = person.user
            XCTAssertEqual(person.entry.uid, user.uid)
            XCTAssertEqual(person.entry.enteredAt, clock.now)
            XCTAssertEqual(user.createdAt, clock.now)
            XCTAssertEqual(try UserID(user.uid.rawValue), user.uid)
            XCTAssertEqual(try Nick(user.nick.value), user.nick)
            XCTAssertTrue((18...46).contains(user.birth.age(on: today)), "\(user.birth)")
            XCTAssertEqual(try AgeRange(min: user.ageRange.min, max: user.ageRange.max), user.ageRange)
            XCTAssertTrue((0...4).contains(user.sesac) && (0...7).contains(user.background))
            XCTAssertEqual(user.reportedCount, 0)
            XCTAssertNil(user.dodgePenaltyUntil)
        }
        XCTAssertTrue(people.contains { !$0.user.searchable } && people.contains { $0.user.searchable })
        XCTAssertTrue(people.contains { $0.user.gender == .female } && people.contains { $0.user.gender == .male })
    }

    func testPositionsStayWithinTheSpread() throws {
        let center = Coordinate.at(-33.87, 151.21)
        for spread in [0.5, 2.0, 15.0] {
            let people = try seed(try SeedOptions(count: 1_000, seed: 3, center: center, spreadKilometres: spread))
            let distances = people.map { center.distance(to: $0.entry.coordinate) }
            XCTAssertLessThanOrEqual(distances.max() ?? .infinity, spread * 1_000 * 1.001 + 1, "spread \(spread) km")
            XCTAssertGreaterThan(distances.max() ?? 0, spread * 1_000 * 0.9, "the disk is filled to its edge")
        }
    }

    func testHotspotsGatherPeopleNearTheCenterToo() throws {
        let center = SeedOptions.seoul
        let people = try seed(try SeedOptions(count: 2_000, seed: 5, center: center, spreadKilometres: 10, hotspots: true))
        let distances = people.map { center.distance(to: $0.entry.coordinate) }
        // Hotspots lie within 80 % of the spread; people within a few kilometres of them.
        XCTAssertLessThanOrEqual(distances.max() ?? .infinity, 8_000 + 2_700)
        // Clustered: many people share a 100 m grid square.
        let squares = Dictionary(grouping: people) { person in
            [Int((person.entry.coordinate.latitude * 1_000).rounded(.down)), Int((person.entry.coordinate.longitude * 1_000).rounded(.down))]
        }
        XCTAssertGreaterThan(squares.values.map(\.count).max() ?? 0, 5)
    }

    func testPositionsWrapAroundTheAntimeridianAndStayOnEarthAtThePole() throws {
        for center in [Coordinate.at(0, 179.99), Coordinate.at(0, -179.99), Coordinate.at(89.99, 0), Coordinate.at(-90, 0)] {
            let people = try seed(try SeedOptions(count: 300, seed: 11, center: center, spreadKilometres: 5))
            for person in people {
                let coordinate = person.entry.coordinate
                XCTAssertTrue((-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude))
            }
            if abs(center.latitude) < 1 {
                XCTAssertLessThanOrEqual(people.map { center.distance(to: $0.entry.coordinate) }.max() ?? .infinity, 5_010)
            }
        }
    }

    func testPhoneNumbersCountOnFromTheSeededCount() throws {
        for already in [0, 1_234, 99_999_990] {
            let people = try seed(try SeedOptions(count: 10, seed: 1), alreadySeeded: already)
            XCTAssertEqual(people.map(\.user.phone.e164), (already..<(already + 10)).map { index in
                let digits = String(index)
                return "+8219" + String(repeating: "0", count: 8 - digits.count) + digits
            })
            XCTAssertEqual(people.map(\.user.nick.value), (already..<(already + 10)).map { "새싹\($0)" })
        }
    }

    func testASecondRunAddsNewPeopleAfterTheFirst() throws {
        let population = InMemoryPopulationRepository()
        let seedUseCase = SeedPopulationUseCase(population: population, clock: clock)
        var progress: [Int] = []
        XCTAssertEqual(try seedUseCase(try SeedOptions(count: 300, seed: 3)) { progress.append($0) }, 300)
        XCTAssertEqual(try seedUseCase(try SeedOptions(count: 300, seed: 3)) { progress.append($0) }, 300)
        XCTAssertEqual(progress, [300, 300])
        XCTAssertEqual(population.batches.map(\.count), [300, 300])
        XCTAssertEqual(Set(population.added.map(\.user.uid)).count, 600)
        XCTAssertEqual(Set(population.added.map(\.user.phone)).count, 600)
        XCTAssertEqual(population.added.last?.user.phone.e164, "+821900000599")
    }

    func testAtMostOneHundredMillionSyntheticUsers() throws {
        let database = InMemoryDatabase()
        database.seeded = 99_999_995
        let population = InMemoryPopulationRepository(database)
        XCTAssertThrowsInvalid(try SeedPopulationUseCase(population: population, clock: clock)(try SeedOptions(count: 6)), code: "invalid_count")
        XCTAssertTrue(population.batches.isEmpty)
        XCTAssertEqual(try SeedPopulationUseCase(population: population, clock: clock)(try SeedOptions(count: 5)), 5)
    }

    func testOptionsRefuseImpossibleCountsAndSpreads() throws {
        for count in [0, -1, 10_000_001, Int.min] {
            XCTAssertThrowsInvalid(try SeedOptions(count: count), code: "invalid_count")
        }
        for spread in [0, -1, .nan, .infinity, -.infinity, 2_000.001, -0.0] {
            XCTAssertThrowsInvalid(try SeedOptions(count: 1, spreadKilometres: spread), code: "invalid_spread")
        }
        XCTAssertEqual(try SeedOptions(count: 1).spreadKilometres, 15)
        XCTAssertEqual(try SeedOptions(count: 10_000_000, spreadKilometres: 2_000).count, 10_000_000)
        XCTAssertEqual(try SeedOptions(count: 1, spreadKilometres: 0.001).center, SeedOptions.seoul)
    }
}

final class SeedPopulationPhoneCollisionTests: XCTestCase {
    /// A real user who registered a synthetic-looking number is never overwritten: that person
    /// is skipped and another drawn, so exactly N are still added.
    func testPeopleWhosePhoneIsTakenAreSkippedAndReplaced() throws {
        let population = InMemoryPopulationRepository(InMemoryDatabase(users: [
            User.stub(uid: "Real1", phone: "+821900000001"), User.stub(uid: "Real2", phone: "+821900000003"),
        ]))
        let seed = SeedPopulationUseCase(population: population, clock: StoppedClock(Date(timeIntervalSince1970: 1_795_253_400)))
        XCTAssertEqual(try seed(try SeedOptions(count: 5)), 5)
        XCTAssertEqual(population.added.map(\.user.phone.e164), [
            "+821900000000", "+821900000002", "+821900000004", "+821900000005", "+821900000006",
        ])
        XCTAssertEqual(try population.seededCount(), 7)
    }
}
