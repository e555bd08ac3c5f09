import Foundation

/// One round of the HTTP benchmark: K clients on one fresh copy of the seeded store through
/// `slp serve`. Set-up (registering the people, their tokens from `slp token`, putting them in
/// the queue through the API) is not timed. Then, back to back, the floor, `GET myQueueState`
/// alone, the same in turns through two more serves, one with `--metrics` (`MetricsComparison`),
/// `POST /v1/queue/search` alone, the floor again, and the apps' mixed traffic; then the store
/// is checked.
struct HTTPRound: Sendable {
    let backend: String
    let clients: Int
    let people: Int
    let floorBefore: HTTPThroughput
    let state: HTTPThroughput
    /// `GET myQueueState` in turns through the first serve and one with `--metrics`.
    let metrics: MetricsComparison
    let search: HTTPThroughput
    /// The same searches from clients that take gzip, then brotli (as the apps' Alamofire).
    let searchGzip: HTTPThroughput
    let searchBrotli: HTTPThroughput
    let floorAfter: HTTPThroughput
    /// The mixed traffic's length, from the start signal to the last client's last answer.
    let seconds: Double
    let tally: HTTPTally
    let acknowledged: LoadAcknowledgements
    let findings: LoadInvariants.Findings
    /// Cores kept busy during the mixed traffic by the whole machine.
    let machineCores: Double
    /// Over the whole round (set-up included): cores kept busy by this benchmark (its clients,
    /// slp serve, lighttpd, the CGI processes, the private cluster) and by everyone else.
    let roundCores: (benchmark: Double, others: Double)

    /// The floor's requests per second: the mean of the measurements before and after.
    var floor: Double { (floorBefore.perSecond + floorAfter.perSecond) / 2 }

    struct Setting: Sendable {
        let slp: String
        let scratch: String
        let options: HTTPOptions
        /// The floor's program and the configuration it borrows from `slp serve`.
        let floorProgram: String
        let serveConfiguration: ServeConfiguration
        let servePort: UInt16
        let postmaster: pid_t?
    }

