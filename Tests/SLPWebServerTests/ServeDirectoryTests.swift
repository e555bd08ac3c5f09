#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPWebClient
@testable import SLPWebServer
import XCTest

final class ServeDirectoryTests: XCTestCase {
    func testLighttpdsFilesAreWrittenWithTheRefusalsWordedByTheCaller() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        XCTAssertTrue(directory.path.hasPrefix("/tmp/slp-serve."))
        let configuration = LighttpdConfiguration(directory: directory, host: "127.0.0.1", port: 1210, passed: [], workers: nil, maxFDs: 1_024)
        try directory.write(configuration) { "\($0.status) \($0.code)" }
        let page = try String(contentsOfFile: directory.errorPagePrefix + "413.html", encoding: .utf8)
        XCTAssertEqual(page, "413 request_too_large\n")
        let script = try String(contentsOfFile: directory.connectionLimit, encoding: .utf8)
        XCTAssertTrue(script.contains("return refuse(429, [==[429 too_many_connections]==])"), script)
        let sizes = try String(contentsOfFile: directory.requestSize, encoding: .utf8)
        XCTAssertTrue(sizes.contains("return refuse(414, [==[414 uri_too_long]==])"), sizes)
        XCTAssertEqual(try String(contentsOfFile: directory.configuration, encoding: .utf8), configuration.text)
    }

    /// Without Debian's Leaflet the files are written all the same (the API serves on) and serve
    /// learns the map is missing; with it, `vendor/leaflet` leads there.
    func testTheWebClientIsWrittenWithLeafletWhereItIs() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        let files = [WebClientFile(path: "index.html", bytes: Array("page".utf8)), WebClientFile(path: "app/0123/views/chat.js", bytes: Array("js".utf8))]
        XCTAssertFalse(try directory.write(webClient: files, leaflet: directory.path + "/no-leaflet"))
        XCTAssertEqual(FileManager.default.contents(atPath: directory.web + "/app/0123/views/chat.js"), Data("js".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.web + "/vendor"))

        let other = try ServeDirectory(temporaryDirectory: nil)
        defer { other.remove() }
        let leaflet = other.path + "/leaflet"
        try FileManager.default.createDirectory(atPath: leaflet, withIntermediateDirectories: false)
        XCTAssertTrue(FileManager.default.createFile(atPath: leaflet + "/leaflet.js", contents: Data("L".utf8)))
        XCTAssertTrue(try other.write(webClient: files, leaflet: leaflet))
        XCTAssertEqual(FileManager.default.contents(atPath: other.web + "/vendor/leaflet/leaflet.js"), Data("L".utf8))
    }

    func testRemovingTakesTheWholeDirectory() throws {
        let directory = try ServeDirectory(temporaryDirectory: "/tmp/")
        directory.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }

    func testATemporaryDirectoryNoConfigurationCanHoldFallsBackToTmp() throws {
        let directory = try ServeDirectory(temporaryDirectory: "/tmp/it's")
        defer { directory.remove() }
        XCTAssertTrue(directory.path.hasPrefix("/tmp/slp-serve."))
    }

    func testAMissingTemporaryDirectorySaysWhere() {
        XCTAssertThrowsError(try ServeDirectory(temporaryDirectory: "/nonexistent")) { error in
            XCTAssertEqual((error as? ServeError)?.message, "cannot make a directory in /nonexistent: No such file or directory")
        }
    }
}
