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

    private func renderer(_ format: OutputFormat) -> ChatRenderer { ChatRenderer(format: format, failures: failures) }

    private var conversation: Conversation {
        Conversation(id: 1, me: a.uid, partner: .init(uid: b.uid, nick: b.nick), partnerUID: b.uid, isOpen: true)
    }

    func testTextLinesShowTimeNickAndText() {
        let text = renderer(.text(.plain))
        XCTAssertEqual(text.line(first, conversation: conversation, myNick: a.nick), "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n")
        XCTAssertEqual(text.line(second, conversation: conversation, myNick: a.nick), "2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n")
        let withdrawn = Conversation(id: 1, me: a.uid, partner: nil, partnerUID: b.uid, isOpen: false)
        XCTAssertEqual(text.line(second, conversation: withdrawn, myNick: a.nick), "2026-11-21T09:31:01.500Z  (withdrawn user)  줄 하나\n    줄 둘\n")
        XCTAssertEqual(text.line(first, conversation: withdrawn, myNick: a.nick), "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n")
        let colored = renderer(.text(Style(colors: true)))
        XCTAssertEqual(
            colored.line(first, conversation: conversation, myNick: a.nick),
            "\u{1B}[2m2026-11-21T09:30:00.000Z\u{1B}[0m  \u{1B}[1m에이\u{1B}[0m  안녕 \"친구\"\n")
    }

    func testJSONKeepsSLPKeyOrder() {
        XCTAssertEqual(renderer(.json).json(first).text, firstJSON)
        XCTAssertEqual(renderer(.json).line(second, conversation: conversation, myNick: a.nick), secondJSON + "\n")
    }

    func testListRendersThePayloadOrTheLines() {
        let state = ChatFeature.State(conversation: conversation, myNick: a.nick, messages: [first, second])
        XCTAssertEqual(renderer(.json).renderList(state), .success(#"{"payload":["# + firstJSON + "," + secondJSON + "]}\n"))
        XCTAssertEqual(
            renderer(.text(.plain)).renderList(state).stdout,
            "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n")
        let empty = ChatFeature.State(conversation: conversation, myNick: a.nick)
        XCTAssertEqual(renderer(.text(.plain)).renderList(empty), .success("No messages yet.\n"))
        XCTAssertEqual(renderer(.json).renderList(empty), .success(#"{"payload":[]}"# + "\n"))
        let failed = renderer(.json).renderList(ChatFeature.State(failure: Failure(DomainError.notMatched)))
        XCTAssertEqual(failed.stdout, "")
        XCTAssertEqual(failed.exitCode, .refused)
        XCTAssertTrue(failed.stderr.hasSuffix(#"{"error":{"code":"not_matched","status":null,"message":"no conversation with that user"}}"# + "\n"))
    }

    func testSentIsOneObjectOrItsAcknowledgement() {
        let one = ChatFeature.State(sent: [first])
        XCTAssertEqual(renderer(.json).renderSent(one), .success(firstJSON + "\n"))
        XCTAssertEqual(renderer(.text(.plain)).renderSent(one), .success("Sent at 2026-11-21T09:30:00.000Z.\n"))
        let ended = Failure(DomainError.studyEnded)
        let single = renderer(.json).renderSent(ChatFeature.State(failure: ended))
        XCTAssertEqual(single.stdout, "")
        XCTAssertEqual(single.exitCode, .refused)
        let text = renderer(.text(.plain)).renderSent(ChatFeature.State(failure: ended))
        XCTAssertEqual(text, Output(stdout: "", stderr: "Error: the study has ended; no more messages can be sent\n", exitCode: .refused))
    }

    func testStandardInputIsAcknowledgedLineByLineForPeopleAndOnePayloadForPrograms() {
        let none = ChatFeature.State(ready: true), one = ChatFeature.State(ready: true, sent: [first])
        let two = ChatFeature.State(ready: true, sent: [first, second])
        let text = ChatSendStreamRenderer(chat: renderer(.text(.plain)))
        XCTAssertEqual(text.changes(from: none, to: one), "Sent at 2026-11-21T09:30:00.000Z.\n")
        XCTAssertEqual(text.changes(from: one, to: two), "Sent at 2026-11-21T09:31:01.500Z.\n", "only what is new")
        XCTAssertEqual(text.changes(from: none, to: two), "Sent at 2026-11-21T09:30:00.000Z.\nSent at 2026-11-21T09:31:01.500Z.\n")
        XCTAssertEqual(text.changes(from: two, to: two), "")
        XCTAssertEqual(text.end(two), Output(), "every acknowledgement is printed already")
        let json = ChatSendStreamRenderer(chat: renderer(.json))
        XCTAssertEqual(json.changes(from: none, to: two), "", "JSON is one document at the end")
        XCTAssertEqual(json.end(two), .success(#"{"payload":["# + firstJSON + "," + secondJSON + "]}\n"))
        XCTAssertEqual(json.end(one), .success(#"{"payload":["# + firstJSON + "]}\n"))
        XCTAssertEqual(json.end(none), .success(#"{"payload":[]}"# + "\n"))
    }

    func testAFailedLineKeepsWhatWasSentBeforeIt() {
        let ended = Failure(DomainError.studyEnded)
        let failed = ChatFeature.State(ready: true, sent: [first], failure: ended)
        let error = "Error: the study has ended; no more messages can be sent\n"
        let piped = ChatSendStreamRenderer(chat: renderer(.json)).end(failed)
        XCTAssertEqual(piped.stdout, #"{"payload":["# + firstJSON + "]}\n", "what was stored before the failure is reported")
        XCTAssertEqual(piped.exitCode, .refused)
        XCTAssertEqual(piped.stderr, error + #"{"error":{"code":"study_ended","status":201,"message":"the study has ended; no more messages can be sent"}}"# + "\n")
        let text = ChatSendStreamRenderer(chat: renderer(.text(.plain)))
        XCTAssertEqual(text.changes(from: ChatFeature.State(), to: failed), "Sent at 2026-11-21T09:30:00.000Z.\n")
        XCTAssertEqual(text.end(failed), Output(stdout: "", stderr: error, exitCode: .refused))
    }

    func testARefusalBeforeReadingHasNoPayload() {
        let refused = ChatFeature.State(failure: Failure(DomainError.notRegistered))
        let json = ChatSendStreamRenderer(chat: renderer(.json)).end(refused)
        XCTAssertEqual(json.stdout, "", "nothing was read, nothing is reported as sent")
        XCTAssertEqual(json.exitCode, .refused)
    }

    func testFollowPrintsOnlyNewMessagesThenHowItEnded() {
        var old = ChatFollowFeature.State(conversation: conversation, myNick: a.nick, messages: [first])
        var new = old
        new.messages.append(second)
        let text = ChatFollowStreamRenderer(chat: renderer(.text(.plain)))
        XCTAssertEqual(text.changes(from: old, to: new), "2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n")
        XCTAssertEqual(text.changes(from: new, to: new), "")
        XCTAssertEqual(
            text.changes(from: ChatFollowFeature.State(), to: new),
            "2026-11-21T09:30:00.000Z  에이  안녕 \"친구\"\n2026-11-21T09:31:01.500Z  비  줄 하나\n    줄 둘\n", "the history, then the news")
        XCTAssertEqual(ChatFollowStreamRenderer(chat: renderer(.json)).changes(from: old, to: new), secondJSON + "\n")
        old.messages = []
        new.conversation = nil
        XCTAssertEqual(text.changes(from: old, to: new), "", "nothing to show a message with before the conversation")
        XCTAssertEqual(text.end(new), .success("The study has ended.\n"))
        XCTAssertEqual(ChatFollowStreamRenderer(chat: renderer(.json)).end(new), Output())
        let failed = text.end(ChatFollowFeature.State(failure: Failure(DomainError.notMatched)))
        XCTAssertEqual(failed, Output(stdout: "", stderr: "Error: no conversation with that user\n", exitCode: .refused))
    }
}
