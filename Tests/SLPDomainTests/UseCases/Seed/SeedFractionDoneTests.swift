import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// `SeedPopulationUseCase` tells how much of its work is done as it goes: from what the
/// repository reports within each batch, as a share of the whole run, never past 1.
final class SeedFractionDoneTests: XCTestCase {
    /// Reports a quarter, a half and all of each batch, as a storage that can tell would.
    private final class Reporting: PopulationRepository {
        let base = InMemoryPopulationRepository()
        func seededCount() throws -> Int { try base.seededCount() }
        func shownPlaceKey() throws -> any KeyedHash { try base.shownPlaceKey() }
        func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int { try base.addWaiting(count: count, drawing: next) }
        func addWaiting(count: Int, drawing next: () -> WaitingUser, progress: (Double) -> Void) throws -> Int {
            progress(0.25)
            progress(0.5)
            let added = try base.addWaiting(count: count, drawing: next)
            progress(1)
            return added
        }
    }

    func testTheFractionFollowsTheRepository() throws {
        let seed = SeedPopulationUseCase(population: Reporting(), clock: StoppedClock(testNow))
        var fractions: [Double] = [], totals: [Int] = []
        let added = try seed(try SeedOptions(count: 40, seed: 5), progress: { totals.append($0) }, fractionDone: { fractions.append($0) })
        XCTAssertEqual(added, 40)
        XCTAssertEqual(totals, [40])
        XCTAssertEqual(fractions, [0.25, 0.5, 1])
    }

    func testARepositoryThatCannotTellReportsTheEnd() throws {
        let seed = SeedPopulationUseCase(population: InMemoryPopulationRepository(), clock: StoppedClock(testNow))
        var fractions: [Double] = []
        XCTAssertEqual(try seed(try SeedOptions(count: 7), fractionDone: { fractions.append($0) }), 7)
        XCTAssertEqual(fractions, [1])
    }
}
