import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif

/// `slp-bench --web`: the web client as a person meets it, in headless Chromium driven by
/// Selenium (`Fixtures/web-client/browser_bench.py`; it needs Debian's chromium and
/// chromium-driver and PyPI's selenium, which `Scripts/test --install-only` installs): the first
/// load's bytes and requests, the map drawing exactly `markers` people, and chat delivery to the
/// page, against issue 52's goals. The data is built here: `slp seed` around Seoul City Hall, the
/// searcher registered and queued there through the API, and more seeded until the searcher's
/// own search (the page's) lists exactly `markers`. `--postgres [URL]` runs it on PostgreSQL (the
/// bench's own cluster, or the server at URL) instead of SQLite.
enum WebBench {
    static let markers = 1_000
    static let center = "37.5665,126.978"
    static let searcherPhone = "010-7700-0001"
    static let scriptPath = "Fixtures/web-client/browser_bench.py"

    static func run(_ arguments: [String]) throws {
        let script = try locateScript()
        let python = try checkBrowser()
        let messages = arguments.firstIndex(of: "--messages").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 50
        let setup = try BenchSetup(benchPath: arguments[0], scratchName: "slp-web", buildHint: "swift build -c release --static-swift-stdlib")
        let keep = arguments.contains("--keep")
        defer { if !keep { setup.removeScratch() } }
        // `--slp PATH`: another build's slp (its slp-push beside it), to compare builds in one sitting.
        let slpPath = arguments.firstIndex(of: "--slp").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } ?? setup.slp
        guard FileManager.default.isExecutableFile(atPath: slpPath) else { throw LoadFailure("\(slpPath) is not an executable slp") }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"

