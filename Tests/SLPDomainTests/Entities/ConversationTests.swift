import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ConversationTests: XCTestCase {
    private let me = try! UserID("Me")
    private let nick = try! Nick("나")

    func testAnActiveCurrentMatchIsOpen() throws {
        let match = MatchView.stub(id: 7, partner: "Other")
        let conversation = Conversation(of: match, me: me, myNick: nick)
        XCTAssertEqual(conversation, Conversation(
            id: 7, me: me, myNick: nick, partner: .init(uid: try UserID("Other"), nick: try Nick("Other")), partnerUID: try UserID("Other"), isOpen: true))
    }

    func testAMatchEndedBySomeoneOrLeftBehindIsClosed() {
        let closed: [MatchView] = [
            .stub(mine: .dodged, current: false), .stub(mine: .reviewed, current: false),
            .stub(theirs: .dodged), .stub(theirs: .reviewed),
            .stub(current: false),
            .stub(withdrawn: true),
        ]
        for match in closed {
            let conversation = Conversation(of: match, me: me, myNick: nick)
            XCTAssertFalse(conversation.isOpen, "\(match)")
            XCTAssertEqual(conversation.id, match.id)
            XCTAssertEqual(conversation.partnerUID, match.partnerUID)
            XCTAssertEqual(conversation.partner, match.partner)
        }
    }

    func testAWithdrawnPartnerIsNamedByUIDOnly() throws {
        let conversation = Conversation(of: .stub(partner: "Gone", withdrawn: true), me: me, myNick: nick)
        XCTAssertNil(conversation.partner)
        XCTAssertEqual(conversation.partnerUID, try UserID("Gone"))
    }

    func testClosedKeepsWhoThePartnerWasByUID() throws {
        let open = Conversation(of: .stub(id: 3, partner: "Other"), me: me, myNick: nick)
        XCTAssertEqual(open.closed, Conversation(
            id: 3, me: me, myNick: nick, partner: nil, partnerUID: try UserID("Other"), isOpen: false, ending: ConversationEnding(.me, .withdrew)))
    }
}
