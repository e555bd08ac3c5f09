import XCTest

@testable import SLPTerminal

final class KeyDecoderTests: XCTestCase {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes)
    }

    func testTextAndControlKeys() {
        XCTAssertEqual(keys(Array("hi 안녕\r".utf8)), [.text("hi 안녕"), .enter])
        XCTAssertEqual(keys([0x61, 0x7F, 0x08, 0x03, 0x04, 0x15, 0x17, 0x0C]),
                       [.text("a"), .backspace, .backspace, .interrupt, .endOfInput, .clearToStart, .deleteWord, .redraw])
    }

    func testCursorKeysInNormalAndApplicationModeAndUnknownSequencesSkipped() {
        XCTAssertEqual(keys(Array("\u{1B}[D\u{1B}[C\u{1B}OD\u{1B}[H\u{1B}[F\u{1B}[3~\u{1B}[1~\u{1B}[4~".utf8)),
                       [.left, .right, .left, .home, .end, .deleteForward, .home, .end])
        XCTAssertEqual(keys(Array("a\u{1B}[1;5Cb\u{1B}[200~c".utf8)), [.text("a"), .right, .text("b"), .text("c")])
        XCTAssertEqual(keys(Array("\u{1B}[15~x".utf8)), [.text("x")], "F5 means nothing here")
        XCTAssertEqual(keys(Array("\u{1B}[5~\u{1B}[6~".utf8)), [.pageUp, .pageDown])
        XCTAssertEqual(keys([0x01, 0x05]), [.lineStart, .lineEnd], "Ctrl-A and Ctrl-E move in the line, not as Home and End")
    }

    func testACharacterSplitAcrossReadsIsJoined() {
        var decoder = KeyDecoder()
        let syllable = Array("한".utf8)
        XCTAssertEqual(decoder.feed(syllable[0..<1]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.feed(syllable[1...] + Array("글".utf8)), [.text("한글")])
        XCTAssertFalse(decoder.hasPending)
    }

    func testASequenceSplitAcrossReadsIsJoinedAndALoneEscapeIsDropped() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.feed(Array("[D".utf8)), [.left])
        XCTAssertEqual(decoder.feed([0x1B]), [])
        decoder.flush()
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.feed(Array("x".utf8)), [.text("x")])
    }

    func testBrokenUTF8AndC1ControlsAreNotText() {
        XCTAssertEqual(keys([0xFF, 0x61]), [.text("\u{FFFD}a")])
        XCTAssertEqual(keys([0xC2, 0x9B, 0x62]), [.text("b")], "U+009B is a control")
        XCTAssertEqual(keys([0xE0, 0x0D, 0x0D]), [.text("\u{FFFD}")], "controls swallowed by a broken sequence are dropped")
    }
}
