@testable import SLPWebServer
import Foundation
import XCTest

final class MetricsFileTests: XCTestCase {
    private var path = ""

    override func setUp() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("slp-metrics-\(UUID().uuidString)").path
    }

    override func tearDown() {
        unlink(path)
    }

    func testRequestsCountedByOneMappingAreReadByAnother() throws {
        let requests = RequestMetrics(file: try MetricsFile(path: path))
        XCTAssertEqual(requests.take("401 1500 GET /v1/chat/someUid HTTP/1.1"), "GET /v1/chat/someUid 401 1 ms")
        _ = requests.take("200 700 POST /v1/chat/otherUid?lastchatDate=x HTTP/2.0")
        _ = requests.take("401 20000000 GET /v1/chat/someUid HTTP/1.1")
        _ = requests.take("404 100 GET /wp-admin/x HTTP/1.1")
        let reader = try MetricsFile(path: path)
        let pairs = reader.requestPairs().map { "\($0.route) \($0.status) \($0.count)" }
        XCTAssertEqual(pairs, ["/v1/chat/{uid} 401 2", "/v1/chat/{uid} 200 1", "other 404 1"])
        let chat = try XCTUnwrap(reader.routeLatencies().first)
        XCTAssertEqual(chat.route, "/v1/chat/{uid}")
        XCTAssertEqual(chat.count, 3)
        XCTAssertEqual(chat.sumMicroseconds, 20_002_200)
        // 0.7 ms and 1.5 ms in their buckets; 20 s above the last one (only in the count).
        XCTAssertEqual(chat.buckets, [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    func testAccessLinesOfAnotherShapeAreLeftUncounted() throws {
        let requests = RequestMetrics(file: try MetricsFile(path: path))
        XCTAssertEqual(requests.take("lighttpd said something"), "lighttpd said something")
        XCTAssertEqual(requests.take("200 ms GET /v1/user HTTP/1.1"), "200 ms GET /v1/user HTTP/1.1")
        XCTAssertEqual(requests.take("404 2000 GET /a path with spaces?q=a b HTTP/1.1"), "GET /a path with spaces 404 2 ms")
        // A request line lighttpd could not read (431: headers too large) is empty.
        XCTAssertEqual(requests.take("431 53   "), "  431 0 ms")
        XCTAssertEqual(try MetricsFile(path: path).requestPairs().map { "\($0.route) \($0.status)" }, ["other 404", "other 431"])
    }

    func testAWorkerSlotIsReusedOnlyOnceItsProcessIsGone() throws {
        let file = try MetricsFile(path: path)
        XCTAssertEqual(file.claimWorkerSlot(pid: getpid()), .worker(0))
        file.set(.busy, of: .worker(0), to: 1)
        // A pid no process has (beyond the kernel's largest).
        file.register(.worker(1), pid: 4_194_304 + 1)
        XCTAssertEqual(file.claimWorkerSlot(pid: getppid()), .worker(1), "the gone process's slot")
        XCTAssertEqual(file.value(.busy, of: .worker(1)), 0)
        XCTAssertEqual(try MetricsFile(path: path).value(.busy, of: .worker(0)), 1, "seen through another mapping")
    }

    func testAFileOfAnotherKindIsRefused() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: MetricsFile.size)))
        XCTAssertThrowsError(try MetricsFile(path: path))
    }
}
