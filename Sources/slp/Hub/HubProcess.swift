#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPCommandLine
import SLPDomain
import SLPRealtime

/// `slp serve`'s realtime hub: one process holding every waiting client that lighttpd hands it
/// on the Unix socket `SLP_HUB_SOCKET` names: Socket.IO sessions (the apps' chat) and
/// `/v1/events` long polls. Its event loop runs on a thread of its own (`HubLoop`) and never
/// waits on the database; the main actor is its reader (`HubReader`), which checks tokens and
/// reads storage as REST does and posts each answer back to the loop. What is committed reaches
/// it once for all (`HubFeed`) and goes to each socket and poll of its recipient
/// (`HubDeliveries`); penalties that ran out, which nothing commits, are told by a sweep on a
/// thread of its own (`HubPenaltySweep`).
/// Serve starts it with a pipe as its standard input and keeps the other end: when serve ends,
/// however it ends, the pipe closes and the hub ends too.
@MainActor
enum HubProcess {
    /// The variable that makes `slp` the hub, listening on the socket it names.
    nonisolated static let socketVariable = "SLP_HUB_SOCKET"

    static func run(socket: String, environment: ProcessEnvironment) async -> Int32 {
        raiseFileLimit()
        let service = APIService(environment: environment)
        do {
            let clock = try service.dependencies().clock
            let location = try DatabaseLocation.resolve(option: nil, environment: environment)
            let (questions, asking) = AsyncStream.makeStream(of: (Int, HubQuestion).self)
            let (ended, ending) = AsyncStream.makeStream(of: Int32.self)
            let answers = try LoopMailbox<(Int, HubAnswer)>()
            let committed = try LoopMailbox<[AddressedEvent]>()
            let metrics = HubMetrics(environment)
            guard HubLoop.start(.init(socket: socket, questions: asking, answers: answers, committed: committed, ended: ending, metrics: metrics)),
                  HubPenaltySweep.start(location, clock: clock), metrics.map({ HubServiceCounts.start(location, metrics: $0) }) ?? true
            else {
                StandardStreams.writeError("slp hub: cannot start a thread (the event loop's, the penalty sweep's or the metrics' counts')\n")
                return ExitCode.software.rawValue
            }
            HubFeed.start(location, posting: committed, metrics: metrics)
            let reader = HubReader(service: service)
            for await (id, question) in questions { answers.post((id, reader.answer(question))) }
            for await status in ended { return status }
            return 0
        } catch {
            StandardStreams.writeError("slp hub: \(FailureRenderer.oneLine(Failure(error).message))\n")
            return Failure(error).exitCode.rawValue
        }
    }

    /// As many connections as the process may have: the soft file limit raised to the hard one.
    private static func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