    init(store: any LoadStore, clients: Int, setting: Setting) throws {
        backend = store.backend
        self.clients = clients
        let options = setting.options
        let roundBefore = CPUSample(postmaster: setting.postmaster)
        let roundStarted = Stopwatch.now()
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let location = store.location
        let perClient = max(options.peoplePerClient, (options.people + clients - 1) / clients)
        people = perClient * clients
        let registered = ThreadGroup.run(clients) { index -> Result<[HTTPPerson], any Error> in
            Result {
                var worker = LoadWorker(LoadWorker.Setup(
                    index: index, slp: setting.slp, database: location, environment: environment, scratch: setting.scratch, seed: 21))
                let child = ChildProcess(scratch: "\(setting.scratch)/token-\(index)")
                return try worker.register(count: perClient).map { actor in
                    let issued = try child.run(
                        [setting.slp, "--db", location, "token", "--as", actor.uid, "--hours", "24"], environment: environment)
                    guard issued.status == 0 else { throw LoadFailure("slp token failed (exit \(issued.status)): \(issued.errorText)") }
                    let token = String(decoding: issued.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    return HTTPPerson(uid: actor.uid, token: token, latitude: actor.latitude, longitude: actor.longitude, studies: actor.studies)
                }
            }
        }
        var groups = try registered.map { try $0.get() }
        let everyone = Set(groups.joined().map(\.uid))

        let serve = try SLPServeProcess(slp: setting.slp, database: location, scratch: setting.scratch, name: "serve-\(backend)-k\(clients)")
        defer { serve.stop() }
        let port = serve.port
        // Everyone waits in the queue, as people whose app is open on the search screen.
        let client = HTTPClient(port: port)
        for person in groups.joined() {
            let form = FormEncoding.form([("lat", "\(person.latitude)"), ("long", "\(person.longitude)")] + person.studies.map { ("studylist", $0) })
            let answer = client.send("POST", "/v1/queue", token: person.token, form: form)
            guard answer.status == 200 else { throw LoadFailure("POST /v1/queue answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))") }
        }
        for index in groups.indices { for person in groups[index].indices { groups[index][person].phase = .waiting } }
        let tokens = groups.map { $0.map(\.token) }
        let places = groups.map { $0.map { FormEncoding.form([("lat", "\($0.latitude)"), ("long", "\($0.longitude)")]) } }

        let floor = { (label: String) throws -> HTTPThroughput in
            let server = try FloorServer(
                program: setting.floorProgram, serveConfiguration: setting.serveConfiguration, servePort: setting.servePort,
                directory: "\(setting.scratch)/floor", environment: SLPServeProcess.environment(database: location, temporary: setting.scratch))
            defer { server.stop() }
            return HTTPThroughput.measure(label, port: server.port, clients: clients, seconds: options.phaseSeconds, expected: [200]) { _, _ in
                ("GET", "/v1/queue/myQueueState", nil, nil)
            }
        }
        floorBefore = try floor("floor")
        let stateRequest = { @Sendable (client: Int, n: Int) in ("GET", "/v1/queue/myQueueState", Optional(tokens[client][n % tokens[client].count]), String?.none) }
        state = HTTPThroughput.measure("GET myQueueState", port: port, clients: clients, seconds: options.phaseSeconds, expected: [200, 201], request: stateRequest)
        do {
            let metricsPort = try HTTPClient.freePort()
            let measured = try SLPServeProcess(
                slp: setting.slp, database: location, scratch: setting.scratch, name: "serve-\(backend)-k\(clients)-metrics",
                options: ["--metrics", "\(metricsPort)"])
            defer { measured.stop() }
            // Against a serve started with it, not the one the set-up warmed: both begin with
            // the same cold workers and get the same unmeasured warm-up.
            let plain = try SLPServeProcess(slp: setting.slp, database: location, scratch: setting.scratch, name: "serve-\(backend)-k\(clients)-plain")
            defer { plain.stop() }
            for warmed in [plain, measured] {
                _ = HTTPThroughput.measure("warm-up", port: warmed.port, clients: clients, seconds: 3, expected: [200, 201], request: stateRequest)
            }
            metrics = MetricsComparison.measure(
                off: (plain.pid, plain.port), on: (measured.pid, measured.port), metricsPort: metricsPort, clients: clients,
                seconds: options.phaseSeconds, request: stateRequest)
        }
        let searches = { (label: String, encodings: String?) in
            HTTPThroughput.measure(label, port: port, clients: clients, seconds: options.phaseSeconds, expected: [200], acceptEncoding: encodings) {
                client, n in
                let person = n % tokens[client].count
                return ("POST", "/v1/queue/search", tokens[client][person], places[client][person])
            }
        }
        search = searches("POST search", nil)
        searchGzip = searches("POST search, gzip", "gzip")
        searchBrotli = searches("POST search, br", "br, gzip, deflate")
        floorAfter = try floor("floor")

        let machineBefore = CPUSample(postmaster: nil)
        let started = Stopwatch.now()
        let deadline = started + UInt64(options.seconds * 1e9)
        let start = groups
        let results = ThreadGroup.run(clients) { index -> (HTTPTally, LoadAcknowledgements) in
            var worker = HTTPWorker(index: index, port: port, seed: 21)
            worker.run(people: start[index], everyone: everyone, until: deadline)
            return (worker.tally, worker.acknowledged)
        }
        seconds = Double(Stopwatch.now() - started) / 1e9
        machineCores = (CPUSample(postmaster: nil).machine - machineBefore.machine) / seconds
        var tally = HTTPTally(), acknowledged = LoadAcknowledgements()
        for (part, acks) in results {
            tally.merge(part)
            acknowledged.merge(acks)
        }
        self.tally = tally
        self.acknowledged = acknowledged
        serve.stop()
        let roundAfter = CPUSample(postmaster: setting.postmaster)
        let roundSeconds = Double(Stopwatch.now() - roundStarted) / 1e9
        let mine = (roundAfter.benchmark - roundBefore.benchmark) + (roundAfter.cluster - roundBefore.cluster)
        roundCores = (mine / roundSeconds, max(0, roundAfter.machine - roundBefore.machine - mine) / roundSeconds)
        findings = try LoadInvariants.check(store, acknowledged)
    }
}
