import Foundation
import SLPTestSupport
import XCTest

/// `slp serve --metrics [ADDRESS:]PORT`: Prometheus' text format on a listener of its own (off by
/// default, loopback unless an address is given), which `promtool check metrics` accepts and a
/// real Prometheus scrapes: requests counted by route template (never a uid), the `process_*`
/// metrics of every slp process; the API's port has no /metrics and the metrics port no API.
final class APIMetricsCLITests: XCTestCase {
    /// One serve with metrics per backend, shared by the class's tests (each uses routes of its
    /// own, so their counts do not mix), with a Prometheus scraping it once a test asks for one.
    private final class Served {
        let directory: TemporaryDirectory
        let database: String
        let server: ServedSLP
        let metricsPort: Int
        /// A fake FCM, so that serve runs its push sender too.
        let pushes: PushTestBed
        var prometheus: PrometheusServer?

        init(_ backend: TestBackend) throws {
            directory = try TemporaryDirectory()
            database = try backend.freshStore(in: directory)
            let slp = SLPBinary(database: database)
            metricsPort = try HTTPTestClient.freePort()
            pushes = try PushTestBed(database: database)
            server = try ServedSLP(slp, environment: pushes.serveEnvironment, options: ["--metrics", String(metricsPort)])
        }

        var metrics: HTTPTestClient { HTTPTestClient(port: metricsPort) }

