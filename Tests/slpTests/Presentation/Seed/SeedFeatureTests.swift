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
        store.receive(.setProgress(25)) { $0.added = 25 }
        store.receive(.setDone(options)) { $0.done = options }
        XCTAssertEqual(population.added.count, 25)
        XCTAssertEqual(SeedRenderer(format: .json, failures: renderer).render(store.state).stdout,
                       "{\"added\":25,\"seed\":3,\"center\":[37.5665,126.978],\"spreadKm\":2.0,\"hotspots\":false}\n")
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
