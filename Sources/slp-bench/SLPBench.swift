import Foundation
import SLPData
import SLPDomain
import SLPSupport

/// `slp-bench`: search and queue figures at 100k and 1M waiting users, with Redis GEOSEARCH
/// and (process against process) `redis-cli` as anchors, measured in the same run; with
/// `--postgres [URL]`, the same on the PostgreSQL backend beside them, with PostGIS as its anchor.
///
/// Usage: `swift build -c release --static-swift-stdlib && .build/release/slp-bench [--quick] [--dir DIR]`;
/// `swift build -c release --traits PostgreSQL && .build/release/slp-bench --postgres [URL] [--quick]`
/// `slp-bench --load` runs many clients at once instead (`LoadBench`); `--http`, SLP's apps
/// through `slp serve` (`HTTPBench`); `--held`, what connections held open cost the requests of
/// others (`HeldBench`); `--write-limits`, what bounding each user's writes bounds and costs
/// (`WriteLimitBench`); `--pushes N`, what `slp serve`'s push sender sends and costs against a fake
/// FCM, with Google's firebase-admin as the anchor (`PushBench`); `--web`, the web client in headless
/// Chromium: first load, a map of 1,000 people, chat delivery to the page (`WebBench`; it needs
/// Debian's chromium and chromium-driver and PyPI's selenium). `--chat-only` runs the chat part alone: paging, sending,
/// and how soon other processes' commits wake `chat follow`, `events` and `queue --wait`; built
/// with the PostgreSQL trait, also how long `slp` takes to give up on a server it cannot reach,
/// and (with `--postgres`) new connections and the clock offset they measure: the figures the
/// tests no longer time (docs/PERFORMANCE.md).
@main
struct SLPBench {
    struct FixedClock: TimeProvider {
        let now: Date
    }

    static let clock = FixedClock(now: Date(timeIntervalSince1970: 1_795_253_400))
    static let study = "swift"

