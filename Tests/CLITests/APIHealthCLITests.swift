#if canImport(Glibc)
import Glibc
#endif
import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif
import XCTest

/// `GET /healthz` through `slp serve`: 200 `{"status":"ok"}` with no token and nothing else in
/// it; 503 naming the part that fails (`database`, `hub`, `workers`) within a second, and 200 again once it is back; on every backend.
final class APIHealthCLITests: XCTestCase {
    private static let ok = #"{"status":"ok"}"# + "\n"

    private static func unavailable(_ part: String) -> String { #"{"status":"unavailable","failed":[""# + part + #""]}"# + "\n" }

    /// `/healthz` as a load balancer asks it: the answer and how long it took, in seconds.
    private func health(_ server: ServedSLP, token: String? = nil) throws -> (response: HTTPTestClient.Response, seconds: Double) {
        let start = Date()
        let response = try server.client.get("/healthz", token: token)
        return (response, Date().timeIntervalSince(start))
    }

    /// The answer when `part` has just been made to fail: 503 naming it, within a second (each
    /// check has a deadline of its own, so this holds on a slower machine too).
    private func assertFails(_ part: String, _ server: ServedSLP, file: StaticString = #filePath, line: UInt = #line) throws {
        let (response, seconds) = try health(server)
        XCTAssertEqual(response.status, 503, file: file, line: line)
        XCTAssertEqual(response.text, Self.unavailable(part), file: file, line: line)
        XCTAssertLessThan(seconds, 1.0, "answered in \(seconds) s", file: file, line: line)
    }

    private func assertHealthy(_ server: ServedSLP, token: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let (response, _) = try health(server, token: token)
        XCTAssertEqual(response.status, 200, file: file, line: line)
        XCTAssertEqual(response.text, Self.ok, file: file, line: line)
        XCTAssertEqual(response.header("Cache-Control"), "no-store", file: file, line: line)
    }

    func testHealthIsPublicNamesTheDatabaseAndTheHubWhileTheyAreDownAndRecovers() {
        TestBackend.each(self) { backend, database, directory in
            // SQLite: the file in a directory of its own, which is moved away and back. Not
            // chmod: the tests often run as root, whom permission bits do not stop; a path
            // that leads nowhere stops everyone (a fresh open fails), while serve's open
            // descriptors would still read the moved file.
            let dataDirectory = directory.path("data")
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: false)
            var store = backend == .sqlite ? dataDirectory + "/slp.sqlite" : database
            #if PostgreSQL
            // A cluster of this test's own, which it stops and freezes.
            let cluster = try PrivateCluster.owned()
            if backend == .postgreSQL { store = try cluster.freshDatabase() }
            #endif
            let slp = SLPBinary(database: store)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 6200, 0)
            try assertHealthy(server)
            // A token changes nothing: the answer is the same three words, about nobody.
            try assertHealthy(server, token: person.token)
            let post = try server.client.form("POST", "/healthz", token: nil, "")
            XCTAssertEqual(post.status, 405)
            XCTAssertEqual(post.header("Allow"), "GET, HEAD")

            switch backend {
            case .sqlite:
                try FileManager.default.moveItem(atPath: dataDirectory, toPath: dataDirectory + "-away")
                try assertFails("database", server)
                try FileManager.default.moveItem(atPath: dataDirectory + "-away", toPath: dataDirectory)
            #if PostgreSQL
            case .postgreSQL:
                // Frozen: a new connection is taken by the kernel but never answered.
                let postmaster = try XCTUnwrap(cluster.serverProcess)
                kill(postmaster, SIGSTOP)
                do {
                    defer { kill(postmaster, SIGCONT) }
                    try assertFails("database", server)
                }
                try assertHealthy(server)
                // Stopped: nothing listens.
                try cluster.stop()
                do {
                    defer { try? cluster.start() }
                    try assertFails("database", server)
                }
            #endif
            }
            try assertHealthy(server)

            // The hub frozen: it holds its socket but answers nothing.
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            kill(hub, SIGSTOP)
            do {
                defer { kill(hub, SIGCONT) }
                try assertFails("hub", server)
            }
            try assertHealthy(server)
        }
    }

    /// Every worker frozen: the health answerer, which does not wait in line behind them, finds
    /// none answering its probe and says `workers` within a second (timed once each is seen
    /// stopped); 200 once they go on. The health answerer itself frozen: lighttpd gives up on it
    /// at its own deadline, and its answer names `workers` too. Whether workers answer does not
    /// depend on the backend: SQLite only.
    func testEveryWorkerStuckIsNamedWithinASecondAndHealthyAgainOnceTheyGoOn() {
        TestBackend.each(self) { backend, database, directory in
            guard backend == .sqlite else { return }
            let scratch = directory.path("tmp")
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
            let server = try ServedSLP(SLPBinary(database: database, extra: ["TMPDIR": scratch]))
            try assertHealthy(server)
            let workers = ServeProcesses.workers(under: scratch)
            XCTAssertFalse(workers.isEmpty)
            for worker in workers { kill(worker, SIGSTOP) }
            do {
                defer { for worker in workers { kill(worker, SIGCONT) } }
                XCTAssertTrue(workers.allSatisfy(ServeProcesses.awaitStopped))
                try assertFails("workers", server)
            }
            try assertHealthy(server)
            let answerer = try XCTUnwrap(ServeProcesses.healthAnswerer(under: scratch))
            kill(answerer, SIGSTOP)
            defer { kill(answerer, SIGCONT) }
            let (response, _) = try health(server)
            XCTAssertEqual(response.status, 504)
            XCTAssertEqual(response.text, Self.unavailable("workers"))
            XCTAssertEqual(response.header("Cache-Control"), "no-store")
        }
    }

    /// With pushes configured, the push sender is a part: 200 while it runs, 503 `pushes` once
    /// it is gone. serve is frozen meanwhile, so that it does not start the sender again before
    /// the check; let go, it does. Whether the sender runs does not depend on the backend: SQLite only.
    func testThePushSenderIsNamedWhileItIsGone() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let bed = try PushTestBed(database: database)
            let server = try bed.serve()
            let sender = { ServeProcesses.descendants(of: server.process.pid).first { pid in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))?.hasSuffix("/slp-push") == true
            } }
            // The sender takes its lock as it starts: healthy once it has.
            XCTAssertTrue(Polling.until { (try? self.health(server).response.status) == 200 })
            try assertHealthy(server)
            let first = try XCTUnwrap(sender())
            kill(server.process.pid, SIGSTOP)
            do {
                defer { kill(server.process.pid, SIGCONT) }
                kill(first, SIGKILL)
                // Its lock is dropped once it is dead (serve, stopped, reaps it later).
                XCTAssertTrue(ServeProcesses.awaitDead(first))
                try assertFails("pushes", server)
            }
            XCTAssertTrue(Polling.until { (try? self.health(server).response.status) == 200 }, "started again")
        }
    }

    /// A report refused for whom it names reads the same on the command line and through the
    /// API (one wording, `Failure.reporting`). The wording does not depend on the backend: SQLite only.
    func testTheCommandLineAndTheAPIWordARefusedReportAlike() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let me = try APIPerson.register(slp, server.client, block: 6200, 1)
            let stranger = try APIPerson.register(slp, server.client, block: 6200, 2)
            for other in [stranger.uid, "NoSuchUser"] {
                let command = try slp.run("--json", "match", "report", other, "--reason", "rude", "--as", me.uid)
                XCTAssertEqual(command.status, 1, command.stderr)
                let printed = try XCTUnwrap(command.stderr.split(separator: "\n").last)
                let api = try server.client.form("POST", "/v1/user/report", token: me.token, "otheruid=\(other)")
                XCTAssertEqual(try Self.error(Data(printed.utf8))["message"], try Self.error(api.body)["message"], other)
                XCTAssertEqual(try Self.error(Data(printed.utf8))["code"], try Self.error(api.body)["code"], other)
            }
        }
    }

    /// The `error` object of slp's JSON error, its values as text.
    private static func error(_ json: Data) throws -> [String: String] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        return try XCTUnwrap(object["error"] as? [String: Any]).mapValues { "\($0)" }
    }
}
