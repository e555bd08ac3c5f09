import Foundation
import SLPTestSupport

/// A real Prometheus server (Debian's `prometheus`) started by a test: scraping one target every
/// `scrapeInterval`, its storage in a temporary directory of its own, its HTTP API on a free
/// port of 127.0.0.1; ready once `/-/ready` answers 200; stopped with SIGTERM.
final class PrometheusServer {
    static let program = "/usr/bin/prometheus"
    static let promtool = "/usr/bin/promtool"
    /// The scrape interval of the test's configuration: docs/DEPLOY.md shows the same file
    /// with 15 s, Prometheus' usual.
    static let scrapeInterval = "1s"

    let port: Int
    private let process = Process()
    private let directory: TemporaryDirectory

    /// The scrape configuration of docs/DEPLOY.md's "Metrics", for a target on `metricsPort`.
    static func configuration(metricsPort: Int, interval: String = scrapeInterval) -> String {
        """
        global:
          scrape_interval: \(interval)
        rule_files:
          - slp-alerts.yml
        scrape_configs:
          - job_name: slp
            static_configs:
              - targets: ["127.0.0.1:\(metricsPort)"]

        """
    }

    /// Starts one scraping `metricsPort` with `alerts`, the rules file the configuration names.
    init(scraping metricsPort: Int, alerts: String = "groups: []\n") throws {
        for tool in [Self.program, Self.promtool] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw MissingTool(name: "\(tool) (prometheus)")
        }
        directory = try TemporaryDirectory()
        port = try HTTPTestClient.freePort()
        let configuration = directory.path("prometheus.yml")
        try Self.configuration(metricsPort: metricsPort).write(toFile: configuration, atomically: true, encoding: .utf8)
        try alerts.write(toFile: directory.path("slp-alerts.yml"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: Self.program)
        process.arguments = [
            "--config.file=\(configuration)", "--storage.tsdb.path=\(directory.path("data"))",
            "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let client = HTTPTestClient(port: port)
        guard Polling.until(every: 0.1, { (try? client.get("/-/ready", token: nil))?.status == 200 || !process.isRunning }), process.isRunning else {
            throw HTTPTestError("prometheus did not start")
        }
    }

    /// The value of an instant PromQL query giving one sample; nil when it gives none.
    func value(of query: String) throws -> Double? {
        guard let samples = try result(of: query).first, let pair = samples["value"] as? [Any], let text = pair.last as? String else { return nil }
        return Double(text)
    }

    /// The samples of an instant query (`/api/v1/query`), each with its `metric` labels and `value`.
    func result(of query: String) throws -> [[String: Any]] {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        let response = try HTTPTestClient(port: port).get("/api/v1/query?query=\(encoded)", token: nil)
        guard response.status == 200, let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let data = object["data"] as? [String: Any], let result = data["result"] as? [[String: Any]]
        else { throw HTTPTestError("prometheus answered \(response.status): \(response.text)") }
        return result
    }

    /// `promtool check metrics` on `page`: its exit status and what it printed.
    static func check(_ page: String) throws -> (status: Int32, output: String) {
        try promtool(["check", "metrics"], stdin: page)
    }

    /// `promtool arguments…`: its exit status and what it printed.
    static func promtool(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, output: String) {
        let outcome = try TimedProcess.run([promtool] + arguments, environment: ["PATH": "/usr/bin:/bin"], stdin: stdin.map { Data($0.utf8) })
        return (outcome.status, outcome.stdoutText + outcome.stderrText)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