        // The database in a directory of its own, as a service keeps it: what else the bench and
        // the browser write (logs, profiles) goes elsewhere.
        var database = setup.scratch + "/db/web.sqlite"
        let browserTemporary = setup.scratch + "/browser"
        #if PostgreSQL
        var cluster: PrivateCluster?
        var store: PostgreSQLLoadStore?
        defer {
            store?.remove()
            cluster?.remove()
        }
        #endif
        if arguments.contains("--postgres") {
            #if PostgreSQL
            var index = arguments.firstIndex(of: "--postgres")!
            if let chosen = try PostgreSQLServerChoice.reading(arguments, at: &index).start(announce: { print($0) }) {
                cluster = chosen.cluster
                let server = try LoadPostgreSQLServer(adminURL: chosen.adminURL, scratch: setup.scratch)
                let made = try PostgreSQLLoadStore(server: server, name: "slp_web_\(getpid())", keep: keep)
                store = made
                database = made.location
            }
            #else
            throw LoadFailure("this slp-bench was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL")
            #endif
        }
        print("slp-bench --web \(Date()) on \(BenchSetup.machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "load average \(load): \(markers) people on the map, \(messages) chat messages, "
            + "\(database.hasPrefix("postgresql://") ? "PostgreSQL" : "SQLite"); \(slpPath)")
        for directory in [setup.scratch + "/db", browserTemporary] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let environment = SLPServeProcess.environment(database: database, temporary: setup.scratch)
        let child = ChildProcess(scratch: setup.scratch + "/slp")
        let slp = { (arguments: [String]) throws -> String in
            let result = try child.run([slpPath] + arguments, environment: environment)
            guard result.status == 0 else {
                throw LoadFailure("slp \(arguments.first ?? "") failed (exit \(result.status)): \(result.errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try slp(["seed", "--users", "\(markers)", "--center", center, "--spread-km", "0.5", "--seed", "21"])
        let metricsPort = try HTTPClient.freePort()
        let serve = try SLPServeProcess(slp: slpPath, database: database, scratch: setup.scratch, name: "serve", options: ["--metrics", "\(metricsPort)"])
        defer { serve.stop() }
        let http = HTTPClient(port: serve.port)
        let token = try slp(["token", "--phone", searcherPhone])
        try expect(http.send("POST", "/v1/user", token: token, form: FormEncoding.form([
            ("phoneNumber", "+821077000001"), ("nick", "벤치"), ("birth", "1994-01-01"), ("email", "bench@example.com"),
            ("gender", "0"), ("FCMtoken", ""),
        ])), "registering the searcher")
        let (latitude, longitude) = (center.split(separator: ",")[0], center.split(separator: ",")[1])
        try expect(http.send("POST", "/v1/queue", token: token, form: "lat=\(latitude)&long=\(longitude)&studylist=swift"), "queueing the searcher")
        // Some seeded people are outside the searcher's ages, or hidden: seed more until exactly
        // `markers` are listed (each round adds at most what is missing).
        var listed = try searched(http, token: token)
        for round in 1...20 where listed < markers {
            _ = try slp(["seed", "--users", "\(markers - listed)", "--center", center, "--spread-km", "0.5", "--seed", "\(21 + round)"])
            listed = try searched(http, token: token)
        }
        guard listed == markers else { throw LoadFailure("the searcher's search lists \(listed) people, not \(markers)") }

        print("running \(script) in headless Chromium…")
        let browser = try ChildProcess(scratch: setup.scratch + "/browser").run(
            [python, script, "http://127.0.0.1:\(serve.port)", slpPath, "\(markers)", "\(messages)"],
            environment: SLPServeProcess.environment(database: database, temporary: browserTemporary) + ["PYTHONDONTWRITEBYTECODE=1"])
        let output = String(decoding: browser.output, as: UTF8.self)
        guard browser.status == 0, let last = output.split(separator: "\n").last,
              let figures = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any] else {
            throw LoadFailure("browser_bench.py failed (exit \(browser.status)): \(browser.errorText.suffix(800))")
        }
        let metrics = HTTPClient(port: metricsPort).send("GET", "/metrics", token: nil)
        WebReport(figures: figures, hubDelivery: HubDeliveryHistogram(metrics: String(decoding: metrics.body, as: UTF8.self))).print()
    }

    /// How many people the searcher's own search lists (the page asks the same).
    private static func searched(_ http: HTTPClient, token: String) throws -> Int {
        let answer = http.send("POST", "/v1/queue/search", token: token, form: "")
        try expect(answer, "searching")
        guard let document = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
              let people = document["fromQueueDB"] as? [Any] else { throw LoadFailure("the search answer has no fromQueueDB") }
        return people.count
    }

    private static func expect(_ answer: HTTPResponse, _ what: String) throws {
        guard (200..<300).contains(answer.status) else {
            throw LoadFailure("\(what): HTTP \(answer.status) \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
        }
    }

    /// The script, from the repository's top directory (where the bench is run) or beside this source.
    private static func locateScript() throws -> String {
        let besideSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(scriptPath).path
        for candidate in [FileManager.default.currentDirectoryPath + "/" + scriptPath, besideSource]
        where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        throw LoadFailure("\(scriptPath) not found: run slp-bench --web from the repository's top directory")
    }

    /// The python3 (on PATH) that imports selenium, as its real path; one line and exit 1 when it,
    /// the browser or its driver is missing.
    private static func checkBrowser() throws -> String {
        var missing = ["/usr/bin/chromium", "/usr/bin/chromedriver"].filter { !FileManager.default.isExecutableFile(atPath: $0) }
            .map { URL(fileURLWithPath: $0).lastPathComponent }
        let found = Shell.which("python3").flatMap { python in
            try? Shell.run(python, ["-c", "import selenium, sys; print(sys.executable)"], environment: ProcessInfo.processInfo.environment)
        }
        let python = found.flatMap { $0.status == 0 ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil } ?? ""
        if python.isEmpty { missing.append("selenium (for python3)") }
        guard missing.isEmpty else {
            throw LoadFailure("--web needs chromium, chromium-driver and selenium (Scripts/test --install-only installs them); missing: "
                + missing.joined(separator: ", "))
        }
        return python
    }
}
