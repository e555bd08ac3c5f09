import SLPRealtime
import SLPTestSupport
import XCTest

final class WebSocketReaderTests: XCTestCase {
    private func read(_ bytes: [UInt8], max: Int = 1_024) throws(WebSocketFailure) -> [WebSocketMessage] {
        var reader = WebSocketReader(maxMessageBytes: max)
        reader.append(bytes)
        var messages: [WebSocketMessage] = []
        while let message = try reader.next() { messages.append(message) }
        return messages
    }

    private func failure(_ bytes: [UInt8], max: Int = 1_024) -> WebSocketFailure? {
        do {
            _ = try read(bytes, max: max)
            return nil
        } catch {
            return error
        }
    }

    func testAMaskedTextFrameIsItsText() throws {
        XCTAssertEqual(try read(clientFrame(0x1, Array("40안녕".utf8))), [.text("40안녕")])
    }

    func testFragmentsJoinWithAPingBetweenThemAnsweredFirst() throws {
        let bytes = clientFrame(0x1, Array("42[\"ch".utf8), fin: false) + clientFrame(0x9, [1, 2])
            + clientFrame(0x0, Array("at\",1".utf8), fin: false) + clientFrame(0x0, Array("]".utf8))
        XCTAssertEqual(try read(bytes), [.ping([1, 2]), .text("42[\"chat\",1]")])
    }

    func testBytesArrivingOneByOneGiveTheSameMessagesOnceEach() throws {
        let bytes = clientFrame(0x1, Array("first".utf8)) + clientFrame(0x2, Array(repeating: 7, count: 300)) + clientFrame(0xA, [])
        var reader = WebSocketReader(maxMessageBytes: 1_024)
        var messages: [WebSocketMessage] = []
        for byte in bytes {
            reader.append([byte])
            while let message = try reader.next() { messages.append(message) }
        }
        XCTAssertEqual(messages, [.text("first"), .binary(Array(repeating: 7, count: 300)), .pong([])])
        XCTAssertEqual(reader.bufferedBytes, 0)
    }

    func testACharacterSplitAcrossFragmentsIsWhole() throws {
        let word = Array("새싹".utf8)
        XCTAssertEqual(try read(clientFrame(0x1, Array(word[..<2]), fin: false) + clientFrame(0x0, Array(word[2...]))), [.text("새싹")])
    }

    func testAnUnmaskedFrameIsAProtocolError() {
        XCTAssertEqual(failure(clientFrame(0x1, [0x41], masked: false))?.code, .protocolError)
    }

    func testReservedBitsAndOpcodesAreProtocolErrors() {
        XCTAssertEqual(failure(clientFrame(0x1, [0x41], rsv: 4))?.code, .protocolError)
        XCTAssertEqual(failure(clientFrame(0x3, [0x41]))?.code, .protocolError)
        XCTAssertEqual(failure(clientFrame(0xB, []))?.code, .protocolError)
    }

    func testControlFramesAreShortAndWhole() {
        XCTAssertEqual(failure(clientFrame(0x9, Array(repeating: 0, count: 126)))?.code, .protocolError)
        XCTAssertEqual(failure(clientFrame(0x9, [], fin: false))?.code, .protocolError)
    }

    func testContinuationsOutOfPlaceAreProtocolErrors() {
        XCTAssertEqual(failure(clientFrame(0x0, [0x41]))?.code, .protocolError)
        XCTAssertEqual(failure(clientFrame(0x1, [0x41], fin: false) + clientFrame(0x1, [0x42]))?.code, .protocolError)
    }

    func testALengthNotInItsShortestFormIsAProtocolError() {
        XCTAssertEqual(failure(clientFrame(0x1, [0x41], lengthForm: 2))?.code, .protocolError)
        XCTAssertEqual(failure(clientFrame(0x1, Array(repeating: 0x41, count: 200), lengthForm: 8))?.code, .protocolError)
    }

    /// The header alone refuses a frame longer than a message may be: its bytes are never kept.
    func testAnOversizedFrameIsRefusedByItsHeader() {
        let header = Array(clientFrame(0x2, Array(repeating: 0, count: 5_000)).prefix(8))
        XCTAssertEqual(failure(header, max: 4_096)?.code, .messageTooBig)
    }

    func testFragmentsTogetherLongerThanAMessageAreTooBig() {
        let bytes = clientFrame(0x1, Array(repeating: 0x41, count: 600), fin: false) + clientFrame(0x0, Array(repeating: 0x41, count: 600))
        XCTAssertEqual(failure(bytes)?.code, .messageTooBig)
    }

    func testTextThatIsNotUTF8IsInvalidPayload() {
        XCTAssertEqual(failure(clientFrame(0x1, [0x34, 0xC3, 0x28]))?.code, .invalidPayload)
    }

    func testCloseFramesGiveTheirCodeAndReason() throws {
        XCTAssertEqual(try read(clientFrame(0x8, [0x03, 0xE8] + Array("bye".utf8))), [.close(code: 1000, reason: "bye")])
        XCTAssertEqual(try read(clientFrame(0x8, [])), [.close(code: nil, reason: "")])
    }

    func testMalformedCloseFramesAreRefused() {
        XCTAssertEqual(failure(clientFrame(0x8, [0x03]))?.code, .protocolError)
        XCTAssertEqual(failure(clientFrame(0x8, [0x03, 0xED]))?.code, .protocolError, "1005 is never sent")
        XCTAssertEqual(failure(clientFrame(0x8, [0x03, 0xE8, 0xFF]))?.code, .invalidPayload)
    }
}
