@testable import SLPWebServer
import XCTest

final class LighttpdConfigurationTests: XCTestCase {
    func testHostsAreLiteralsOrPlainNames() {
        for host in ["127.0.0.1", "::1", "example.org", "my-host"] { XCTAssertTrue(LighttpdConfiguration.isValidHost(host), host) }
        for host in ["", "a b", "x\"y", "ü.example", String(repeating: "a", count: 254)] {
            XCTAssertFalse(LighttpdConfiguration.isValidHost(host), host)
        }
    }

    func testWorkersAnswerTheAPIOnlyWhenThereAreAny() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        let scgi = LighttpdConfiguration(directory: directory, host: "::1", port: 1210, passed: ["SLP_DB"], workers: 4, maxFDs: 1_024).text
        XCTAssertTrue(scgi.contains("(\"socket\" => \"\(directory.workerSocket)-3\", \"check-local\" => \"disable\"),"), scgi)
        XCTAssertTrue(scgi.contains("server.use-ipv6 = \"enable\""), scgi)
        XCTAssertTrue(scgi.contains("setenv.add-environment = (\"SLP_DB\" => env.SLP_DB)"), scgi)
        XCTAssertTrue(scgi.contains("server.max-connections = 480"), scgi)
        let cgi = LighttpdConfiguration(directory: directory, host: "127.0.0.1", port: 1210, passed: [], workers: nil, maxFDs: 1_024).text
        XCTAssertFalse(cgi.contains("scgi.server"), cgi)
        XCTAssertFalse(cgi.contains("use-ipv6"), cgi)
    }

    /// `/healthz` goes to the health answerer's socket alone, with lighttpd's deadlines, and
    /// lighttpd's own answer when that does not answer says `workers`; the connection limit's
    /// script is written with the configuration's limit.
    func testHealthGoesToTheHealthAnswererAndSaysWorkersWhenItDoesNotAnswer() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        var configuration = LighttpdConfiguration(directory: directory, host: "127.0.0.1", port: 1210, passed: [], workers: 2, maxFDs: 1_024)
        configuration.connectionsPerAddress = 7
        let text = configuration.text
        XCTAssertTrue(text.contains("$HTTP[\"url\"] =~ \"^/healthz/?$\" {"), text)
        XCTAssertTrue(text.contains("server.errorfile-prefix = \"\(directory.healthErrorPagePrefix)\""), text)
        XCTAssertTrue(text.contains("setenv.set-response-header = (\"Cache-Control\" => \"no-store\")"), text)
        XCTAssertTrue(
            text.contains(
                "  scgi.server = (\"/\" => ((\"socket\" => \"\(directory.healthSocket)\", \"connect-timeout\" => 1, \"write-timeout\" => 1, \"read-timeout\" => 1, \"check-local\" => \"disable\")))"),
            text)
        XCTAssertFalse(text.contains("\(directory.workerSocket)-2"), text)
        try directory.write(configuration) { "\($0.status)" }
        for status in [502, 503, 504] {
            let page = try String(contentsOfFile: directory.healthErrorPagePrefix + "\(status).html", encoding: .utf8)
            XCTAssertEqual(page, #"{"status":"unavailable","failed":["workers"]}"# + "\n")
        }
        let script = try String(contentsOfFile: directory.connectionLimit, encoding: .utf8)
        XCTAssertTrue(script.contains("local limit = 7\n"), script)
    }

    /// lighttpd refuses the graceful restart that serves renewed certificates while it runs
    /// programs of its own (`bin-path`): it never does, the workers are serve's, one socket each.
    func testTheWorkersAreServesSoLighttpdCanRestartInTheBackground() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        let tls = TLSFiles(certificate: "/etc/slp/cert.pem", key: "/etc/slp/key.pem", check: { nil })
        let configuration = LighttpdConfiguration(
            directory: directory, host: "127.0.0.1", port: 443, passed: ["SLP_DB"], workers: 2, maxFDs: 1_024, tls: tls)
        let text = configuration.text
        XCTAssertFalse(text.contains("bin-path"), text)
        XCTAssertEqual(configuration.workerLines.filter { $0.contains("\"check-local\" => \"disable\"),") }.count, 2, text)
        XCTAssertTrue(text.contains("(\"socket\" => \"\(directory.path)/scgi-1\""), text)
        XCTAssertTrue(text.contains("\"server.graceful-restart-bg\" => \"enable\""), text)
        XCTAssertTrue(text.contains("ssl.openssl.ssl-conf-cmd = (\"MinProtocol\" => \"TLSv1.2\""), text)
    }

    /// lighttpd never bounds a stop's drain, with TLS or without: serve does (`ServeStopping`), as
    /// the generation a certificate reload leaves behind would take lighttpd's bound as its own.
    func testAStopIsBoundedByServeWithOrWithoutTLS() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        let tls = TLSFiles(certificate: "/etc/slp/cert.pem", key: "/etc/slp/key.pem", check: { nil })
        for files in [nil, tls] {
            let text = LighttpdConfiguration(directory: directory, host: "127.0.0.1", port: 443, passed: [], workers: 2, maxFDs: 1_024, tls: files).text
            XCTAssertEqual(text.components(separatedBy: "\"server.graceful-shutdown-timeout\" => 0)\n").count, 2, text)
        }
    }
}
