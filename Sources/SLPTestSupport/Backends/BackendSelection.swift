import Foundation

/// Which backends the tests that run on every backend run on this time: all the build has,
/// or the ones `SLP_TEST_BACKENDS` names (comma-separated, e.g. `PostgreSQL`). CI's PostgreSQL
/// pass names PostgreSQL alone, as its SQLite legs ran in the pass before, from the same commit.
package enum BackendSelection {
    /// The names of `available` that this run takes, in their order. A name in
    /// `SLP_TEST_BACKENDS` that the build lacks stops the run: a typo must not pass as a green
    /// run that tested nothing.
    package static func chosen(from available: [String]) -> [String] {
        guard let value = ProcessInfo.processInfo.environment["SLP_TEST_BACKENDS"], !value.isEmpty else {
            return available
        }
        let wanted = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for name in wanted where !available.contains(name) {
            fatalError("SLP_TEST_BACKENDS names \(name), which this build has not (it has \(available.joined(separator: ", ")))")
        }
        return available.filter { wanted.contains($0) }
    }
}
