import Foundation
import SLPSupport

/// The seed of a test's random choices: the one `SLP_TEST_SEED` gives, to replay a run, else a
/// new one each run. A test prints it when it fails (see the `randomSeed()` of its target's
/// support), so that what failed can be replayed exactly: the same choices in the same order
/// (what other processes do meanwhile, and when, is not in the seed's hands).
package struct TestSeed: Sendable, CustomStringConvertible {
    /// The environment variable a seed to replay is given in.
    package static let variable = "SLP_TEST_SEED"

    package let value: UInt64
    /// Whether the seed came from `SLP_TEST_SEED`.
    package let isReplay: Bool

    /// `SLP_TEST_SEED`'s seed (a whole number from 0 to 2^64 − 1), else a new one.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let text = environment[Self.variable], !text.isEmpty {
            guard let value = UInt64(text) else { throw SeedError(text: text) }
            self.value = value
            isReplay = true
        } else {
            var system = SystemRandomNumberGenerator()
            value = system.next()
            isReplay = false
        }
    }

    /// A generator of its own for each `stream` (a worker, a round): streams never overlap.
    package func generator(_ stream: UInt64 = 0) -> SplitMix64 {
        var mixer = SplitMix64(seed: value ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }

    package var description: String { String(value) }

    /// What to set to replay this seed.
    package var replay: String { "\(Self.variable)=\(value)" }
}
