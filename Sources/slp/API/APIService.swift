#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// What every request a process answers shares: its environment and the storage, opened by the
/// first request and kept while it works. A CGI process answers one request; an SCGI worker
/// answers many with one connection to the database. Nothing about a caller is kept here.
@MainActor
final class APIService {
    let environment: ProcessEnvironment
    /// Firebase's certificates, read again when their file changes.
    let firebase: FirebaseCertificates
    /// How fast each user may write, shared with the other processes.
    let writeLimits: WriteLimits
    private var opened: Dependencies?

    init(environment: ProcessEnvironment) {
        self.environment = environment
        firebase = FirebaseCertificates(environment: environment)
        writeLimits = WriteLimits(environment: environment)
    }

    /// The storage, opened on first use. `slp serve` made the database when it started; a
    /// request never does.
    func dependencies() throws -> Dependencies {
        if let opened { return opened }
        let location = try DatabaseLocation.resolve(option: nil, environment: environment)
        var clock: (any TimeProvider)?
        if let text = environment["SLP_NOW"] {
            guard let now = Timestamp.parse(text) else {
                throw Failure(code: "invalid_clock", status: nil, message: "SLP_NOW is not an ISO 8601 time", exitCode: .software)
            }
            clock = FixedTimeProvider(now: now)
        }
        let dependencies = try Dependencies(location: location, fixedClock: clock, creates: false)
        opened = dependencies
        return dependencies
    }

    /// After a failure of the service itself (a PostgreSQL server restarted, a file replaced),
    /// the next request opens the storage afresh instead of failing the same way.
    func discard() {
        opened = nil
    }
}
