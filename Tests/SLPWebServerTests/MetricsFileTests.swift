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
        XCTAssertEqual(requests.take("GET /v1/chat/someUid 401 1500"), "GET /v1/chat/someUid 401 1 ms")
        _ = requests.take("POST /v1/chat/otherUid 200 700")
        _ = requests.take("GET /v1/chat/someUid 401 20000000")
        _ = requests.take("GET /wp-admin/x 404 100")
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
        XCTAssertEqual(requests.take("GET /v1/user 200 ms"), "GET /v1/user 200 ms")
        XCTAssertEqual(requests.take("GET /a path with spaces 404 2000"), "GET /a path with spaces 404 2 ms")
        XCTAssertEqual(try MetricsFile(path: path).requestPairs().map(\.route), ["other"])
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
