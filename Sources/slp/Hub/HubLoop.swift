#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPDomain
import SLPSupport
import SLPRealtime
import SLPWebServer

/// The hub's event loop, on a thread of its own: the server on its Unix socket, the long polls,
/// what the feed brings handed to sockets and polls (`HubDeliveries`), and serve's pipe (the hub
/// says goodbye when it closes). It never touches storage or checks a token: it asks the reader
/// (`HubReaderLink`), so no answer, poll or frame waits on the database. When serve's pipe closes
/// (serve is stopping, or gone) the hub says goodbye to every socket and poll, then goes on
/// (requests lighttpd still passes get the goodbye too) until serve stops it.
enum HubLoop {
    /// What the loop needs from the process, all of it safe to hand to its thread.
    struct Wiring: Sendable {
        let socket: String
        let questions: AsyncStream<(Int, HubQuestion)>.Continuation
        let answers: LoopMailbox<(Int, HubAnswer)>
        /// What `HubFeed` read, batch by batch, for `HubDeliveries` to hand out.
        let committed: LoopMailbox<[AddressedEvent]>
        /// Hears the loop's end once: its exit status.
        let ended: AsyncStream<Int32>.Continuation
        /// With `slp serve --metrics`: the hub's slot of serve's metrics file.
        let metrics: HubMetrics?
    }

    /// Starts the loop's thread; it ends, and ends `questions`, when serve's pipe closes or the
    /// loop cannot go on. False: no thread.
    static func start(_ wiring: Wiring) -> Bool {
        DetachedThread.start {
            let status = run(wiring)
            wiring.questions.finish()
            wiring.ended.yield(status)
            wiring.ended.finish()
        }
    }

    private static func run(_ wiring: Wiring) -> Int32 {
        let serve = getppid()
        do {
            let commands = try LoopMailbox<HubCommand>()
            let reader = HubReaderLink(questions: wiring.questions)
            let ask = { (question: HubQuestion, then: @escaping (HubCaller) -> Void) in
                reader.ask(question) { answer in
                    if case .caller(let caller) = answer { then(caller) }
                }
            }
            let gate = HubGate(
                identify: { token, then in ask(.identify(idToken: token), then) },
                admit: { uid, then in ask(.admit(uid: uid), then) })
            let server = try HubServer(path: wiring.socket, settings: HubSettings(), commands: commands, gate: gate)
            try reader.listen(on: server.loop, to: wiring.answers)
            let polls = HubEventPolls(loop: server.loop, reader: reader)
            let engineIO = server.engineIO
            // The hub's paths as `RouteTable` names them; lighttpd sends it nothing else.
            server.route = { connection, head in
                switch RouteTable.match(head.path)?.route.name {
                case .socketIO: engineIO.handle(connection, head)
                case .events: polls.handle(connection, head)
                // A worker's health check: the loop answering at all is the answer.
                case .health: connection.respond(HTTPResponse(status: 200, contentType: "application/json", body: Array(HealthReport(failed: []).json.utf8)))
                default: connection.respond(HTTPResponse(APIResponse.failure(APIFailure.notFound)))
                }
            }
            server.onGoodbye = { polls.sayGoodbye() }
            let deliveries = HubDeliveries(sockets: server.engineIO, polls: polls)
            try server.loop.watch(wiring.committed) { batches in
                deliveries.deliver(batches.joined())
                wiring.metrics?.delivered(Array(batches.joined()))
            }
            wiring.metrics?.sample(server, polls: polls)
            if isPipe(STDIN_FILENO) {
                try server.loop.watch(STDIN_FILENO) { [weak server] _ in
                    var byte: UInt8 = 0
                    guard let server, read(STDIN_FILENO, &byte, 1) <= 0 else { return }
                    server.loop.forget(STDIN_FILENO)
                    server.sayGoodbye()
                    // Serve stops the hub once lighttpd is gone. A hub whose serve was killed
                    // outright has nobody to stop it: it ends as soon as it sees serve gone,
                    // and past lighttpd's bound for finishing whatever happens.
                    server.loop.after(afterGoodbye) { commands.post(.stop) }
                    endWhenOrphaned(server.loop, serve: serve, commands: commands)
                }
            }
            try server.run()
            return 0
        } catch {
            StandardStreams.writeError("slp hub: \(FailureRenderer.oneLine(Failure(error).message))\n")
            return Failure(error).exitCode.rawValue
        }
    }

    /// How long the hub goes on after its goodbye when serve does not stop it.
    private static let afterGoodbye: Duration = .seconds(LighttpdConfiguration.gracefulStopSeconds + 5)

    /// Posts `stop` once the hub's parent is no longer `serve` (it was reparented: serve is gone).
    private static func endWhenOrphaned(_ loop: EventLoop, serve: pid_t, commands: LoopMailbox<HubCommand>) {
        loop.after(.milliseconds(100)) { [unowned loop] in
            if getppid() != serve {
                commands.post(.stop)
            } else {
                endWhenOrphaned(loop, serve: serve, commands: commands)
            }
        }
    }

    private static func isPipe(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}
