import Foundation
import SLPData
import SLPDomain
import SLPSupport

/// Chat figures on one backend: paging a 100k-message conversation among 2M messages, how fast
/// `slp chat send` stores lines from standard input, and how soon followers print a message.
enum ChatBench {
    static let conversations = 20
    static let messagesPerConversation = 100_000

    /// Fills `store` (new, empty) with 2M messages and measures reading and sending on it;
    /// `slp` processes reach it at `store.location`.
    static func run(store: any BenchStore, directory: String, clock: any TimeProvider) throws -> ChatFigures {
        var figures = ChatFigures(backend: store.name)
        // A few more than needed: some seeded people are hidden from search, and cannot be asked.
        try SeedPopulationUseCase(population: store.population, clock: clock)(
            try SeedOptions(count: conversations * 2 + 8, seed: 5, spreadKilometres: 1))
        let uids = try store.waitingUIDs()
        guard uids.count >= conversations * 2 else { throw BenchError(description: "chat: \(uids.count) people to pair, not \(conversations * 2)") }
        for pair in stride(from: 0, to: conversations * 2, by: 2) {
            _ = try RequestStudyUseCase(storage: store.storage, clock: clock)(me: uids[pair], other: uids[pair + 1])
            _ = try AcceptStudyUseCase(storage: store.storage, clock: clock)(me: uids[pair + 1], other: uids[pair])
        }
        print("\(store.name): filling \(conversations) conversations of \(messagesPerConversation) messages…")
        let started = Stopwatch.now()
        let members = try store.matchMembers()
        let base = Int64(clock.now.timeIntervalSince1970 * 1_000) - Int64(messagesPerConversation)
        for index in stride(from: 0, to: members.count, by: 2) {
            try store.fill(
                match: members[index].match, count: messagesPerConversation, toA: members[index + 1].partner,
                toB: members[index].partner, firstAt: base)
        }
        figures.fill = Double(Stopwatch.now() - started) / 1e9

        // In-process: opening a chat (newest 50) and paging forward from a random point.
        let me = uids[0]
        let read = ReadMessagesUseCase(storage: store.storage)
        var newest: [Double] = [], paging: [Double] = []
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            newest.append(try Stopwatch.measure { _ = try read(me: me, with: nil, page: .newest(limit: 50)) }.1)
            let since = Date(timeIntervalSince1970: Double(base + Int64(random.next() % UInt64(messagesPerConversation))) / 1_000)
            paging.append(try Stopwatch.measure { _ = try read(me: me, with: nil, page: .after(since, limit: 50)) }.1)
        }
        figures.newest = Percentiles(newest)
        figures.paging = Percentiles(paging)

