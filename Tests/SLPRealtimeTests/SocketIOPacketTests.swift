import SLPRealtime
import SLPSupport
import XCTest

final class SocketIOPacketTests: XCTestCase {
    func testPacketsAsTheSLPAppsSendThem() {
        XCTAssertEqual(SocketIOPacket(decoding: "0"), SocketIOPacket(.connect))
        XCTAssertEqual(
            SocketIOPacket(decoding: #"2["changesocketid","abc"]"#), SocketIOPacket(.event, data: #"["changesocketid","abc"]"#))
        XCTAssertEqual(
            SocketIOPacket(decoding: #"213["changesocketid","abc"]"#), SocketIOPacket(.event, ackID: 13, data: #"["changesocketid","abc"]"#))
        XCTAssertEqual(SocketIOPacket(decoding: "1"), SocketIOPacket(.disconnect))
    }

    func testANamespaceIsReadUpToItsComma() {
        XCTAssertEqual(SocketIOPacket(decoding: "0/admin,"), SocketIOPacket(.connect, namespace: "/admin"))
        XCTAssertEqual(SocketIOPacket(decoding: #"2/admin,7["x"]"#), SocketIOPacket(.event, namespace: "/admin", ackID: 7, data: #"["x"]"#))
    }

    func testPacketsAsTheServerSendsThem() {
        XCTAssertEqual(SocketIOPacket(.connect, data: #"{"sid":"s1"}"#).encoded, #"0{"sid":"s1"}"#)
        XCTAssertEqual(
            SocketIOPacket(.connectError, namespace: "/admin", data: #"{"message":"Invalid namespace"}"#).encoded,
            #"4/admin,{"message":"Invalid namespace"}"#)
        XCTAssertEqual(SocketIOPacket(.ack, ackID: 13, data: "[true]").encoded, "313[true]")
    }

    func testBinaryAndUnknownPacketsAreRefused() {
        XCTAssertNil(SocketIOPacket(decoding: #"51-["x",{"_placeholder":true,"num":0}]"#))
        XCTAssertNil(SocketIOPacket(decoding: "7"))
        XCTAssertNil(SocketIOPacket(decoding: ""))
        XCTAssertNil(SocketIOPacket(decoding: "21234567890[]"), "an acknowledgement id of ten digits")
    }
}

final class SocketIOEventTests: XCTestCase {
    func testAnEventIsItsNameAndArguments() {
        let event = SocketIOEvent(data: #"["changesocketid","abc"]"#)
        XCTAssertEqual(event?.name, "changesocketid")
        XCTAssertEqual(event?.arguments, [.string("abc")])
    }

    func testDataWithoutANameIsNoEvent() {
        XCTAssertNil(SocketIOEvent(data: "[]"))
        XCTAssertNil(SocketIOEvent(data: "[1]"))
        XCTAssertNil(SocketIOEvent(data: #"{"name":"x"}"#))
        XCTAssertNil(SocketIOEvent(data: #"["x""#))
    }
}
