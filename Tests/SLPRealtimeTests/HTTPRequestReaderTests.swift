import SLPRealtime
import XCTest

final class HTTPRequestReaderTests: XCTestCase {
    private func reader() -> HTTPRequestReader { HTTPRequestReader(maxHeadBytes: 1_024, maxBodyBytes: 64) }

    private func failure(_ text: String) -> HTTPRequestReader.Failure? {
        var reader = reader()
        reader.append(Array(text.utf8))
        do {
            _ = try reader.next()
            return nil
        } catch {
            return error
        }
    }

    func testAPollHeadGivesItsPathQueryAndHeaders() throws {
        var reader = reader()
        reader.append(Array("GET /socket.io/?EIO=4&transport=polling&t=Nx1 HTTP/1.1\r\nHost: x\r\nIdToken:  abc \r\n\r\n".utf8))
        let request = try XCTUnwrap(try reader.next())
        XCTAssertEqual(request.head.path, "/socket.io/")
        XCTAssertEqual(request.head.parameter("transport"), "polling")
        XCTAssertEqual(request.head.header("idtoken"), "abc")
        XCTAssertEqual(request.body, [])
    }

    func testABodyArrivingInPiecesIsWholeAndTheNextRequestWaits() throws {
        var reader = reader()
        let text = "POST /socket.io/?sid=a HTTP/1.1\r\nContent-Length: 5\r\n\r\n40abcGET /x HTTP/1.1\r\n\r\n"
        var requests: [(head: HTTPRequestHead, body: [UInt8])] = []
        for byte in text.utf8 {
            reader.append([byte])
            while let request = try reader.next() { requests.append(request) }
        }
        XCTAssertEqual(requests.map(\.head.method), ["POST", "GET"])
        XCTAssertEqual(requests.first?.body, Array("40abc".utf8))
    }

    func testAnUpgradeKeepsTheBytesThatFollowItsHead() throws {
        var reader = reader()
        reader.append(Array("GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nUpgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\n\r\n".utf8) + [0x81, 0x80])
        let request = try XCTUnwrap(try reader.next())
        XCTAssertTrue(request.head.isWebSocketUpgrade)
        XCTAssertEqual(reader.takeRest(), [0x81, 0x80])
    }

    func testOversizedHeadsAndBodiesAreRefusedBeforeTheyAreWhole() {
        XCTAssertEqual(failure("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 2_000))?.status, 431)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nContent-Length: 65\r\n\r\n")?.status, 413)
    }

    func testMalformedHeadsAreBadRequests() {
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")?.status, 400)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n")?.status, 400)
        XCTAssertEqual(failure("GET /\r\n\r\n")?.status, 400)
        XCTAssertEqual(failure("GET / HTTP/1.1\r\nNo colon\r\n\r\n")?.status, 400)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n")?.status, 411)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n")?.status, 400)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")?.status, 400)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n")?.status, 400)
    }

    /// lighttpd streams a body sent in chunks on in chunks: read as they come, whole once the
    /// last (empty) chunk and the trailer are in.
    func testAChunkedBodyArrivingInPiecesIsDecodedWhole() throws {
        var reader = reader()
        let text = "POST /socket.io/?sid=a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2;x=1\r\n40\r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\nGET /x HTTP/1.1\r\n\r\n"
        var requests: [(head: HTTPRequestHead, body: [UInt8])] = []
        for byte in text.utf8 {
            reader.append([byte])
            while let request = try reader.next() { requests.append(request) }
        }
        XCTAssertEqual(requests.map(\.head.method), ["POST", "GET"])
        XCTAssertEqual(requests.first?.body, Array("400123456789".utf8))
    }

    /// The head is there before the body: a request can be refused on it alone, and a body in
    /// chunks is refused as soon as a chunk's size would take it past the bound, before its data.
    func testTheHeadComesFirstAndChunksPastTheBoundAreRefusedAtTheirSize() throws {
        var reader = reader()
        reader.append(Array("POST /v1/events HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3c\r\n".utf8))
        XCTAssertEqual(try reader.readHead()?.path, "/v1/events")
        XCTAssertNil(try reader.readBody())
        reader.append(Array(repeating: 0x61, count: 60) + Array("\r\n5\r\n".utf8))
        XCTAssertThrowsError(try reader.readBody()) { XCTAssertEqual(($0 as? HTTPRequestReader.Failure)?.status, 413) }
    }
}
