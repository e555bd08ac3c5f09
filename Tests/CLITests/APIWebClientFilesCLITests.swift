import Foundation
import XCTest

/// The web client's files through `slp serve`'s lighttpd: the page at `/` and its files under
/// `/app/<hash>/`, exactly as the repository holds them, each with its type, the page's
/// Content-Security-Policy, `nosniff` and a cache lifetime its path allows; Debian's Leaflet at
/// `/vendor/leaflet/`; nothing else reachable (no folder listed, no `..` out). These answers do
/// not depend on the backend: one serve on SQLite for the whole class.
final class APIWebClientFilesCLITests: XCTestCase {
    private static let policy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https://tile.openstreetmap.org; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let files = repository.appendingPathComponent("Sources/SLPWebClient/Files")
    private static let leaflet = "/usr/share/javascript/leaflet"

    /// The class's serve, started by the first test that asks and stopped after the last.
    nonisolated(unsafe) private static var shared: (server: ServedSLP, directory: TemporaryDirectory)?

    private func server() throws -> ServedSLP {
        if let shared = Self.shared { return shared.server }
        let directory = try TemporaryDirectory()
        let server = try ServedSLP(SLPBinary(database: directory.path("slp.sqlite")))
        Self.shared = (server, directory)
        return server
    }

    override class func tearDown() {
        shared = nil
        super.tearDown()
    }

    private func get(_ path: String, _ headers: [(String, String)] = []) throws -> HTTPTestClient.Response {
        try server().client.send("GET", path, headers: headers)
    }

    /// The content hash in the page's path of its module.
    private func hash() throws -> String {
        let page = try get("/").text
        let match = try XCTUnwrap(page.firstMatch(of: /"\/app\/([0-9a-f]{16})\/main\.js"/), page)
        return String(match.1)
    }

    private func repositoryFile(_ path: String) throws -> Data {
        try Data(contentsOf: Self.files.appendingPathComponent(path))
    }

    func testThePageIsServedAtTheRootAsHTMLWithItsPolicyAndAskedForAgainEachTime() throws {
        let page = try get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(page.header("Content-Security-Policy"), Self.policy)
        XCTAssertEqual(page.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(page.header("Referrer-Policy"), "no-referrer")
        XCTAssertEqual(page.header("Cache-Control"), "no-cache")
        // The repository's page, its `/app/` references now under the hash.
        let hash = try hash()
        let written = String(decoding: try repositoryFile("index.html"), as: UTF8.self)
        XCTAssertEqual(page.text, written.replacingOccurrences(of: "\"/app/", with: "\"/app/\(hash)/"))
        let head = try server().client.send("HEAD", "/")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(head.body, Data())
    }

    func testTheAppsFilesAreServedUnderTheHashWithTheirTypesToBeKeptForGood() throws {
        let hash = try hash()
        for (path, type) in [("main.js", "text/javascript; charset=utf-8"), ("app.css", "text/css; charset=utf-8")] {
            let file = try get("/app/\(hash)/\(path)")
            XCTAssertEqual(file.status, 200, path)
            XCTAssertEqual(file.header("Content-Type"), type, path)
            XCTAssertEqual(file.header("Cache-Control"), "public, max-age=31536000, immutable", path)
            XCTAssertEqual(file.header("X-Content-Type-Options"), "nosniff", path)
            XCTAssertEqual(file.body, try repositoryFile("app/" + path), path)
        }
    }

    func testLeafletIsServedFromDebiansPackageWithItsTypes() throws {
        for (path, type) in [("leaflet.js", "text/javascript; charset=utf-8"), ("leaflet.css", "text/css; charset=utf-8"), ("images/marker-icon.png", "image/png")] {
            let file = try get("/vendor/leaflet/" + path)
            XCTAssertEqual(file.status, 200, path)
            XCTAssertEqual(file.header("Content-Type"), type, path)
            XCTAssertEqual(file.header("X-Content-Type-Options"), "nosniff", path)
            XCTAssertEqual(file.body, try Data(contentsOf: URL(fileURLWithPath: Self.leaflet + "/" + path)), path)
        }
    }

    func testTextFilesAreCompressedForAClientThatTakesIt() throws {
        let file = try get("/vendor/leaflet/leaflet.js", [("Accept-Encoding", "gzip")])
        XCTAssertEqual(file.status, 200)
        XCTAssertEqual(file.header("Content-Encoding"), "gzip")
        XCTAssertEqual(file.header("Content-Type"), "text/javascript; charset=utf-8")
    }

    func testAFileThatIsNotThereIsNotFoundAndNotKeptForGood() throws {
        let hash = try hash()
        for path in ["/app/\(hash)/nothing.js", "/app/0000000000000000/main.js", "/vendor/leaflet/nothing.js", "/index.html", "/app/main.js", "/favicon.ico"] {
            let answer = try get(path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertNotEqual(answer.header("Cache-Control"), "public, max-age=31536000, immutable", path)
            XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8", path)
        }
    }

    func testNoFolderIsListed() throws {
        let hash = try hash()
        for path in ["/app/\(hash)/", "/app/\(hash)", "/app/", "/vendor/leaflet/", "/vendor/leaflet/images/", "/vendor/"] {
            let answer = try get(path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertFalse(answer.text.contains(".js") || answer.text.contains(".png"), "\(path): \(answer.text)")
        }
    }

    /// Paths that climb out of the files' folders, plainly or encoded, reach nothing of serve's
    /// directory (its configuration, the slp it runs) nor of the machine.
    func testNoPathLeadsOutOfTheFiles() throws {
        let hash = try hash()
        let escapes = [
            "/app/\(hash)/../../lighttpd.conf", "/app/\(hash)/%2e%2e/%2e%2e/lighttpd.conf", "/app/\(hash)/%2E%2E/%2E%2E/root/v1",
            "/app/\(hash)/..%2f..%2flighttpd.conf", "/vendor/leaflet/../../../../../etc/passwd", "/vendor/leaflet/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
            "/vendor/leaflet/..%2f..%2f..%2f..%2fetc%2fpasswd", "/app/\(hash)/%2e%2e%2f%2e%2e%2fv1", "/v1", "/root/v1", "/web/index.html",
        ]
        for path in escapes {
            let answer = try get(path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8", path)
            XCTAssertFalse(answer.text.contains("server.") || answer.text.contains("root:") || answer.text.contains("ELF"), "\(path): \(answer.text)")
        }
    }

    func testTheFilesTakeOnlyGetAndHead() throws {
        let answer = try server().client.form("POST", "/", token: nil, "")
        XCTAssertEqual(answer.status, 405)
        XCTAssertEqual(answer.header("Allow"), "GET, HEAD")
    }

    /// The API's and the hub's answers carry `nosniff` too, and name no referrer.
    func testEveryAnswerForbidsGuessingItsType() throws {
        for path in ["/v1/user", "/socket.io/?EIO=4&transport=polling", "/healthz", "/nothing"] {
            let answer = try get(path)
            XCTAssertEqual(answer.header("X-Content-Type-Options"), "nosniff", path)
            XCTAssertEqual(answer.header("Referrer-Policy"), "no-referrer", path)
        }
    }
}
