#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPCommandLine
import SLPDomain
import SLPRealtime

/// `slp serve`'s realtime hub: one process, one event loop, holding every waiting client that
/// lighttpd hands it on the Unix socket `SLP_HUB_SOCKET` names: Socket.IO sessions (the apps'
/// chat) and `/v1/events` long polls. Identity is checked as REST checks it; what is committed
/// reaches it once for all (`HubFeed`, which also tells penalties that ran out) and goes to each
/// socket and poll of its recipient.
/// Serve starts it with a pipe as its standard input and keeps the other end: when serve ends,
/// however it ends, the pipe closes and the hub ends too.
@MainActor
enum HubProcess {
    /// The variable that makes `slp` the hub, listening on the socket it names.
    nonisolated static let socketVariable = "SLP_HUB_SOCKET"

    static func run(socket: String, environment: ProcessEnvironment) -> Int32 {
        raiseFileLimit()
        let service = APIService(environment: environment)
        do {
            let clock = try service.dependencies().clock
            let location = try DatabaseLocation.resolve(option: nil, environment: environment)
            let commands = try LoopMailbox<HubCommand>()
            let server = try HubServer(path: socket, settings: HubSettings(), commands: commands) { head in
                (try? APIApplication.caller(idToken: head.header("idtoken"), service: service))?.0.rawValue
            }
            let polls = HubEventPolls(loop: server.loop, service: service)
            server.route = { connection, head, _ in
                if head.path == "/v1/events" || head.path == "/v1/events/" {
                    polls.handle(connection, head)
                } else {
                    connection.respond(HTTPResponse(APIResponse.failure(APIFailure.notFound)))
                }
            }
            let deliveries = try LoopMailbox<[AddressedEvent]>()
            let chat = ChatRenderer(format: .json)
            let events = EventRenderer(format: .json)
            try server.loop.watch(deliveries) { batches in
                for addressed in batches.joined() {
                    let uid = addressed.recipient.rawValue
                    switch addressed.event.kind {
                    case .message(let message, _): server.engineIO.emit(to: uid, event: "chat", json: chat.json(message).text)
                    default: server.engineIO.emit(to: uid, event: addressed.event.kind.name, json: events.json(addressed.event).text)
                    }
                }
                for uid in Set(batches.joined().map(\.recipient)) { polls.wake(uid) }
            }
            if isPipe(STDIN_FILENO) {
                try server.loop.watch(STDIN_FILENO) { _ in
                    var byte: UInt8 = 0
                    if read(STDIN_FILENO, &byte, 1) <= 0 { commands.post(.stop) }
                }
            }
            HubFeed.start(location, clock: clock, posting: deliveries)
            try server.run()
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

    private static func isPipe(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}