        let slp = SLPBench.slpPath
        guard FileManager.default.isExecutableFile(atPath: slp) else { return figures }
        if let hyperfine = Shell.which("hyperfine") {
            let export = "\(directory)/chat-hyperfine.json"
            let command = "\(slp) --db \(store.location) --as \(me) --json chat list --limit 50"
            let (_, status) = try Shell.run(hyperfine, ["-N", "--warmup", "10", "--runs", "100", "--export-json", export, command])
            if status == 0, let data = FileManager.default.contents(atPath: export),
               let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
               let median = (json["results"] as? [[String: Any]])?.first?["median"] as? Double {
                figures.listProcess = median * 1_000
            }
        }
        // Sending: 5000 lines through one process, each stored (and made durable) before the next is read.
        let lines = 5_000
        let input = "\(directory)/lines.txt"
        try (1...lines).map { "line \($0) 안녕하세요" }.joined(separator: "\n").appending("\n").write(toFile: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: slp)
        process.arguments = ["--db", store.location, "--as", me.rawValue, "chat", "send"]
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = FileHandle.nullDevice
        let sendStarted = Stopwatch.now()
        try process.run()
        process.waitUntilExit()
        let seconds = Double(Stopwatch.now() - sendStarted) / 1e9
        if process.terminationStatus == 0 { figures.sendRate = Double(lines) / seconds }
        figures.messages = try store.messageCount()
        let (sender, follower) = (uids[2], uids[3])
        figures.followLatency = try latency(
            store: store, ["--as", follower.rawValue, "--json", "chat", "follow", "--with", sender.rawValue],
            history: messagesPerConversation, sender: sender, clock: clock)
        // Each message is also an event for its recipient: `slp events` from now on.
        figures.eventsLatency = try latency(
            store: store, ["--as", follower.rawValue, "--json", "events"], history: 0, sender: sender, clock: clock)
        figures.waitLatency = try waitLatency(store: store, clock: clock)
        figures.connection = try store.connectionFigures()
        return figures
    }

    /// Milliseconds from an accept's commit (in this process) to the end of the `slp queue
    /// --wait` process it matched, for 20 fresh pairs: once the waiter's process says it waits,
    /// the waiter asks its partner and the partner accepts, both here. (The process ends as it
    /// prints the match: its output reaching its end is the moment taken.)
    private static func waitLatency(store: any BenchStore, clock: any TimeProvider, tries: Int = 20) throws -> Percentiles {
        let before = Set(try store.waitingUIDs())
        try SeedPopulationUseCase(population: store.population, clock: clock)(try SeedOptions(count: 2 * tries + 8, seed: 6, spreadKilometres: 1))
        let fresh = try store.waitingUIDs().filter { !before.contains($0) }
        guard fresh.count >= 2 * tries else { throw BenchError(description: "queue --wait: \(fresh.count) fresh users, not \(2 * tries)") }
        var latencies: [Double] = []
        for index in 0..<tries {
            let (waiter, partner) = (fresh[2 * index], fresh[2 * index + 1])
            let process = Process()
            process.executableURL = URL(fileURLWithPath: SLPBench.slpPath)
            process.arguments = ["--db", store.location, "--as", waiter.rawValue, "queue", "--lat", "37.5665", "--long", "126.978", "--wait"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let reader = output.fileHandleForReading
            var printed = Data()
            while !printed.contains(0x0A) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                printed += chunk
            }
            guard String(decoding: printed, as: UTF8.self).hasPrefix("Waiting at ") else {
                throw BenchError(description: "queue --wait did not say it waits: \(String(decoding: printed, as: UTF8.self))")
            }
            _ = try RequestStudyUseCase(storage: store.storage, clock: clock)(me: waiter, other: partner)
            _ = try AcceptStudyUseCase(storage: store.storage, clock: clock)(me: partner, other: waiter)
            let committed = Stopwatch.now()
            _ = reader.readDataToEndOfFile()
            latencies.append(Double(Stopwatch.now() - committed) / 1_000)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw BenchError(description: "queue --wait exited \(process.terminationStatus)") }
        }
        return Percentiles(latencies)
    }

    /// Milliseconds from a message's commit (in this process) to its line on the stdout of a
    /// following `slp` process (`chat follow`, `events`), for 30 messages sent a tenth of a
    /// second apart, once the `history` lines it prints first have arrived.
    private static func latency(
        store: any BenchStore, _ arguments: [String], history: Int, sender: UserID, clock: any TimeProvider
    ) throws -> Percentiles {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SLPBench.slpPath)
        process.arguments = ["--db", store.location] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = output.fileHandleForReading
        // The history first; wait until it has all arrived.
        var pending = Data()
        var lines = 0
        while lines < history {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending += chunk
            lines += chunk.filter { $0 == 0x0A }.count
        }
        let send = SendMessageUseCase(storage: store.storage, clock: clock)
        var latencies: [Double] = []
        // A moment to open and take its starting point, so the first probe is news to it.
        usleep(300_000)
        for index in 0..<30 {
            usleep(100_000)
            _ = try send(me: sender, text: "latency probe \(index)")
            let committed = Stopwatch.now()
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            latencies.append(Double(Stopwatch.now() - committed) / 1_000)
        }
        return Percentiles(latencies)
    }
}
