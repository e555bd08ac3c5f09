#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPDomain
import SLPSupport

/// How fast each user may write over the API (docs/API.md, "Limits"): the buckets of the table
/// `SLP_WRITE_LIMITS` names, shared by every process that answers requests (`slp serve` names
/// one in its private directory for its workers and CGI processes). Opened by the process's
/// first write; a read never comes here. Without the variable, or when its file cannot be used
/// (said once on the error log), writes are not bounded: a worker never fails for want of it.
@MainActor
final class WriteLimits {
    static let variable = "SLP_WRITE_LIMITS"

    private enum State {
        case unopened
        case open(WriteLimitTable)
        case unbounded
    }

    private let path: String?
    private var state = State.unopened

    init(environment: ProcessEnvironment) {
        path = environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Takes one write of `kind` from `uid`'s bucket: nil when it may go ahead, else the answer
    /// that refuses it (429, `Retry-After` the seconds until a token is back).
    func take(_ kind: WriteKind, uid: UserID) -> APIResponse? {
        guard let table = table(), let wait = table.take(kind, uid: uid.rawValue, now: Self.now()) else { return nil }
        let seconds = max(1, (wait + 999_999_999) / 1_000_000_000)
        var response = APIResponse.failure(APIFailure.tooManyWrites(kind, retryAfter: seconds))
        response.headers.append(("Retry-After", String(seconds)))
        return response
    }

    private func table() -> WriteLimitTable? {
        switch state {
        case .open(let table): return table
        case .unbounded: return nil
        case .unopened:
            guard let path else {
                state = .unbounded
                return nil
            }
            do {
                let table = try WriteLimitTable(path: path)
                state = .open(table)
                return table
            } catch {
                StandardStreams.writeError("slp: \(Self.variable) cannot be used (\(error)); writes are not bounded\n")
                state = .unbounded
                return nil
            }
        }
    }

    /// Nanoseconds of the machine's monotonic clock, the one every process of a host reads
    /// alike; neither `SLP_NOW` nor the wall clock being set moves it.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
