import Foundation
import SLPDomain
import SLPTerminal
import SLPTestSupport
import XCTest

@testable import slp

/// The chat screen's layout: title, the end of the conversation (or the part scrolled back to)
/// wrapped by display width, each day's first message dated, the notice line (or how the match
/// ended) and the input line with the cursor after what is typed. (XCTest on Linux
/// runs a main-actor class's tests only when they are async.)
@MainActor
final class ChatScreenRendererTests: ChatTestCase {
    private func state(
        size: TerminalSize, messages: [ChatMessage], input: String = "", notice: String? = nil, utcOffset: Int = 0
    ) -> ChatScreenFeature.State {
        var state = ChatScreenFeature.State(size: size, utcOffset: utcOffset)
        state.conversation = conversation(for: a, with: b)
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
        let renderer = ChatScreenRenderer(style: .plain)
        let frame = renderer.frame(state(size: TerminalSize(columns: 40, rows: 7), messages: messages, input: "카페에서 봬요", utcOffset: 9 * 3_600))
        XCTAssertEqual(frame.lines, [
            "Chat with 비 · Enter sends · PgUp/PgDn s",
            "",
            "2026-11-21 18:30 비  안녕하세요! 내일 두",
            "                     시에 스터디 어때요?",
            "18:31 에이  좋아요",
            String(repeating: "─", count: 40),
            "> 카페에서 봬요",
        ], "the day's first message carries its date (in local time), the next only the time")
        XCTAssertEqual(frame.cursorRow, 6)
        XCTAssertEqual(frame.cursorColumn, 2 + 13, "after two columns of prompt and 13 of text")
        for line in frame.lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, line) }
    }

    func testOnlyWhatFitsIsShownNewestLastAndANoticeTakesTheRuleLine() async {
        let messages = (1...10).map { message(Int64($0), from: b, to: a, "m\($0)", offset: $0) }
        let renderer = ChatScreenRenderer(style: .plain)
        let frame = renderer.frame(state(size: TerminalSize(columns: 24, rows: 6), messages: messages, notice: "a message has 1 to 1000 characters (got 1001)"))
        XCTAssertEqual(frame.lines[0], "Chat with 비 · Enter sen")
        XCTAssertEqual(frame.lines[1...3], ["09:30 비  m8", "09:30 비  m9", "09:30 비  m10"], "the date is on m1, above")
        XCTAssertEqual(frame.lines[4], "a message has 1 to 1000 ", "cut to the width")
        XCTAssertEqual(frame.lines[5], "> ")
    }

    func testAPartnersEscapeSequencesAreShownNotObeyed() async {
        let renderer = ChatScreenRenderer(style: .plain)
        let frame = renderer.frame(state(size: TerminalSize(columns: 40, rows: 4), messages: [message(1, from: b, to: a, "\u{1B}[2Jgotcha\u{7}")]))
        XCTAssertEqual(frame.lines[1], "2026-11-21 09:30 비  \u{FFFD}[2Jgotcha\u{FFFD}")
    }

    func testATinyTerminalKeepsTheInputLine() async {
        let renderer = ChatScreenRenderer(style: .plain)
        let one = renderer.frame(state(size: TerminalSize(columns: 5, rows: 1), messages: [], input: "안녕하세요"))
        XCTAssertEqual(one.lines, ["세요"], "no room for a prompt; the end of the line, and a column for the cursor")
        XCTAssertEqual(one.cursorColumn, 4)
        let two = renderer.frame(state(size: TerminalSize(columns: 20, rows: 2), messages: [message(1, from: b, to: a, "hi")]))
        XCTAssertEqual(two.lines, ["2026-11-21 09:30 비", "hi", "> "].suffix(2), "too narrow to indent: wrapped whole")
    }

    func testColourOnlyWithAStyleThatHasIt() async {
        let coloured = ChatScreenRenderer(style: Style(colors: true))
            .frame(state(size: TerminalSize(columns: 40, rows: 5), messages: [message(1, from: a, to: b, "hi")]))
        XCTAssertEqual(coloured.lines[2], "\u{1B}[2m2026-11-21 09:30\u{1B}[0m \u{1B}[32m에이\u{1B}[0m  hi")
        XCTAssertTrue(coloured.lines[0].hasPrefix("\u{1B}[1m"))
    }

    func testANewDayDatesItsFirstMessage() async {
        let messages = [
            message(1, from: b, to: a, "밤이네요", offset: 14 * 3_600_000),
            message(2, from: a, to: b, "자정 넘었어요", offset: 14 * 3_600_000 + 40 * 60_000),
            message(3, from: b, to: a, "잘 자요", offset: 14 * 3_600_000 + 41 * 60_000),
        ]
        let frame = ChatScreenRenderer(style: .plain).frame(state(size: TerminalSize(columns: 40, rows: 6), messages: messages))
        XCTAssertEqual(frame.lines[1...3], ["2026-11-21 23:30 비  밤이네요", "2026-11-22 00:10 에이  자정 넘었어요", "00:11 비  잘 자요"])
    }

    func testScrolledBackTheViewShowsEarlierLinesAndTheRuleSaysHowManyAreBelow() async {
        let messages = (1...10).map { message(Int64($0), from: b, to: a, "m\($0)", offset: $0) }
        var scrolled = state(size: TerminalSize(columns: 40, rows: 6), messages: messages)
        scrolled.scroll = 4
        let frame = ChatScreenRenderer(style: .plain).frame(scrolled)
        XCTAssertEqual(frame.lines[1...3], ["09:30 비  m4", "09:30 비  m5", "09:30 비  m6"])
        XCTAssertEqual(frame.lines[4], "── 4 more below · End returns ──────────")
        scrolled.scroll = 99
        XCTAssertEqual(ChatScreenRenderer(style: .plain).frame(scrolled).lines[1...3], ["2026-11-21 09:30 비  m1", "09:30 비  m2", "09:30 비  m3"], "no farther than the first line")
    }

    func testOnceTheMatchHasEndedTheLineSaysWhoEndedItAndTheDraftStays() async {
        var ended = state(size: TerminalSize(columns: 60, rows: 5), messages: [message(1, from: b, to: a, "hi")], input: "내일 봬")
        ended.conversation = conversation(for: a, with: b, isOpen: false, ending: ConversationEnding(.partner, .cancelled))
        let frame = ChatScreenRenderer(style: .plain).frame(ended)
        XCTAssertEqual(frame.lines[2], "2026-11-21 09:30 비  hi")
        XCTAssertEqual(frame.lines[3], "비 cancelled the study. Any key leaves.")
        XCTAssertEqual(frame.lines[4], "> 내일 봬")
        for (ending, sentence) in [
            (ConversationEnding(.partner, .reviewed), "비 reviewed you and ended the study."),
            (ConversationEnding(.partner, .withdrew), "비 withdrew from slp; the study has ended."),
            (ConversationEnding(.me, .cancelled), "You cancelled the study."),
            (ConversationEnding(.me, .reviewed), "You reviewed 비 and ended the study."),
            (ConversationEnding(.me, .withdrew), "You withdrew from slp."),
        ] {
            XCTAssertEqual(ChatScreenRenderer.sentence(ending, ended), sentence)
        }
    }
}