        /// The value of the page's sample `series` (its name and labels as the page writes them).
        func sample(_ series: String) throws -> Double? {
            let page = try metrics.get("/metrics", token: nil).text
            return page.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.dropFirst(series.count + 1)) }
        }

        /// A Prometheus scraping the serve, with docs/DEPLOY.md's alerts loaded.
        func scraped() throws -> PrometheusServer {
            if let prometheus { return prometheus }
            let started = try PrometheusServer(scraping: metricsPort, alerts: try DeployDocs.block(containing: "/etc/prometheus/slp-alerts.yml"))
            prometheus = started
            return started
        }
    }

    nonisolated(unsafe) private static let served = PerBackend(Served.init)

    override class func tearDown() {
        served.removeAll()
        super.tearDown()
    }

    private func served(_ backend: TestBackend) throws -> Served {
        try Self.served(backend)
    }

    func testPrometheusScrapesTheCountOfRequestsToOneRoute() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let requests = 7
            for _ in 0..<requests { XCTAssertEqual(try served.server.client.get("/v1/user/shop/myinfo", token: nil).status, 401) }
            let prometheus = try served.scraped()
            let query = #"sum(slp_http_requests_total{route="/v1/user/shop/myinfo"})"#
            var seen: Double?
            // Scraped every second: polled until the count arrives, never a fixed wait.
            let arrived = Polling.until(every: 0.2) {
                seen = try? prometheus.value(of: query)
                return seen == Double(requests)
            }
            XCTAssertTrue(arrived, "\(query) gave \(seen.map { "\($0)" } ?? "nothing"), not \(requests)")
        }
    }

    func testRouteLabelsAreTemplatesNeverUids() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let uids = ["metricsUid0000000000000000001", "metricsUid0000000000000000002"]
            for uid in uids { _ = try served.server.client.get("/v1/chat/\(uid)", token: nil) }
            _ = try served.server.client.form("POST", "/v1/queue/rate/\(uids[0])", token: nil, "")
            let prometheus = try served.scraped()
            var routes: [String] = []
            let arrived = Polling.until(every: 0.2) {
                routes = ((try? prometheus.result(of: "group by (route) (slp_http_requests_total)")) ?? []).compactMap {
                    ($0["metric"] as? [String: String])?["route"]
                }
                return routes.contains("/v1/chat/{uid}") && routes.contains("/v1/queue/rate/{uid}")
            }
            XCTAssertTrue(arrived, "the templates were not scraped: \(routes)")
            for uid in uids { XCTAssertFalse(routes.contains { $0.contains(uid) }, "a route label holds a uid: \(routes)") }
        }
    }

    func testMetricsPagePassesPromtool() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            _ = try served.server.client.get("/v1/queue/myQueueState", token: nil)
            let page = try served.metrics.get("/metrics", token: nil)
            XCTAssertEqual(page.status, 200, page.text)
            XCTAssertEqual(page.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
            let check = try PrometheusServer.check(page.text)
            XCTAssertEqual(check.status, 0, check.output + "\n" + page.text)
        }
    }

    func testProcessMetricsNameServeLighttpdTheHubThePushSenderAndEachWorker() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            // slp-push and the health answerer claim their slots as they start, maybe a moment
            // after serve answers: polled.
            var page = ""
            _ = Polling.until(every: 0.2) {
                page = (try? served.metrics.get("/metrics", token: nil).text) ?? ""
                return page.contains(#"slp_database_retries_total{process="push"}"#) && page.contains(#"process_start_time_seconds{process="health"}"#)
            }
            let labels = page.split(separator: "\n").filter { $0.hasPrefix("process_start_time_seconds{") }.map {
                $0.split(separator: "\"")[1]
            }
            let workers = labels.filter { $0.hasPrefix("worker-") }
            XCTAssertEqual(Set(labels.filter { !$0.hasPrefix("worker-") }), ["serve", "lighttpd", "hub", "health", "push"], page)
            // Numbers only slp-push writes: its slot is its own, not one serve fills in for it.
            XCTAssertTrue(page.contains(#"slp_database_retries_total{process="push"} 0"#), page)
            let busy = page.split(separator: "\n").first { $0.hasPrefix(#"slp_workers{state="busy"}"#) }
            let idle = page.split(separator: "\n").first { $0.hasPrefix(#"slp_workers{state="idle"}"#) }
            let running = [busy, idle].compactMap { $0?.split(separator: " ").last.flatMap { Int($0) } }.reduce(0, +)
            XCTAssertTrue(!workers.isEmpty && running == workers.count, "workers \(workers), busy and idle: \(running)\n\(page)")
        }
    }

    func testWaitingUsersAreThePeopleInTheQueue() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let slp = SLPBinary(database: served.database)
            let person = try APIPerson.register(slp, served.server.client, block: 5710, 0)
            XCTAssertEqual(try served.server.client.form("POST", "/v1/queue", token: person.token, "lat=37.5665&long=126.978&studylist=anything").status, 200)
            // The hub reads the count every few seconds: polled, never a fixed wait.
            var seen: Double?
            let counted = Polling.until(every: 0.2) {
                seen = try? served.sample("slp_waiting_users")
                return seen == 1
            }
            XCTAssertTrue(counted, "slp_waiting_users: \(seen.map { "\($0)" } ?? "none")")
        }
    }

    func testAHeldLongPollIsCountedByTheHub() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let slp = SLPBinary(database: served.database)
            let person = try APIPerson.register(slp, served.server.client, block: 5711, 0)
            let poll = WebSocketTestClient(descriptor: try served.server.client.connect())
            poll.send("GET /v1/events?since=0&wait=60 HTTP/1.1\r\nHost: slp\r\nidtoken: \(person.token)\r\n\r\n")
            var seen: Double?
            let counted = Polling.until(every: 0.2) {
                seen = try? served.sample("slp_hub_long_polls")
                return seen == 1
            }
            XCTAssertTrue(counted, "slp_hub_long_polls: \(seen.map { "\($0)" } ?? "none")")
            withExtendedLifetime(poll) {}
        }
    }

    /// Serve's clock is SLPBinary's fixed `SLP_NOW`, days before the real time: deliveries are
    /// still timed in real time, so each is in a finite bucket.
    func testEventsDeliveredByTheHubAreTimedInRealTime() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let slp = SLPBinary(database: served.database)
            let (a, b) = try APIPerson.matched(slp, served.server.client, block: 5712, 0)
            var seen: Double?
            let timed = Polling.until(every: 0.2) {
                seen = try? served.sample("slp_event_delivery_seconds_count")
                return (seen ?? 0) >= 2
            }
            XCTAssertTrue(timed, "slp_event_delivery_seconds_count: \(seen.map { "\($0)" } ?? "none")")
            let before = try XCTUnwrap(seen)
            _ = try a.send(served.server.client, to: b, "hello")
            let chatTimed = Polling.until(every: 0.2) {
                seen = try? served.sample("slp_event_delivery_seconds_count")
                return seen == before + 1
            }
            XCTAssertTrue(chatTimed, "slp_event_delivery_seconds_count: \(seen.map { "\($0)" } ?? "none"), not \(before + 1)")
            XCTAssertEqual(try served.sample(#"slp_event_delivery_seconds_bucket{le="10"}"#), before + 1, "every delivery within 10 s")
        }
    }

    func testDeployDocsScrapeConfigurationAndAlertsAreTheTestsAndPassPromtool() throws {
        TestBackend.each(self) { backend, _, directory in
            // Files checked by promtool: the same on every backend.
            guard backend == .sqlite else { return }
            let configuration = try DeployDocs.block(containing: "/etc/prometheus/prometheus.yml")
            XCTAssertEqual(
                configuration.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n",
                PrometheusServer.configuration(metricsPort: 9210, interval: "15s"), "docs/DEPLOY.md's scrape configuration is the test's")
            try configuration.write(toFile: directory.path("prometheus.yml"), atomically: true, encoding: .utf8)
            try DeployDocs.block(containing: "/etc/prometheus/slp-alerts.yml").write(toFile: directory.path("slp-alerts.yml"), atomically: true, encoding: .utf8)
            let check = try PrometheusServer.promtool(["check", "config", directory.path("prometheus.yml")])
            XCTAssertEqual(check.status, 0, check.output)
            XCTAssertTrue(check.output.contains("3 rules found"), check.output)
        }
    }

    func testEachListenerAnswersOnlyItsOwnPaths() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let apiMetrics = try served.server.client.get("/metrics", token: nil)
            XCTAssertEqual(apiMetrics.status, 404, apiMetrics.text)
            XCTAssertFalse(apiMetrics.text.contains("slp_http"), apiMetrics.text)
            for path in ["/v1/user", "/socket.io/?EIO=4&transport=polling", "/v1/events", "/metrics/x"] {
                let answer = try served.metrics.get(path, token: nil)
                XCTAssertEqual(answer.status, 403, "\(path): \(answer.text)")
            }
        }
    }

    func testMetricsListenOnLoopbackBesideTheAPI() throws {
        TestBackend.each(self) { backend, _, _ in
            let served = try served(backend)
            let lighttpd = try XCTUnwrap(ListeningSockets.child(of: served.server.process.pid, named: "lighttpd"))
            XCTAssertEqual(ListeningSockets.of(pid: lighttpd), ["127.0.0.1:\(served.server.port)", "127.0.0.1:\(served.metricsPort)"])
        }
    }

    func testNoMetricsListenerByDefault() throws {
        TestBackend.each(self) { backend, database, _ in
            // Which listeners lighttpd opens does not depend on the backend.
            guard backend == .sqlite else { return }
            let server = try ServedSLP(SLPBinary(database: database))
            let lighttpd = try XCTUnwrap(ListeningSockets.child(of: server.process.pid, named: "lighttpd"))
            XCTAssertEqual(ListeningSockets.of(pid: lighttpd), ["127.0.0.1:\(server.port)"])
        }
    }

    func testBadMetricsValuesAreUsageErrors() throws {
        TestBackend.each(self) { backend, database, _ in
            // Checked before the database is opened: the same on every backend.
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            for value in ["0", "65536", "port", "127.0.0.1:", "bad'host:9210", "[::1]:x", "1210"] {
                let result = try slp.run("serve", "--port", "1210", "--metrics", value)
                XCTAssertEqual(result.status, 64, "\(value): \(result.stderr)")
                // The error's one line, then the usage lines every usage error has.
                XCTAssertTrue(result.stderr.hasPrefix("Error: --metrics: "), "\(value): \(result.stderr)")
                XCTAssertTrue(result.stderr.split(separator: "\n").dropFirst().allSatisfy { !$0.hasPrefix("Error") }, "\(value): \(result.stderr)")
            }
        }
    }
}
