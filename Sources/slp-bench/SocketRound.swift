import Foundation

/// One measured round of `slp-bench --sockets`: K sockets held by a server (slp's hub behind
/// lighttpd, or the anchor), messages at a fixed rate, and what reached whom.
struct SocketRound: Sendable {
    let server: String
    let sockets: Int
    let connected: Int
    let connectSeconds: Double
    /// Resident memory the server's processes added for the sockets, per socket (bytes).
    let bytesPerSocket: Double
    /// Resident memory of the server's processes holding the sockets (bytes).
    let residentBytes: Int
    /// Resident memory the realtime hub alone added, per socket (bytes; 0 for the anchor).
    let hubBytesPerSocket: Double
    /// Cores the server's processes kept busy with the sockets open and nothing sent.
    let idleCores: Double
    /// Cores the server's processes kept busy while the messages went out.
    let busyCores: Double
    let sent: Int
    /// Sends the server did not acknowledge.
    let failedSends: Int
    /// From the sender's 200 to the recipient's `chat` (ms; 0 when the event came first).
    let delivery: Percentiles
    /// From the moment the sender sent to the recipient's `chat` (ms): what a person sees.
    let fromSend: Percentiles
    let lost: Int
    let duplicated: Int
    let misdelivered: Int

    /// A message as its sender had it acknowledged.
    struct Sent: Sendable {
        let id: String
        let to: String
        let started: UInt64
        let at: UInt64
    }

    /// Holds `people`'s sockets on the server at `port` (its processes under `tree`), then sends
    /// `rate` messages a second for `seconds` through `send` (the first of each pair to the
    /// second, then back) and waits for them to arrive.
    static func measure(
        server: String, port: UInt16, hubSocket: String? = nil, tree: ProcessTree, people: [SocketClients.Person], rate: Double,
        seconds: Double,
        send: @escaping @Sendable (_ from: SocketClients.Person, _ to: SocketClients.Person, _ text: String) -> String?
    ) throws -> SocketRound {
        let before = tree.residentBytes
        let hub = tree.members.first { pid in
            let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
            return String(decoding: environment, as: UTF8.self).split(separator: "\u{0}").contains { $0.hasPrefix("SLP_HUB_SOCKET=") }
        }
        let hubBefore = hub.map(ProcessTree.resident) ?? 0
        let clients = try SocketClients(port: port, hubSocket: hubSocket, people: people)
        let started = Stopwatch.now()
        clients.start()
        defer { clients.stop() }
        let connected = clients.waitUntilConnected(max(60, Double(people.count) / 50))
        let connectSeconds = Double(Stopwatch.now() - started) / 1e9
        if let failure = clients.failures.withLock({ $0.first }) { SocketBench.say("   first socket failure: \(failure)") }
        let holding = tree.residentBytes
        let hubHolding = hub.map(ProcessTree.resident) ?? 0
        let idleStart = (tree.cpuSeconds, Stopwatch.now())
        usleep(5_000_000)
        let idleCores = (tree.cpuSeconds - idleStart.0) / (Double(Stopwatch.now() - idleStart.1) / 1e9)

        let pairs = people.count / 2
        let count = Int(rate * seconds)
        let busyStart = (tree.cpuSeconds, Stopwatch.now())
        let senders = 4
        let schedule = Stopwatch.now()
        let acknowledged = ThreadGroup.run(senders) { sender -> [Sent] in
            var mine: [Sent] = []
            for index in stride(from: sender, to: count, by: senders) {
                let due = schedule + UInt64(Double(index) / rate * 1e9)
                let now = Stopwatch.now()
                if due > now { usleep(UInt32((due - now) / 1_000)) }
                let pair = index % pairs, back = (index / pairs) % 2 == 1
                let (from, to) = back ? (people[2 * pair + 1], people[2 * pair]) : (people[2 * pair], people[2 * pair + 1])
                let started = Stopwatch.now()
                if let id = send(from, to, "m\(index)") { mine.append(Sent(id: id, to: to.uid, started: started, at: Stopwatch.now())) }
            }
            return mine
        }.flatMap { $0 }
        // Everything sent has had a generous while to arrive.
        let deadline = Stopwatch.now() + 10_000_000_000
        while clients.arrivals.withLock({ $0.count }) < acknowledged.count, Stopwatch.now() < deadline { usleep(10_000) }
        let busyCores = (tree.cpuSeconds - busyStart.0) / (Double(Stopwatch.now() - busyStart.1) / 1e9)
        let arrivals = clients.arrivals.withLock { $0 }

        var first: [String: SocketClients.Arrival] = [:]
        var duplicated = 0, misdelivered = 0
        for arrival in arrivals {
            if people[arrival.socket].uid != arrival.to { misdelivered += 1; continue }
            if first[arrival.id + arrival.to] != nil { duplicated += 1 } else { first[arrival.id + arrival.to] = arrival }
        }
        var latencies: [Double] = [], fromSend: [Double] = [], lost = 0
        for message in acknowledged {
            guard let arrival = first[message.id + message.to] else { lost += 1; continue }
            latencies.append(arrival.at > message.at ? Double(arrival.at - message.at) / 1e6 : 0)
            fromSend.append(Double(arrival.at - message.started) / 1e6)
        }
        return SocketRound(
            server: server, sockets: people.count, connected: connected, connectSeconds: connectSeconds,
            bytesPerSocket: Double(holding - before) / Double(max(1, connected)), residentBytes: holding,
            hubBytesPerSocket: Double(hubHolding - hubBefore) / Double(max(1, connected)), idleCores: idleCores,
            busyCores: busyCores, sent: acknowledged.count, failedSends: count - acknowledged.count, delivery: Percentiles(latencies), fromSend: Percentiles(fromSend), lost: lost, duplicated: duplicated,
            misdelivered: misdelivered)
    }

    var line: String {
        String(
            format: "%-22@ K %6d: %6d connected in %5.1f s; %6.1f KB/socket (hub %.1f KB; all %.0f MB); idle %.3f cores, sending %.3f cores; %d sent (%d failed), delivery p50 %.1f ms p99 %.1f ms (from the send %.1f / %.1f ms); %d lost, %d duplicated, %d misdelivered",
            server as NSString, sockets, connected, connectSeconds, bytesPerSocket / 1_024, hubBytesPerSocket / 1_024, Double(residentBytes) / 1_048_576, idleCores,
            busyCores, sent, failedSends, delivery.p50, delivery.p99, fromSend.p50, fromSend.p99, lost, duplicated, misdelivered)
    }
}
