import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

final class ChatRendererTests: XCTestCase {
    private let failures = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))
    private let a = User.stub(uid: "A", phone: "010-1111-1111", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-2222-2222", nick: "비")
    private let first = ChatMessage(
        id: MessageID(conversation: 1, sequence: 1), from: try! UserID("A"), to: try! UserID("B"), text: "안녕 \"친구\"", createdAt: testNow)
    private let second = ChatMessage(
        id: MessageID(conversation: 1, sequence: 2), from: try! UserID("B"), to: try! UserID("A"), text: "줄 하나\n줄 둘",
        createdAt: testNow.addingTimeInterval(61.5))
    private let firstJSON = #"{"_id":"000000000001000000000001","to":"B","from":"A","chat":"안녕 \"친구\"","createdAt":"2026-11-21T09:30:00.000Z"}"#
    private let secondJSON = #"{"_id":"000000000001000000000002","to":"A","from":"B","chat":"줄 하나\n줄 둘","createdAt":"2026-11-21T09:31:01.500Z"}"#

    private func renderer(_ format: OutputFormat) -> ChatRenderer { ChatRenderer(format: format) }

    private var conversation: Conversation {
        Conversation(id: 1, me: a.uid, myNick: a.nick, partner: .init(uid: b.uid, nick: b.nick), partnerUID: b.uid, isOpen: true)
    }

    func testTextLinesShowTimeNickAndText() {
        let text = renderer(.text(.plain))
        XCTAssertEqual(text.line(first, in: conversation), "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n")
        XCTAssertEqual(text.line(second, in: conversation), "2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n")
        let withdrawn = Conversation(id: 1, me: a.uid, myNick: a.nick, partner: nil, partnerUID: b.uid, isOpen: false)
        XCTAssertEqual(text.line(second, in: withdrawn), "2026-11-21T09:31:01.500Z  (withdrawn user)  줄 하나\n    줄 둘\n")
        XCTAssertEqual(text.line(first, in: withdrawn), "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n")
        let colored = renderer(.text(Style(colors: true)))
        XCTAssertEqual(
            colored.line(first, in: conversation),
            "\u{1B}[2m2026-11-21T09:30:00.000Z\u{1B}[0m  \u{1B}[1m에이\u{1B}[0m  안녕 \"친구\"\n")
    }

    func testJSONKeepsSLPKeyOrder() {
        XCTAssertEqual(renderer(.json).json(first).text, firstJSON)
        XCTAssertEqual(renderer(.json).line(second, in: conversation), secondJSON + "\n")
    }

    func testListRendersThePayloadOrTheLines() {
        XCTAssertEqual(renderer(.json).list([first, second], in: conversation), .success(#"{"payload":["# + firstJSON + "," + secondJSON + "]}\n"))
        XCTAssertEqual(
            renderer(.text(.plain)).list([first, second], in: conversation).stdout,
            "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n")
        XCTAssertEqual(renderer(.text(.plain)).list([], in: conversation), .success("No messages yet.\n"))
        XCTAssertEqual(renderer(.json).list([], in: conversation), .success(#"{"payload":[]}"# + "\n"))
    }

    func testSentIsOneObjectOrItsAcknowledgement() {
        XCTAssertEqual(renderer(.json).sent(first), .success(firstJSON + "\n"))
        XCTAssertEqual(renderer(.text(.plain)).sent(first), .success("Sent at 2026-11-21T09:30:00.000Z.\n"))
        XCTAssertEqual(renderer(.json).payload([first, second]).text + "\n", #"{"payload":["# + firstJSON + "," + secondJSON + "]}\n")
    }

    func testFollowPrintsOnlyNewMessagesThenHowItEnded() {
        var old = ChatFollowFeature.State(conversation: conversation, messages: [first])
        var new = old
        new.messages.append(second)
        let text = ChatFollowStreamRenderer(chat: renderer(.text(.plain)), failures: failures)
        XCTAssertEqual(text.changes(from: old, to: new), "2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n")
        XCTAssertEqual(text.changes(from: new, to: new), "")
        XCTAssertEqual(
            text.changes(from: ChatFollowFeature.State(), to: new),
            "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n", "the history, then the news")
        XCTAssertEqual(ChatFollowStreamRenderer(chat: renderer(.json), failures: failures).changes(from: old, to: new), secondJSON + "\n")
        old.messages = []
        new.conversation = nil
        XCTAssertEqual(text.changes(from: old, to: new), "", "nothing to show a message with before the conversation")
        XCTAssertEqual(text.end(new), .success("The study has ended.\n"))
        XCTAssertEqual(ChatFollowStreamRenderer(chat: renderer(.json), failures: failures).end(new), Output())
        let failed = text.end(ChatFollowFeature.State(failure: Failure(DomainError.notMatched)))
        XCTAssertEqual(failed, Output(stdout: "", stderr: "Error: no conversation with that user\n", exitCode: .refused))
    }
}
