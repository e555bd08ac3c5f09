import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class ChatFollowFeatureTests: ChatTestCase {
    private var store: TestStore<ChatFollowFeature>!

    override func setUp() async throws {
        try await super.setUp()
        store = TestStore(
            ChatFollowFeature(
                identify: IdentifyUserUseCase(storage: storage), read: ReadMessagesUseCase(storage: storage),
                follow: FollowConversationUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    /// Opens A's view of the conversation with `history` already in it.
    private func open(history: [ChatMessage]) async {
        let token = database.changeToken
        await store.send(.open(actingUser: "A", with: nil))
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.setConversation(conversation(for: a, with: b))) {
            $0.conversation = self.conversation(for: self.a, with: self.b)
        }
        store.receive(.append(history)) { $0.messages = history }
    }

    func testOpenLoadsTheHistory() async throws {
        let history = [try post(a, "one"), try post(b, "two")]
        await open(history: history)
        XCTAssertTrue(store.state.isFollowing)
    }

    func testAPollWithAnUnchangedTokenEmitsNothing() async throws {
        await store.send(.poll)  // nothing to follow yet
        await open(history: [try post(b, "hi")])
        let looked = storage.transactions
        await store.send(.poll)
        await store.send(.poll)
        XCTAssertEqual(store.state.messages.count, 1)
        XCTAssertEqual(storage.transactions, looked, "nothing committed: nothing is read")
    }

    func testAPollAfterAChangeAppendsOnlyTheNewMessages() async throws {
        let old = try post(b, "old")
        await open(history: [old])
        let new1 = try post(b, "new 1", at: testNow.addingTimeInterval(1))
        let new2 = try post(a, "new 2", at: testNow.addingTimeInterval(1))
        let token = database.changeToken
        await store.send(.poll)
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.append([new1, new2])) { $0.messages = [old, new1, new2] }
        store.receive(.setConversation(conversation(for: a, with: b)))

        // A commit elsewhere that brings no message: the token moves, nothing is appended.
        storage.commitElsewhere()
        let quiet = database.changeToken
        await store.send(.poll)
        store.receive(.setToken(quiet)) { $0.token = quiet }
        store.receive(.append([]))
        store.receive(.setConversation(conversation(for: a, with: b)))
        XCTAssertTrue(store.state.isFollowing)
    }

    func testFollowingStopsWhenTheConversationCloses() async throws {
        await open(history: [])
        let last = try post(b, "bye")
        try dodge(b)
        let token = database.changeToken
        await store.send(.poll)
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.append([last])) { $0.messages = [last] }
        let ended = conversation(for: a, with: b, isOpen: false, ending: ConversationEnding(.partner, .cancelled))
        store.receive(.setConversation(ended)) { $0.conversation = ended }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testAWithdrawnPartnerClosesTheConversation() async throws {
        await open(history: [])
        // The withdrawal is a commit of its own.
        try WithdrawUserUseCase(storage: storage)(me: b.uid)
        let token = database.changeToken
        await store.send(.poll)
        let withdrawn = Conversation(
            id: roomID, me: a.uid, myNick: a.nick, partner: nil, partnerUID: b.uid, isOpen: false, ending: ConversationEnding(.partner, .withdrew))
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.append([]))
        store.receive(.setConversation(withdrawn)) { $0.conversation = withdrawn }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testOpeningWithoutAConversationFails() async {
        let token = database.changeToken
        await store.send(.open(actingUser: "C", with: nil))
        store.receive(.setToken(token)) { $0.token = token }
        // No partner was named: the refusal says there is no conversation at all.
        let none = Failure(code: "not_matched", status: nil, message: "you have no conversation yet: nobody has matched with you", exitCode: .refused)
        store.receive(.setFailure(none)) { $0.failure = none }
        XCTAssertFalse(store.state.isFollowing)
        await store.send(.poll)
    }

    func testReduceNeverAppendsAMessageOlderThanOrAtTheLastOneSeen() throws {
        let m1 = message(1, from: a, to: b, "1"), m2 = message(2, from: b, to: a, "2", offset: 5), m3 = message(3, from: a, to: b, "3", offset: 9)
        let sameTime = message(9, from: b, to: a, "same time as m2", offset: 5)
        let older = message(8, from: b, to: a, "older", offset: 2)
        var state = ChatFollowFeature.State()
        state = ChatFollowFeature.reduce(state, .append([m1, m2]))
        XCTAssertEqual(state.messages, [m1, m2])
        XCTAssertEqual(ChatFollowFeature.reduce(state, .append([m1, m2])).messages, [m1, m2], "a repeated poll adds nothing")
        XCTAssertEqual(ChatFollowFeature.reduce(state, .append([sameTime])).messages, [m1, m2])
        XCTAssertEqual(ChatFollowFeature.reduce(state, .append([older])).messages, [m1, m2])
        XCTAssertEqual(ChatFollowFeature.reduce(state, .append([older, m2, m3])).messages, [m1, m2, m3])
        XCTAssertEqual(ChatFollowFeature.reduce(state, .append([])), state)
    }

    func testIsFollowingNeedsAnOpenConversationAndNoFailure() {
        var state = ChatFollowFeature.State()
        XCTAssertFalse(state.isFollowing)
        state.conversation = conversation(for: a, with: b)
        XCTAssertTrue(state.isFollowing)
        state.failure = Failure(DomainError.notMatched)
        XCTAssertFalse(state.isFollowing)
        state.failure = nil
        state.conversation = conversation(for: a, with: b, isOpen: false)
        XCTAssertFalse(state.isFollowing)
    }
}
