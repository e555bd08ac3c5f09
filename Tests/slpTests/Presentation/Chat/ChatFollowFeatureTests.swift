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
            ChatFollowFeature(identify: IdentifyUserUseCase(storage: storage), follow: FollowConversationUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    /// Opens A's view of the conversation with `history` already in it.
    private func open(history: [ChatMessage]) async {
        let opened = news(history)
        await store.send(.open(actingUser: "A", with: nil))
        store.receive(.receive(opened)) {
            $0.token = opened.token
            $0.conversation = opened.conversation
            $0.messages = history
        }
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
        await store.send(.poll)
        store.receive(.receive(news([new1, new2]))) {
            $0.token = self.database.changeToken
            $0.messages = [old, new1, new2]
        }

        // A commit elsewhere that brings no message: the token moves, nothing is appended.
        storage.commitElsewhere()
        await store.send(.poll)
        store.receive(.receive(news([]))) { $0.token = self.database.changeToken }
        XCTAssertTrue(store.state.isFollowing)
    }

    func testFollowingStopsWhenTheConversationCloses() async throws {
        await open(history: [])
        let last = try post(b, "bye")
        try dodge(b)
        await store.send(.poll)
        let ended = conversation(for: a, with: b, isOpen: false, ending: ConversationEnding(.partner, .cancelled))
        store.receive(.receive(news([last], in: ended))) {
            $0.token = self.database.changeToken
            $0.messages = [last]
            $0.conversation = ended
        }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testAWithdrawnPartnerClosesTheConversation() async throws {
        await open(history: [])
        // The withdrawal is a commit of its own.
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: b.uid)
        await store.send(.poll)
        let withdrawn = Conversation(
            id: roomID, me: a.uid, myNick: a.nick, partner: nil, partnerUID: b.uid, isOpen: false, ending: ConversationEnding(.partner, .withdrew))
        store.receive(.receive(news([], in: withdrawn))) {
            $0.token = self.database.changeToken
            $0.conversation = withdrawn
        }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testOpeningWithoutAConversationFails() async {
        await store.send(.open(actingUser: "C", with: nil))
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
        let append = { (messages: [ChatMessage]) in ChatFollowFeature.Mutation.receive(self.news(messages, token: 1)) }
        var state = ChatFollowFeature.State()
        state = ChatFollowFeature.reduce(state, append([m1, m2]))
        XCTAssertEqual(state.messages, [m1, m2])
        XCTAssertEqual(ChatFollowFeature.reduce(state, append([m1, m2])).messages, [m1, m2], "a repeated poll adds nothing")
        XCTAssertEqual(ChatFollowFeature.reduce(state, append([sameTime])).messages, [m1, m2])
        XCTAssertEqual(ChatFollowFeature.reduce(state, append([older])).messages, [m1, m2])
        XCTAssertEqual(ChatFollowFeature.reduce(state, append([older, m2, m3])).messages, [m1, m2, m3])
        XCTAssertEqual(ChatFollowFeature.reduce(state, append([])), state)
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
