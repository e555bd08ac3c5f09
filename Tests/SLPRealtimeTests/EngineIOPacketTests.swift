import SLPRealtime
import XCTest

final class EngineIOPacketTests: XCTestCase {
    func testTheOpenPacketNamesTheSessionAndItsHeartbeat() {
        let open = EngineIOPacket.open(sid: "abc", upgrades: ["websocket"], pingInterval: 25_000, pingTimeout: 20_000, maxPayload: 65_536)
        XCTAssertEqual(open.encoded, #"0{"sid":"abc","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000,"maxPayload":65536}"#)
    }

    func testAPollingPayloadSplitsAtTheRecordSeparator() {
        XCTAssertEqual(
            EngineIOPacket.packets(inPayload: "4hello\u{1E}2\u{1E}40"),
            [EngineIOPacket(.message, "hello"), EngineIOPacket(.ping), EngineIOPacket(.message, "0")])
        XCTAssertEqual(EngineIOPacket.payload([EngineIOPacket(.ping), EngineIOPacket(.message, "2[\"chat\"]")]), "2\u{1E}42[\"chat\"]")
    }

    func testWhatIsNotAPacketIsRefused() {
        XCTAssertNil(EngineIOPacket.packets(inPayload: ""))
        XCTAssertNil(EngineIOPacket.packets(inPayload: "4a\u{1E}\u{1E}2"))
        XCTAssertNil(EngineIOPacket.packets(inPayload: "bAQID"), "binary data")
        XCTAssertNil(EngineIOPacket.packets(inPayload: "9"))
    }
}
