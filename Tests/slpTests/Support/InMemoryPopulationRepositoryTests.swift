import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The population fake the seed tests run on must keep the repository contract (the contract
/// suite runs the SQL backends only), and its failure switch must store nothing.
final class InMemoryPopulationRepositoryTests: XCTestCase {
    private func person(_ index: Int) -> WaitingUser {
        let user = User.stub(uid: "S\(index)", phone: "+8219000000\(10 + index)")
        return WaitingUser(user: user, entry: .stub(user.uid.rawValue, at: .at(37.5, 127)))
    }

    func testPeopleWhosePhoneIsTakenAreLeftOutButCountAsDrawn() throws {
        let real = User.stub(uid: "Real", phone: "+821900000011")
        let database = InMemoryDatabase(users: [real])
        database.seeded = 10
        let population = InMemoryPopulationRepository(database)
        var index = 0
        let stored = try population.addWaiting(count: 3) {
            defer { index += 1 }
            return person(index)
        }
        XCTAssertEqual(stored, 2)
        XCTAssertEqual(population.added, [person(0), person(2)])
        XCTAssertEqual(try population.seededCount(), 13)
        XCTAssertEqual(database.users[real.uid], real)
        XCTAssertEqual(Set(database.queue.keys), [person(0).user.uid, person(2).user.uid])
    }

    func testAFailureStoresAndCountsNothing() throws {
        let database = InMemoryDatabase()
        let population = InMemoryPopulationRepository(database)
        struct Broken: Error {}
        population.failure = Broken()
        let token = database.changeToken
        XCTAssertThrowsError(try population.addWaiting(count: 2) { self.person(0) })
        XCTAssertEqual(try population.seededCount(), 0)
        XCTAssertTrue(database.users.isEmpty)
        XCTAssertTrue(population.batches.isEmpty)
        XCTAssertEqual(database.changeToken, token)
    }
}
