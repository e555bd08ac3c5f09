import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

@MainActor
final class SeedFeatureTests: XCTestCase {
    private let renderer = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))

    func testSeedReportsProgressThenDone() async throws {
        let population = InMemoryPopulationRepository()
        let store = TestStore(SeedFeature(seed: SeedPopulationUseCase(population: population, clock: StoppedClock(testNow))), initialState: .init(), test: self)
        let options = try SeedOptions(count: 25, seed: 3, spreadKilometres: 2)
        await store.send(.seed(options))
        // The in-memory repository cannot tell its progress: all done, once, at the end of the batch.
        store.receive(.setFractionDone(1)) { $0.fractionDone = 1 }
        store.receive(.setProgress(25)) { $0.added = 25 }
        store.receive(.setDone(options)) { $0.done = options }
        XCTAssertEqual(population.added.count, 25)
        XCTAssertEqual(SeedRenderer(format: .json, failures: renderer).render(store.state).stdout,
                       "{\"added\":25,\"seed\":3,\"center\":[37.5665,126.978],\"spreadKm\":2.0,\"hotspots\":false}\n")
    }

    func testTheFractionDoneNeverGoesBack() {
        // A batch tried again starts over: the bar stays where it was.
        var state = SeedFeature.reduce(.init(), .setFractionDone(0.6))
        state = SeedFeature.reduce(state, .setFractionDone(0.2))
        XCTAssertEqual(state.fractionDone, 0.6)
        XCTAssertEqual(SeedFeature.reduce(state, .setFractionDone(7)).fractionDone, 1)
    }

    func testTheProgressBar() {
        let bar = SeedProgressBar(total: 1_000_000, columns: 80)
        XCTAssertEqual(bar.line(fraction: 0, elapsed: 0), "Seeding [--------------------] 0%  0 of 1,000,000")
        XCTAssertEqual(bar.line(fraction: 0.25, elapsed: 3), "Seeding [#####---------------] 25%  250,000 of 1,000,000  about 9 s left")
        XCTAssertEqual(bar.line(fraction: 0.5, elapsed: 300), "Seeding [##########----------] 50%  500,000 of 1,000,000  about 5 min left")
        XCTAssertEqual(bar.line(fraction: 1, elapsed: 12), "Seeding [####################] 100%  1,000,000 of 1,000,000")
        XCTAssertEqual(SeedProgressBar(total: 5, columns: 200).line(fraction: 0.4, elapsed: 0), "Seeding [############------------------] 40%  2 of 5")
        // Narrow: no bar, and never wider than the terminal.
        let narrow = SeedProgressBar(total: 1_000_000, columns: 40).line(fraction: 0.25, elapsed: 3)
        XCTAssertLessThan(narrow.count, 40)
        XCTAssertTrue(narrow.hasPrefix("Seeding 25%"), narrow)
    }

    func testSeedStorageFailureIsReported() async throws {
        struct Broken: Error {}
        let population = InMemoryPopulationRepository()
        population.failure = Broken()
        let store = TestStore(SeedFeature(seed: SeedPopulationUseCase(population: population, clock: StoppedClock(testNow))), initialState: .init(), test: self)
        await store.send(.seed(try SeedOptions(count: 5)))
        let failure = Failure(Broken())
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.exitCode, .software)
    }
}
