import SLPTestSupport
import XCTest

extension XCTestCase {
    /// The seed of this test's random choices: `SLP_TEST_SEED`'s when set (a replay), else a new
    /// one. If the test fails, the seed is printed with the way to replay it.
    func randomSeed() throws -> TestSeed {
        let seed = try TestSeed()
        let test = name
        if seed.isReplay { print("\(test): replaying random seed \(seed)") }
        addTeardownBlock { [weak self] in
            guard let run = self?.testRun, run.totalFailureCount > 0 else { return }
            print("\(test) failed with random seed \(seed); replay it with \(seed.replay) swift test --filter '\(test)'")
        }
        return seed
    }
}
