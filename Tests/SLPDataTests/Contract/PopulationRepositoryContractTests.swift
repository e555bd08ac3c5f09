import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class PopulationRepositoryContractTests: StorageContractTestCase {
    /// The people `options` draws, as a fake repository is handed them.
    private func drawn(_ options: SeedOptions) throws -> [WaitingUser] {
        let recorder = DrawingRecorder(first: 0, key: try population.shownPlaceKey())
        try SeedPopulationUseCase(population: recorder, clock: StoppedClock(queueTestNow))(options)
        return recorder.added
    }

    func testSeededUsersAreStoredAsRegisteredWaitingUsers() {
        forEachBackend {
            let options = try SeedOptions(count: 300, seed: 4, spreadKilometres: 3)
            let expected = try drawn(options)
            XCTAssertEqual(try population.seededCount(), 0)
            XCTAssertEqual(try seed(options), 300)
            XCTAssertEqual(try population.seededCount(), 300)
            for waiting in expected {
                XCTAssertEqual(try read { try $0.user(waiting.user.uid) }, waiting.user)
                XCTAssertEqual(try read { try $0.queueEntry(of: waiting.user.uid) }, waiting.entry)
            }
            XCTAssertEqual(try queuedUIDs().count, 300)
            // Search shows each as entering the queue would: their card and studies.
            try assertMatchesBruteForce(options.center, radius: 10_000)
            let found = try nearby(options.center, radius: 10_000)
            XCTAssertGreaterThan(found.count, 200)
            let byUID = Dictionary(uniqueKeysWithValues: expected.map { ($0.user.uid, $0) })
            for user in found {
                let waiting = try XCTUnwrap(byUID[user.uid])
                XCTAssertEqual(user.nick, waiting.user.nick)
                XCTAssertEqual(user.gender, waiting.user.gender)
                XCTAssertEqual(user.coordinate, waiting.entry.coordinate)
                XCTAssertEqual(user.studies, waiting.entry.studies)
            }
        }
    }

    func testSecondRunContinuesThePhoneNumbers() {
        forEachBackend {
            try seed(try SeedOptions(count: 120, seed: 3))
            try seed(try SeedOptions(count: 80, seed: 3))
            XCTAssertEqual(try population.seededCount(), 200)
            XCTAssertEqual(try queuedUIDs().count, 200, "200 different people")
            XCTAssertNotNil(try read { try $0.user(phone: try PhoneNumber("+821900000000")) })
            XCTAssertNotNil(try read { try $0.user(phone: try PhoneNumber("+821900000199")) })
            XCTAssertNil(try read { try $0.user(phone: try PhoneNumber("+821900000200")) })
            // Ordinary users with 010 numbers do not disturb the count.
            try register("Real1")
            XCTAssertEqual(try population.seededCount(), 200)
        }
    }

    func testARealUserWithASyntheticLookingNumberIsKeptAndSkipped() {
        forEachBackend {
            let real = User(
                uid: try UserID("Real019"), phone: try PhoneNumber("019-0000-0001"), email: try Email("real@example.com"),
                nick: try Nick("진짜"), birth: BirthDate(stored: try CalendarDate(year: 1990, month: 1, day: 1)), gender: .male,
                createdAt: queueTestNow)
            XCTAssertTrue(try write { try $0.insert(real) })
            XCTAssertEqual(try seed(try SeedOptions(count: 3, seed: 9)), 3)
            XCTAssertEqual(try read { try $0.user(real.uid) }, real, "the registered user is untouched")
            XCTAssertNil(try read { try $0.queueEntry(of: real.uid) })
            XCTAssertEqual(try queuedUIDs().count, 3)
            XCTAssertEqual(try population.seededCount(), 4, "the skipped number is used up too")
            XCTAssertEqual(try seed(try SeedOptions(count: 2, seed: 9)), 2, "the next run numbers on")
            XCTAssertEqual(try queuedUIDs().count, 5)
            XCTAssertEqual(try read { try $0.user(phone: real.phone) }, real)
        }
    }

    func testSeededUsersLeaveAndWithdrawLikeAnyoneElse() {
        forEachBackend {
            let options = try SeedOptions(count: 20, seed: 8, spreadKilometres: 1)
            let expected = try drawn(options)
            try seed(options)
            let first = expected[0].user.uid, second = expected[1].user.uid
            XCTAssertTrue(try LeaveQueueUseCase(storage: storage)(me: first))
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: second)
            XCTAssertEqual(try queuedUIDs().count, 18)
            let found = uids(try nearby(options.center, radius: 2_000))
            XCTAssertFalse(found.contains(first.rawValue))
            XCTAssertFalse(found.contains(second.rawValue))
            try assertMatchesBruteForce(options.center, radius: 2_000)
        }
    }
}
