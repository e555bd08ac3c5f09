import Foundation
import SLPDomain
import SLPTerminal
import SLPTestSupport
import XCTest

@testable import slp

/// The chat screen's layout: title, the end of the conversation wrapped by display width,
/// the notice line and the input line with the cursor after what is typed. (XCTest on Linux
/// runs a main-actor class's tests only when they are async.)
@MainActor
final class ChatScreenRendererTests: ChatTestCase {
    private func state(size: TerminalSize, messages: [ChatMessage], input: String = "", notice: String? = nil) -> ChatScreenFeature.State {
        var state = ChatScreenFeature.State(size: size)
        state.conversation = conversation(for: a, with: b)
        state.myNick = a.nick
        state.messages = messages
        state.input = LineEditor(input)
        state.notice = notice
        return state
    }

    func testTheConversationEndsAboveTheInputLine() async {
        let messages = [
            message(1, from: b, to: a, "안녕하세요! 내일 두 시에 스터디 어때요?"),
            message(2, from: a, to: b, "좋아요", offset: 60_000),
        ]
        let renderer = ChatScreenRenderer(style: .plain, utcOffset: 9 * 3_600)
        let frame = renderer.frame(state(size: TerminalSize(columns: 30, rows: 7), messages: messages, input: "카페에서 봬요"))
        XCTAssertEqual(frame.lines, [
            "Chat with 비 · Enter sends · C",
            "",
            "18:30 비  안녕하세요! 내일 두",
            "          시에 스터디 어때요?",
            "18:31 에이  좋아요",
            String(repeating: "─", count: 30),
            "> 카페에서 봬요",
        ])
        XCTAssertEqual(frame.cursorRow, 6)
        XCTAssertEqual(frame.cursorColumn, 2 + 13, "after two columns of prompt and 13 of text")
        for line in frame.lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 30, line) }
    }

    func testOnlyWhatFitsIsShownNewestLastAndANoticeTakesTheRuleLine() async {
        let messages = (1...10).map { message(Int64($0), from: b, to: a, "m\($0)", offset: $0) }
        let renderer = ChatScreenRenderer(style: .plain, utcOffset: 0)
        let frame = renderer.frame(state(size: TerminalSize(columns: 24, rows: 6), messages: messages, notice: "a message has 1 to 1000 characters (got 1001)"))
        XCTAssertEqual(frame.lines[0], "Chat with 비 · Enter sen")
        XCTAssertEqual(frame.lines[1...3], ["09:30 비  m8", "09:30 비  m9", "09:30 비  m10"])
        XCTAssertEqual(frame.lines[4], "a message has 1 to 1000 ", "cut to the width")
        XCTAssertEqual(frame.lines[5], "> ")
    }

    func testAPartnersEscapeSequencesAreShownNotObeyed() async {
        let renderer = ChatScreenRenderer(style: .plain, utcOffset: 0)
        let frame = renderer.frame(state(size: TerminalSize(columns: 40, rows: 4), messages: [message(1, from: b, to: a, "\u{1B}[2Jgotcha\u{7}")]))
        XCTAssertEqual(frame.lines[1], "09:30 비  \u{FFFD}[2Jgotcha\u{FFFD}")
    }

    func testATinyTerminalKeepsTheInputLine() async {
        let renderer = ChatScreenRenderer(style: .plain, utcOffset: 0)
        let one = renderer.frame(state(size: TerminalSize(columns: 5, rows: 1), messages: [], input: "안녕하세요"))
        XCTAssertEqual(one.lines, ["세요"], "no room for a prompt; the end of the line, and a column for the cursor")
        XCTAssertEqual(one.cursorColumn, 4)
        let two = renderer.frame(state(size: TerminalSize(columns: 20, rows: 2), messages: [message(1, from: b, to: a, "hi")]))
        XCTAssertEqual(two.lines, ["09:30 비  hi", "> "])
    }

    func testColourOnlyWithAStyleThatHasIt() async {
        let coloured = ChatScreenRenderer(style: Style(colors: true), utcOffset: 0)
            .frame(state(size: TerminalSize(columns: 30, rows: 5), messages: [message(1, from: a, to: b, "hi")]))
        XCTAssertEqual(coloured.lines[2], "\u{1B}[2m09:30\u{1B}[0m \u{1B}[32m에이\u{1B}[0m  hi")
        XCTAssertTrue(coloured.lines[0].hasPrefix("\u{1B}[1m"))
    }
}
