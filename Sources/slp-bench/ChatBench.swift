import Foundation
import SLPData
import SLPDomain
import SLPSupport

/// Chat figures: paging a 100k-message conversation in a 2M-message database, and how fast
/// `slp chat send` stores lines from standard input.
enum ChatBench {
    static let conversations = 20
    static let messagesPerConversation = 100_000

    static func run(directory: String, clock: any TimeProvider, report: inout Report) throws {
        let path = "\(directory)/chat.sqlite"
        try? FileManager.default.removeItem(atPath: path)
        let database = try Database(path: path)
        try SeedPopulationUseCase(population: SQLitePopulationRepository(database: database), clock: clock)(
            try SeedOptions(count: conversations * 2, seed: 5, spreadKilometres: 1))
        let uids = try database.read { try $0.prepare("SELECT uid FROM queue ORDER BY uid").map { try UserID($0.text(0)) } }
        let matches = SQLiteMatchRepository(database: database)
        for pair in stride(from: 0, to: uids.count, by: 2) {
            _ = try RequestStudyUseCase(matches: matches, clock: clock)(me: uids[pair], other: uids[pair + 1])
            _ = try AcceptStudyUseCase(matches: matches, clock: clock)(me: uids[pair + 1], other: uids[pair])
        }
        print("filling \(conversations) conversations of \(messagesPerConversation) messages…")
        let started = Stopwatch.now()
        let matchIDs = try database.read { connection in
            try connection.prepare("SELECT match_id, user_id, partner_uid FROM match_members ORDER BY match_id, user_id")
                .map { ($0.int64(0), $0.text(2)) }
        }
        let base = Int64(clock.now.timeIntervalSince1970 * 1_000) - Int64(messagesPerConversation)
        for index in stride(from: 0, to: matchIDs.count, by: 2) {
            let (matchID, toB) = matchIDs[index]
            let (_, toA) = matchIDs[index + 1]
            try database.write { connection in
                try connection.prepare("""
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO messages (match_id, seq, from_uid, to_uid, chat, created_at)
                    SELECT ?, i, CASE i % 2 WHEN 0 THEN ? ELSE ? END, CASE i % 2 WHEN 0 THEN ? ELSE ? END,
                           'message number ' || i || ' 스터디 얘기', ? + i FROM n
                    """).run([.int(messagesPerConversation), .integer(matchID), .text(toA), .text(toB), .text(toB), .text(toA), .integer(base)])
            }
        }
        report.chatFill = Double(Stopwatch.now() - started) / 1e9

        // In-process: opening a chat (newest 50) and paging forward from a random point.
        let me = uids[0]
        let read = ReadMessagesUseCase(chats: SQLiteChatRepository(database: database))
        var newest: [Double] = [], paging: [Double] = []
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            newest.append(try Stopwatch.measure { _ = try read(me: me, with: nil, page: .newest(limit: 50)) }.1)
            let since = Date(timeIntervalSince1970: Double(base + Int64(random.next() % UInt64(messagesPerConversation))) / 1_000)
            paging.append(try Stopwatch.measure { _ = try read(me: me, with: nil, page: .after(since, limit: 50)) }.1)
        }
        report.chatNewest = Percentiles(newest)
        report.chatPaging = Percentiles(paging)

        let slp = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("slp").path
        guard FileManager.default.isExecutableFile(atPath: slp) else { return }
        if let hyperfine = Shell.which("hyperfine") {
            let export = "\(directory)/chat-hyperfine.json"
            let command = "\(slp) --db \(path) --as \(me) --json chat list --limit 50"
            let (_, status) = try Shell.run(hyperfine, ["-N", "--warmup", "10", "--runs", "100", "--export-json", export, command])
            if status == 0, let data = FileManager.default.contents(atPath: export),
               let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
               let median = (json["results"] as? [[String: Any]])?.first?["median"] as? Double {
                report.chatListProcess = median * 1_000
            }
        }
        // Sending: 5000 lines through one process, each stored (and synced) before the next is read.
        let lines = 5_000
        let input = "\(directory)/lines.txt"
        try (1...lines).map { "line \($0) 안녕하세요" }.joined(separator: "\n").appending("\n").write(toFile: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: slp)
        process.arguments = ["--db", path, "--as", me.rawValue, "chat", "send"]
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = FileHandle.nullDevice
        let sendStarted = Stopwatch.now()
        try process.run()
        process.waitUntilExit()
        let seconds = Double(Stopwatch.now() - sendStarted) / 1e9
        if process.terminationStatus == 0 { report.chatSendRate = Double(lines) / seconds }
        let total = try database.read { try $0.prepare("SELECT count(*) FROM messages").first { $0.int(0) } } ?? 0
        report.chatMessages = total
        let (sender, follower) = (uids[2], uids[3])
        report.chatFollowLatency = try latency(
            slp: slp, path: path, ["--as", follower.rawValue, "--json", "chat", "follow", "--with", sender.rawValue],
            history: messagesPerConversation, sender: sender, clock: clock)
        // Each message is also an event for its recipient: `slp events` from now on.
        report.eventsLatency = try latency(
            slp: slp, path: path, ["--as", follower.rawValue, "--json", "events"], history: 0, sender: sender, clock: clock)
    }

    /// Milliseconds from a message's commit (in this process) to its line on the stdout of a
    /// following `slp` process (`chat follow`, `events`), for 30 messages sent a tenth of a
    /// second apart, once the `history` lines it prints first have arrived.
    private static func latency(
        slp: String, path: String, _ arguments: [String], history: Int, sender: UserID, clock: any TimeProvider
    ) throws -> Percentiles {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: slp)
        process.arguments = ["--db", path] + arguments
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
        let database = try Database(path: path)
        let send = SendMessageUseCase(chats: SQLiteChatRepository(database: database), clock: clock)
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
