import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// What each event pushes, in the keys and words the SLP apps read (slp-pushes.md).
final class PushRulesTests: XCTestCase {
    private let sender = MatchView.Partner(uid: try! UserID("SenderUid1"), nick: try! Nick("새싹러버"))

    private func notice(_ kind: UserEventKind) -> PushNotice? {
        PushRules.notice(for: UserEvent(id: 7, createdAt: testNow, kind: kind))
    }

    private func message(_ text: String) -> UserEventKind {
        .message(ChatMessage(id: MessageID(conversation: 1, sequence: 1), from: sender.uid, to: try! UserID("Me1"), text: text, createdAt: testNow), from: sender)
    }

    private func pairs(_ notice: PushNotice?) -> [String] {
        (notice?.data ?? []).map { "\($0.key)=\($0.value)" }
    }

    func testARequestAnAcceptAndACancelPushTheAppsAlertsWithTheirOneKey() {
        let request = notice(.request(from: sender, distance: 120))
        XCTAssertEqual(request?.route, .studyRequest)
        XCTAssertEqual(request?.title, "새싹 스터디")
        XCTAssertEqual(request?.body, "새싹러버님이 함께 공부하고 싶어해요")
        XCTAssertEqual(pairs(request), ["studyRequest=studyRequest"])

        let accepted = notice(.matched(partner: sender))
        XCTAssertEqual(accepted?.route, .studyAccepted)
        XCTAssertEqual(accepted?.title, "새싹 스터디")
        XCTAssertEqual(accepted?.body, "앗! 누군가가 나의 스터디를 수락하였어요!")
        XCTAssertEqual(pairs(accepted), ["studyAccepted=studyAccepted"])

        let dodged = notice(.dodged(partner: sender))
        XCTAssertEqual(dodged?.route, .dodge)
        XCTAssertEqual(dodged?.title, "새싹 스터디")
        XCTAssertEqual(dodged?.body, "상대방이 스터디를 취소했어요")
        XCTAssertEqual(pairs(dodged), ["dodge=dodge"])
    }

    func testAMessagePushesTheSendersNickOverTheTextAndOpensTheChat() {
        let chat = notice(message("내일 2시 어때요?"))
        XCTAssertEqual(chat?.route, .matched)
        XCTAssertEqual(chat?.title, "새싹러버")
        XCTAssertEqual(chat?.body, "내일 2시 어때요?")
        XCTAssertEqual(pairs(chat), ["matched=1", "Uid=SenderUid1", "Nick=새싹러버", "body=내일 2시 어때요?"])
    }

    func testAReviewAndAPenaltysEndPushNothing() {
        XCTAssertNil(notice(.reviewed(by: sender, titles: [.kind])))
        XCTAssertNil(notice(.penaltyOver))
    }

    /// The apps route on the first of the four keys they find: every push carries exactly one,
    /// its own, and every value is a non-empty string.
    func testEveryPushCarriesExactlyOneRoutingKey() {
        let kinds: [UserEventKind] = [.request(from: sender, distance: 0), .matched(partner: sender), .dodged(partner: sender), message("a")]
        for kind in kinds {
            let pushed = notice(kind)
            let routes = (pushed?.data ?? []).filter { PushRoute(rawValue: $0.key) != nil }.map(\.key)
            XCTAssertEqual(routes, [pushed?.route.rawValue].compactMap { $0 }, kind.name)
            XCTAssertFalse((pushed?.data ?? []).contains { $0.value.isEmpty }, kind.name)
        }
    }

    func testJSONBytesCountEscapesAsTheWriterWritesThem() {
        XCTAssertEqual(PushRules.jsonBytes("a"), 1)
        XCTAssertEqual(PushRules.jsonBytes("한"), 3)
        XCTAssertEqual(PushRules.jsonBytes("\"\\"), 4)
        XCTAssertEqual(PushRules.jsonBytes("\n\u{1}\u{2028}"), 18)
        XCTAssertEqual(PushRules.jsonBytes("👨‍👩‍👧"), 18)
    }

    /// A long chat is cut, whole characters only, with `…` after them, so that the notice's
    /// strings (the text twice) stay within the budget; a text that fits is left whole.
    func testALongChatIsCutOnACharacterBoundaryWithinTheBudget() throws {
        let texts = [
            String(repeating: "가", count: 1_000), String(repeating: "\"", count: 1_000), String(repeating: "👨‍👩‍👧‍👦", count: 1_000),
            String(repeating: "e\u{301}\u{302}\u{303}", count: 1_000), String(repeating: "\n", count: 1_000),
        ]
        for text in texts {
            let chat = try XCTUnwrap(notice(message(text)))
            let strings = [chat.title, chat.body] + chat.data.flatMap { [$0.key, $0.value] }
            let total = strings.map(PushRules.jsonBytes).reduce(0, +)
            XCTAssertLessThanOrEqual(total, PushRules.payloadBudget)
            XCTAssertGreaterThan(total, PushRules.payloadBudget - 64, "cut no shorter than it must be")
            XCTAssertTrue(chat.body.hasSuffix("…"))
            let kept = Array(chat.body.dropLast())
            XCTAssertEqual(kept, Array(Array(text).prefix(kept.count)), "whole characters from the start")
            XCTAssertEqual(chat.data.last?.value, chat.body)
        }
        let fits = String(repeating: "가", count: 300)
        XCTAssertEqual(notice(message(fits))?.body, fits)
    }
}