    /// A failure (a bad `--db` path, Redis refusing a command) is one line on stderr and exit 1,
    /// not a crash report.
    static func main() {
        do {
            try run()
        } catch {
            FileHandle.standardError.write(Data("slp-bench: error: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The `slp` built next to this benchmark.
    static var slpPath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("slp").path
    }

    static func run() throws {
        let arguments = CommandLine.arguments
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        if arguments.contains("--web") {
            try WebBench.run(arguments)
            return
        }
        if arguments.contains("--load") {
            try LoadBench.run(arguments)
            return
        }
        if arguments.contains("--sockets") {
            try SocketBench.run(arguments)
            return
        }
        if arguments.contains("--http") {
            try HTTPBench.run(arguments)
            return
        }
        if arguments.contains("--held") {
            try HeldBench.run(arguments)
            return
        }
        if arguments.contains("--write-limits") {
            try WriteLimitBench.run(arguments)
            return
        }
        if arguments.contains("--backup") {
            try BackupBench.run(arguments)
            return
        }
        if arguments.contains("--pushes") {
            try PushBench.run(arguments)
            return
        }
        // `--postgres` alone: a private cluster; `--postgres URL`: that server.
        let postgresURL: String?? = arguments.firstIndex(of: "--postgres").map { index in
            index + 1 < arguments.count && !arguments[index + 1].hasPrefix("--") ? arguments[index + 1] : nil
        }
        #if PostgreSQL
        let postgres = try postgresURL.map { try PostgresSide(url: $0) }
        defer { postgres?.stop() }
        #else
        if postgresURL != nil {
            throw BenchError(description: "this slp-bench was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL")
        }
        let postgres: Never? = nil
        #endif
        if let index = arguments.firstIndex(of: "--profile"), index + 1 < arguments.count {
            let option = { (name: String) in arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
            try profile(hotspots: arguments[index + 1] == "hotspots", database: option("--db"), study: option("--study"),
                        rounds: option("--rounds").flatMap(Int.init) ?? 2_000, radius: option("--radius").flatMap(Double.init) ?? 700,
                        positions: option("--positions") == "shown" ? .shown : .exact)
            return
        }
        if arguments.contains("--chat-only") {
            let directory = NSTemporaryDirectory() + "slp-bench-chat-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var report = Report()
            defer { report.print() }
            try runChat(directory: directory, report: &report, postgres: postgresSide(postgres))
            return
        }
        let quick = arguments.contains("--quick")
        let directory = arguments.firstIndex(of: "--dir").map { arguments[$0 + 1] }
            ?? NSTemporaryDirectory() + "slp-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !arguments.contains("--keep") { try? FileManager.default.removeItem(atPath: directory) } }

        let machine = BenchSetup.machine
        print("slp-bench \(Date()) on \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let redis = RedisServer.start(port: 63_790 + UInt16(getpid() % 100))
        defer { redis?.stop() }
        let client = try redis.map { try RESPClient(port: $0.port) }

        let sizes: [(String, Int, Bool)] = quick
            ? [("20k-uniform", 20_000, false), ("20k-hotspots", 20_000, true)]
            : [("100k-uniform", 100_000, false), ("100k-hotspots", 100_000, true), ("1M-uniform", 1_000_000, false), ("1M-hotspots", 1_000_000, true)]
        var report = Report()
        var processDataset: (Dataset, SecondBackend?)?
        for (name, count, hotspots) in sizes {
            print("\n== \(name): seeding \(count) users…")
            let dataset = try Dataset(name: name, count: count, hotspots: hotspots, directory: directory, clock: clock)
            print("seeded in \(String(format: "%.2f", dataset.seedSeconds)) s; loading rows for the brute-force check…")
            try dataset.loadRows()
            let anchor = client.map { RedisAnchor(client: $0, prefix: name) }
            if let anchor {
                print("loading Redis…")
                try anchor.load(dataset.rows)
            }
            report.seed.append((name, "SQLite", dataset.seedSeconds))
            var second: SecondBackend?
            #if PostgreSQL
            if let postgres {
                print("PostgreSQL: seeding \(count) users…")
                let (pg, postgis) = try postgres.dataset(like: dataset, hotspots: hotspots, clock: clock)
                report.seed.append((name, "PostgreSQL", pg.seedSeconds))
                print("seeded in \(String(format: "%.2f", pg.seedSeconds)) s\(postgis == nil ? "" : "; PostGIS loaded")")
                second = SecondBackend(pg, postgis: postgis, psql: postgres.psql)
                report.postgisNote = postgres.postgisNote
            }
            #endif
            try checkCorrectness(dataset, report: &report)
            try measureSearch(dataset, anchor: anchor, second: second, report: &report)
            if count == sizes.map(\.1).max() {
                try measureQueueEnter(dataset, report: &report)
                // Whole processes are compared on the largest evenly spread population.
                if !hotspots { processDataset = (dataset, second) }
            }
        }
        if let (dataset, second) = processDataset {
            try measureProcesses(dataset, second: second, redisPort: redis?.port, directory: directory, report: &report)
        }
        report.printSearchAndWrites()
        print("\n== chat")
        try runChat(directory: directory, report: &report, postgres: postgresSide(postgres))
        report.printChat()
    }

    #if PostgreSQL
    private static func postgresSide(_ side: PostgresSide?) -> PostgresSide? { side }
    #else
    private static func postgresSide(_ side: Never?) -> Never? { nil }
    #endif

    /// Chat on SQLite, then on PostgreSQL when it is measured too.
    #if PostgreSQL
    static func runChat(directory: String, report: inout Report, postgres: PostgresSide?) throws {
        try runChat(directory: directory, report: &report)
        print("PostgreSQL out of reach: timing how slp gives up…")
        report.giveUps = try GiveUpBench.run(directory: directory)
        if let postgres {
            report.chat.append(try ChatBench.run(store: try postgres.freshStore(), directory: directory, clock: clock))
        }
    }
    #else
    static func runChat(directory: String, report: inout Report, postgres: Never?) throws {
        try runChat(directory: directory, report: &report)
    }
    #endif

    private static func runChat(directory: String, report: inout Report) throws {
        let path = "\(directory)/chat.sqlite"
        try? FileManager.default.removeItem(atPath: path)
        report.chat.append(try ChatBench.run(store: try SQLiteStore(path: path), directory: directory, clock: clock))
    }

    /// For a profiler: searches at 700 m and nothing else, on 20k freshly seeded users or on a
    /// database seeded before (`--profile uniform --db FILE [--study S] [--rounds N] [--radius M]
    /// [--positions shown]`, 700 m and exact places, as the command line searches, by default).
    static func profile(hotspots: Bool, database: String?, study: String?, rounds: Int, radius: Double, positions: SearchPositions) throws {
        let directory = NSTemporaryDirectory() + "slp-bench-profile-\(getpid())"
        let dataset: Dataset
        if let database {
            dataset = try Dataset(existing: database, clock: clock)
        } else {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            dataset = try Dataset(name: "profile", count: 20_000, hotspots: hotspots, directory: directory, clock: clock)
        }
        defer { if database == nil { try? FileManager.default.removeItem(atPath: directory) } }
        try dataset.loadRows()
        let search = searchUseCase(dataset)
        // A new point each time, as in the benchmark: pages are met for the first time too.
        let points = dataset.queryPoints(max(rounds, 1), seed: 11)
        let started = Stopwatch.now()
        var results = 0
        for round in 0..<rounds {
            let request = SearchRequest(center: points[round % points.count], radius: radius, study: study, positions: positions)
            results += try search(me: dataset.me.uid, request).fromQueueDB.count
        }
        print("\(rounds) searches, \(results) results, \(Double(Stopwatch.now() - started) / Double(rounds) / 1e6) ms each")
        // The same scans with nobody admitted (nobody is 200 years old): the cost of reading the index alone.
        let me = dataset.me
        let elder = User(
            uid: me.uid, phone: me.phone, email: me.email, nick: me.nick,
            birth: BirthDate(stored: try CalendarDate(year: 1826, month: 1, day: 1)), gender: me.gender, createdAt: me.createdAt)
        let nobody = SearchCriteria(me: elder, today: CalendarDate(utcDayOf: clock.now), gender: nil)
        let scanStarted = Stopwatch.now()
        for round in 0..<rounds {
            let query = NearbyQuery(
                center: points[round % points.count], radius: radius, study: try study.map { try Study($0) }, criteria: nobody,
                excluding: [], limit: nil, positions: positions)
            _ = try dataset.storage.read { try $0.nearby(query) }
        }
        print("\(rounds) scans admitting nobody, \(Double(Stopwatch.now() - scanStarted) / Double(rounds) / 1e6) ms each")
    }

    /// 200 random queries at 700 m (radius only and with a study) must equal a full scan.
    static func checkCorrectness(_ dataset: Dataset, report: inout Report) throws {
        let search = searchUseCase(dataset)
        let criteria = SearchCriteria(me: dataset.me, today: CalendarDate(utcDayOf: clock.now), gender: nil)
        var checked = 0, mismatches = 0
        for (index, point) in dataset.queryPoints(200, seed: 7).enumerated() {
            let studyKey = index % 2 == 0 ? nil : study
            let result = try search(me: dataset.me.uid, SearchRequest(center: point, radius: 700, study: studyKey))
            let found = Set(result.fromQueueDB.map(\.uid.rawValue))
            let expected = dataset.bruteForce(center: point, radius: 700, studyKey: studyKey, criteria: criteria)
            checked += 1
            if found != expected { mismatches += 1 }
            let distances = result.fromQueueDB.map(\.distance)
            if distances != distances.sorted() { mismatches += 1 }
        }
        print("correctness: \(checked) queries, \(mismatches) mismatches against brute force")
        report.correctness.append((dataset.name, checked, mismatches))
    }

    static func searchUseCase(_ dataset: Dataset) -> SearchNearbyUseCase {
        SearchNearbyUseCase(storage: dataset.storage, clock: clock)
    }

    /// Interleaved, query by query on the same points: slp in-process, then Redis, then (when
    /// measured) the PostgreSQL backend, whose answers must equal SQLite's, and PostGIS.
    static func measureSearch(_ dataset: Dataset, anchor: RedisAnchor?, second: SecondBackend?, report: inout Report) throws {
        let search = searchUseCase(dataset)
        let cases: [(label: String, radius: Double, study: String?, limit: Int?, queries: Int)] = [
            ("700 m", 700, nil, nil, 200),
            ("700 m + study", 700, study, nil, 200),
            ("5 km", 5_000, nil, nil, 20),
            ("5 km + study", 5_000, study, nil, 20),
            ("5 km, nearest 50", 5_000, nil, 50, 200),
        ]
        try anchor?.resetServerTimes()
        var slpTimes: [String: [Double]] = [:], roundTrips: [String: [Double]] = [:], results: [String: [Int]] = [:]
        var postgresTimes: [String: [Double]] = [:], postgisServer: [String: [Double]] = [:], postgisRoundTrips: [String: [Double]] = [:]
        var compared = 0, differing = 0
        let points = dataset.queryPoints(200, seed: 11)
        for (index, point) in points.enumerated() {
            for item in cases where index < item.queries {
                let request = SearchRequest(center: point, radius: item.radius, study: item.study, limit: item.limit)
                let (result, micros) = try Stopwatch.measure { try search(me: dataset.me.uid, request) }
                slpTimes[item.label, default: []].append(micros)
                results[item.label, default: []].append(result.fromQueueDB.count)
                if let anchor {
                    let key = item.study.map(anchor.studyKey) ?? anchor.allKey
                    let (_, redisMicros) = try Stopwatch.measure {
                        try anchor.search(key: key, longitude: point.longitude, latitude: point.latitude, radius: item.radius, count: item.limit)
                    }
                    roundTrips[item.label, default: []].append(redisMicros)
                }
                if let second {
                    let (other, otherMicros) = try Stopwatch.measure { try second.search(me: second.me.uid, request) }
                    postgresTimes[item.label, default: []].append(otherMicros)
                    compared += 1
                    if other.fromQueueDB.map(\.uid) != result.fromQueueDB.map(\.uid)
                        || other.fromQueueDB.map(\.distance) != result.fromQueueDB.map(\.distance) { differing += 1 }
                    if let postgis = second.postgis {
                        let (server, roundTrip) = try postgis(point, item.radius, item.study, item.limit)
                        postgisServer[item.label, default: []].append(server)
                        postgisRoundTrips[item.label, default: []].append(roundTrip)
                    }
                }
            }
        }
        if second != nil { report.backendsAgree.append((dataset.name, compared, differing)) }
        let server = try anchor?.serverTimes() ?? [:]
        for item in cases {
            let key = item.study.map { anchor?.studyKey($0) ?? "" } ?? (anchor?.allKey ?? "")
            let tag = "\(key) r=\(Int(item.radius))" + (item.limit.map { " n=\($0)" } ?? "")
            let counts = results[item.label] ?? []
            var row = Report.SearchRow(
                dataset: dataset.name, label: item.label, meanResults: counts.isEmpty ? 0 : Double(counts.reduce(0, +)) / Double(counts.count),
                slp: Percentiles(slpTimes[item.label] ?? []),
                redisServer: server[tag].map(Percentiles.init), redisRoundTrip: roundTrips[item.label].map(Percentiles.init))
            row.postgres = postgresTimes[item.label].map(Percentiles.init)
            row.postgisServer = postgisServer[item.label].map(Percentiles.init)
            row.postgisRoundTrip = postgisRoundTrips[item.label].map(Percentiles.init)
            report.search.append(row)
        }
    }

    /// Enter (refresh) 200 random seeded users at new places, one transaction each.
    static func measureQueueEnter(_ dataset: Dataset, report: inout Report) throws {
        let enter = EnterQueueUseCase(storage: dataset.storage, clock: clock)
        var random = SplitMix64(seed: 99)
        var times: [Double] = []
        for _ in 0..<200 {
            let row = dataset.rows[Int(random.next() % UInt64(dataset.rows.count))]
            let uid = try UserID(row.uid)
            let latitude = row.coordinate.latitude + (random.nextUnit() - 0.5) * 0.01
            let (_, micros) = try Stopwatch.measure {
                try enter(me: uid, latitude: latitude, longitude: row.coordinate.longitude, studies: ["swift", "영어"])
            }
            times.append(micros)
        }
        report.queueEnter = (dataset.name, Percentiles(times))
    }

    /// Whole processes with hyperfine: `slp search --json` on SQLite against `redis-cli
    /// GEOSEARCH`, `/bin/true` and, when measured, `slp` on PostgreSQL and PostGIS through `psql`.
    static func measureProcesses(_ dataset: Dataset, second: SecondBackend?, redisPort: UInt16?, directory: String, report: inout Report) throws {
        let slp = slpPath
        guard FileManager.default.isExecutableFile(atPath: slp) else {
            print("note: \(slp) not found; build it first (swift build -c release --static-swift-stdlib)")
            return
        }
        let point = dataset.queryPoints(1, seed: 5)[0]
        let search = "--json search --lat \(point.latitude) --long \(point.longitude)"
        let slpCommand = "\(slp) --db \(dataset.database.path) --as \(dataset.me.uid) \(search)"
        if let time = Shell.which("time") ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: time)
            process.arguments = ["-f", "%M"] + slpCommand.split(separator: " ").map(String.init)
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            report.peakKiB = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let hyperfine = Shell.which("hyperfine") else {
            print("note: hyperfine is not installed (apt-get install hyperfine); process timings are skipped")
            return
        }
        let slpName = "slp search --json" + (second == nil ? "" : " (SQLite)")
        var commands: [(name: String, command: String)] = [(slpName, slpCommand)]
        if let second {
            commands.append(("slp search --json (PostgreSQL)", "\(slp) --db \(second.location) --as \(second.me.uid) \(search)"))
            if let psql = second.psqlCommand { commands.append(("psql PostGIS ST_DWithin", psql(point))) }
        }
        if let redisPort, let redisCLI = Shell.which("redis-cli") {
            let arguments = RedisAnchor.geosearchArguments(
                key: "\(dataset.name):all", longitude: point.longitude, latitude: point.latitude, radius: 700, count: nil)
            commands.append(("redis-cli GEOSEARCH", "\(redisCLI) -p \(redisPort) " + arguments.joined(separator: " ")))
        }
        commands.append(("/bin/true", "/bin/true"))
        // Rounds, the order reversed every other one: a machine that speeds up or slows down
        // during the minutes this takes moves every command alike instead of only the later ones.
        var times: [String: [Double]] = [:]
        for round in 0..<processRounds {
            let export = "\(directory)/hyperfine-\(round).json"
            let order = round % 2 == 0 ? commands : commands.reversed()
            let (_, status) = try Shell.run(
                hyperfine, ["-N", "--warmup", "5", "--runs", "\(processRunsPerRound)", "--export-json", export] + order.map(\.command))
            guard status == 0, let data = FileManager.default.contents(atPath: export),
                  let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let results = json["results"] as? [[String: Any]] else {
                print("note: hyperfine failed (status \(status))")
                return
            }
            var medians: [String: Double] = [:]
            for result in results {
                guard let command = result["command"] as? String, let runs = result["times"] as? [Double],
                      let name = commands.first(where: { $0.command == command })?.name else { continue }
                times[name, default: []] += runs
                medians[name] = Percentiles(runs).p50
            }
            for (name, median) in medians where name != slpName && name != "/bin/true" {
                if let base = medians[slpName] { report.processRatios[name, default: []].append(median / base) }
            }
        }
        report.processes = commands.compactMap { item in times[item.name].map { (item.name, Percentiles($0).p50 * 1_000) } }
    }

    static let usage = """
        USAGE: slp-bench [--quick] [--dir DIR] [--keep] [--postgres [URL]]   search, queue and chat figures
               slp-bench --chat-only | --load | --sockets | --http | --held | --write-limits | --backup | --pushes N
               slp-bench --web [--postgres [URL]] [--messages N] [--slp PATH] [--keep]
                 the web client in headless Chromium: first load (bytes, requests), a map of 1,000 people,
                 chat delivery to the page; needs Debian's chromium and chromium-driver and PyPI's selenium
                 (Scripts/test --install-only), and is run from the repository's top directory
        Build: swift build -c release --static-swift-stdlib (docs/PERFORMANCE.md says what each mode measures)
        """

    /// hyperfine rounds of the whole-process comparison, and runs of each command per round.
    static let processRounds = 6
    static let processRunsPerRound = 50
}
