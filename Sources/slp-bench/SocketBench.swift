import Foundation
import SLPData
import SLPDomain
#if PostgreSQL
import SLPPrivateCluster
#endif

/// `slp-bench --sockets K[,K…] [--postgres [URL]] [--rate R] [--seconds S]`: K authenticated
/// Socket.IO sockets (WebSocket, as the apps hold them) through `slp serve` (lighttpd, the
/// realtime hub), matched in pairs, and messages sent by REST at R a second for S seconds:
/// delivery from the REST 200 to the partner's `chat` event, the memory the sockets cost
/// everything under `slp serve`, its CPU idle and busy, and what was lost, duplicated or
/// misdelivered. The anchor, in the same run: python-socketio's `AsyncServer` on aiohttp
/// holding the same sockets and emitting the same events when told (`SocketAnchor`).
enum SocketBench {
    static func run(_ arguments: [String]) throws {
        let option = { (name: String) in arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
        let counts = (option("--sockets") ?? "1000").split(separator: ",").compactMap { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 >= 2 && $0 % 2 == 0 }) else { throw LoadFailure("--sockets takes even counts: 1000,10000") }
        let rate = option("--rate").flatMap(Double.init) ?? 100
        let seconds = option("--seconds").flatMap(Double.init) ?? 10
        let slp = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("slp").path
        guard FileManager.default.isExecutableFile(atPath: slp) else { throw LoadFailure("\(slp) not found; build it first") }
        let scratch = NSTemporaryDirectory() + "slp-sockets-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let limit = raiseFileLimit(to: 4 * (counts.max() ?? 0) + 4_096)
        let machine = BenchSetup.machine
        say("slp-bench --sockets \(Date()) on \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores; K = "
            + counts.map(String.init).joined(separator: ", ") + String(format: "; %.0f messages/s for %.0f s; file limit %d", rate, seconds, limit))

        var backends: [(name: String, open: (Int) throws -> (location: String, storage: any Storage, secrets: any SecretStore, remove: () -> Void))] = [
            ("SQLite", { count in
                let path = "\(scratch)/sockets-\(count).sqlite"
                let storage = SQLiteStorage(database: try Database(path: path))
                return (path, storage, storage, { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } })
            }),
        ]
        #if PostgreSQL
        var cluster: PrivateCluster?
        defer { cluster?.remove() }
        let choice = arguments.firstIndex(of: "--postgres").map { start in
            var index = start
            return PostgreSQLServerChoice.reading(arguments, at: &index)
        } ?? .none
        if let chosen = try choice.start(announce: say) {
            cluster = chosen.cluster
            let adminURL = chosen.adminURL
            let server = try LoadPostgreSQLServer(adminURL: adminURL, scratch: scratch)
            backends.append(("PostgreSQL", { count in
                let store = try PostgreSQLLoadStore(server: server, name: "slp_sockets_\(getpid())_\(count)", keep: false)
                let storage = PGStorage(database: try PGDatabase(uri: store.location, creatingSchema: true))
                return (store.location, storage, storage, { store.remove() })
            }))
        }
        #else
        if arguments.contains("--postgres") {
            throw LoadFailure("this slp-bench was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL")
        }
        #endif

        var rounds: [SocketRound] = []
        var floods: [String] = []
        for count in counts {
            for backend in backends {
                say("== slp serve on \(backend.name), K = \(count): registering and matching…")
                let store = try backend.open(count)
                defer { store.remove() }
                let people = try SocketPeople.make(count, storage: store.storage, secrets: store.secrets)
                let serve = try SLPServeProcess(slp: slp, database: store.location, scratch: scratch, name: "serve-\(backend.name)-\(count)")
                defer { serve.stop() }
                let http = HTTPClient(port: serve.port)
                // lighttpd takes two descriptors a socket and stops accepting at 90% of its
                // limit (the REST requests need some too): beyond 80%, the sockets go to the
                // hub straight.
                let direct = Double(2 * count) > 0.8 * Double(limit)
                let hubSocket = direct ? try serve.configuration().directory + "/hub" : nil
                let round = try SocketRound.measure(
                    server: direct ? "slp hub (\(backend.name)) direct" : "slp serve (\(backend.name))", port: serve.port,
                    hubSocket: hubSocket, tree: ProcessTree(root: serve.pid), people: people, rate: rate, seconds: seconds
                ) { from, to, text in
                    let answer = http.send("POST", "/v1/chat/\(to.uid)", token: from.token, form: "chat=\(text)")
                    guard answer.status == 200, let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else { return nil }
                    return object["_id"] as? String
                }
                say("   " + round.line)
                rounds.append(round)
                if count == counts.first {
                    let flood = PollFlood.measure(port: serve.port, flooder: people[0], other: people[1])
                    let line = String(
                        format: "slp serve (%@): 2,000 long polls from one user; another user's GET /v1/user p50 %.1f ms, p99 %.1f ms",
                        backend.name, flood.p50, flood.p99)
                    say("   " + line)
                    floods.append(line)
                }
            }
            say("== the anchor (python-socketio AsyncServer on aiohttp), K = \(count)…")
            switch try SocketAnchor.start(scratch: scratch) {
            case .failure(let why):
                say("   skipped: \(why)")
            case .success(let anchor):
                defer { anchor.stop() }
                let people = (0..<count).map { SocketClients.Person(uid: "anchor-\($0)", token: "anchor-\($0)") }
                let http = HTTPClient(port: anchor.port)
                let counter = Counter()
                let round = try SocketRound.measure(
                    server: "python-socketio", port: anchor.port, tree: ProcessTree(root: anchor.pid), people: people, rate: rate, seconds: seconds
                ) { from, to, text in
                    let id = "a\(counter.next())"
                    let answer = http.send("POST", "/emit", token: nil, form: "_id=\(id)&to=\(to.uid)&from=\(from.uid)&chat=\(text)")
                    return answer.status == 200 ? id : nil
                }
                say("   " + round.line)
                rounds.append(round)
            }
        }
        say("\nslp-bench --sockets: summary")
        for round in rounds { say(round.line) }
        for line in floods { say(line) }
    }

    /// One line out at once, also into a file: a long run shows where it is.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Raises this process's file limit (and so what `slp serve`, lighttpd and the hub start
    /// with) toward `wanted`: the hard limit too where the system lets it; what it is now.
    private static func raiseFileLimit(to wanted: Int) -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if Int(limit.rlim_max) < wanted {
            var raised = limit
            raised.rlim_max = rlim_t(wanted)
            raised.rlim_cur = rlim_t(wanted)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return wanted }
        }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }

    /// Numbers the anchor's messages, from any sender thread.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
