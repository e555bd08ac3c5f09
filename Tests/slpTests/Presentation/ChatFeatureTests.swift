import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// Shared people and a conversation between A and B in memory.
@MainActor
class ChatTestCase: XCTestCase {
    var database: InMemoryDatabase!
    var users: InMemoryUserRepository!
    var chats: InMemoryChatRepository!
    let a = User.stub(uid: "A", phone: "010-1111-1111", nick: "에이")
    let b = User.stub(uid: "B", phone: "010-2222-2222", nick: "비")
    let c = User.stub(uid: "C", phone: "010-3333-3333", nick: "씨")
    let clock = StoppedClock(testNow)
    var roomID: Int64 = 0

    override func setUp() async throws {
        database = InMemoryDatabase(users: [a, b, c])
        users = InMemoryUserRepository(database)
        chats = InMemoryChatRepository(database)
        roomID = database.startMatch(a.uid, b.uid, at: testNow)
    }

    /// The message the repository stores as number `seq` of room 1, `offset` milliseconds after `testNow`.
    func message(_ seq: Int64, from: User, to: User, _ text: String, offset: Int = 0) -> ChatMessage {
        ChatMessage(
            id: InMemoryChatRepository.messageID(conversation: 1, seq: seq), from: from.uid, to: to.uid, text: text,
            createdAt: Date(timeIntervalSince1970: Double(Int64(testNow.timeIntervalSince1970 * 1_000) + Int64(offset)) / 1_000))
    }

    func conversation(for me: User, with partner: User, isOpen: Bool = true, id: Int64 = 1) -> Conversation {
        Conversation(id: id, me: me.uid, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: isOpen)
    }

    /// Sends as another process would: straight into the repository.
    @discardableResult
    func post(_ from: User, _ text: String, at time: Date = testNow) throws -> ChatMessage {
        try chats.send(from: from.uid, text: text, at: time, check: ChatRules.send)
    }
}

@MainActor
final class ChatFeatureTests: ChatTestCase {
    private var store: TestStore<ChatFeature>!

    override func setUp() async throws {
        try await super.setUp()
        store = TestStore(
            ChatFeature(
                identify: IdentifyUserUseCase(users: users), send: SendMessageUseCase(chats: chats, clock: clock),
                read: ReadMessagesUseCase(chats: chats)),
            initialState: .init(), test: self)
    }

    func testSendingAppendsEachStoredMessageInOrder() async {
        await store.send(.send(actingUser: "A", text: "안녕하세요"))
        let first = message(1, from: a, to: b, "안녕하세요")
        store.receive(.appendSent(first)) { $0.sent = [first] }

        // Same clock, same millisecond: the next message gets the next one.
        await store.send(.send(actingUser: "010-1111-1111", text: "내일\n2시 어때요?"))
        let second = message(2, from: a, to: b, "내일\n2시 어때요?", offset: 1)
        store.receive(.appendSent(second)) { $0.sent = [first, second] }
        XCTAssertEqual(database.messages[roomID], [first, second])
    }

    func testListingReadsTheConversationWithMyNick() async throws {
        let sent = [try post(a, "m1"), try post(b, "m2"), try post(a, "m3")]
        await store.send(.list(actingUser: "B", with: nil, page: .all))
        store.receive(.setConversation(conversation(for: b, with: a), myNick: b.nick, messages: sent)) {
            $0.conversation = self.self.conversation(for: self.b, with: self.a)
            $0.myNick = self.b.nick
            $0.messages = sent
        }

        await store.send(.list(actingUser: "A", with: b.uid, page: .after(sent[0].createdAt, limit: 1)))
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick, messages: [sent[1]])) {
            $0.conversation = self.conversation(for: self.a, with: self.b)
            $0.myNick = self.a.nick
            $0.messages = [sent[1]]
        }
    }

    func testFailuresAreStatedAndAListClearsThem() async throws {
        await store.send(.send(actingUser: "C", text: "hi"))
        let notMatched = Failure(DomainError.notMatched)
        store.receive(.setFailure(notMatched)) { $0.failure = notMatched }
        XCTAssertEqual(notMatched.exitCode, .refused)

        await store.send(.send(actingUser: "A", text: ""))
        let empty = Failure(code: "invalid_message", status: nil, message: "a message has 1 to 1000 characters (got 0)", exitCode: .usage)
        store.receive(.setFailure(empty)) { $0.failure = empty }

        await store.send(.send(actingUser: "Nobody", text: "hi"))
        let stranger = Failure(DomainError.notRegistered)
        store.receive(.setFailure(stranger)) { $0.failure = stranger }

        await store.send(.list(actingUser: "A", with: nil, page: .newest(limit: 0)))
        store.receive(.setFailure(Failure(code: "invalid_limit", status: nil, message: "the limit is at least 1", exitCode: .usage))) {
            $0.failure = Failure(code: "invalid_limit", status: nil, message: "the limit is at least 1", exitCode: .usage)
        }

        await store.send(.list(actingUser: "A", with: nil, page: .newest(limit: 5)))
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick, messages: [])) {
            $0.conversation = self.conversation(for: self.a, with: self.b)
            $0.myNick = self.a.nick
            $0.failure = nil
        }

        database.end(roomID, by: b.uid, .dodged, at: testNow)
        await store.send(.send(actingUser: "A", text: "아직 있어요?"))
        let ended = Failure(DomainError.studyEnded)
        store.receive(.setFailure(ended)) { $0.failure = ended }
        XCTAssertEqual(ended.status, 201)
        XCTAssertNil(database.messages[roomID], "the refused message is not stored")
    }
}

@MainActor
final class ChatFollowFeatureTests: ChatTestCase {
    private var store: TestStore<ChatFollowFeature>!

    override func setUp() async throws {
        try await super.setUp()
        store = TestStore(
            ChatFollowFeature(identify: IdentifyUserUseCase(users: users), follow: FollowConversationUseCase(chats: chats)),
            initialState: .init(), test: self)
    }

    /// Opens A's view of the conversation with `history` already in it.
    private func open(history: [ChatMessage]) async {
        let token = database.changeToken
        await store.send(.open(actingUser: "A", with: nil))
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick)) {
            $0.conversation = self.conversation(for: self.a, with: self.b)
            $0.myNick = self.a.nick
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
        await store.send(.poll)
        await store.send(.poll)
        XCTAssertEqual(store.state.messages.count, 1)
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
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick))

        // A commit elsewhere that brings no message: the token moves, nothing is appended.
        database.commit()
        let quiet = database.changeToken
        await store.send(.poll)
        store.receive(.setToken(quiet)) { $0.token = quiet }
        store.receive(.append([]))
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick))
        XCTAssertTrue(store.state.isFollowing)
    }

    func testFollowingStopsWhenTheConversationCloses() async throws {
        await open(history: [])
        let last = try post(b, "bye")
        database.end(roomID, by: b.uid, .dodged, at: testNow)
        let token = database.changeToken
        await store.send(.poll)
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.append([last])) { $0.messages = [last] }
        store.receive(.setConversation(conversation(for: a, with: b, isOpen: false), myNick: a.nick)) {
            $0.conversation = self.conversation(for: self.a, with: self.b, isOpen: false)
        }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testAWithdrawnPartnerClosesTheConversation() async throws {
        await open(history: [])
        // The withdrawal is a commit of its own.
        XCTAssertTrue(try users.remove(uid: b.uid))
        let token = database.changeToken
        await store.send(.poll)
        let withdrawn = Conversation(id: 1, me: a.uid, partner: nil, partnerUID: b.uid, isOpen: false)
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.append([]))
        store.receive(.setConversation(withdrawn, myNick: a.nick)) { $0.conversation = withdrawn }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testOpeningWithoutAConversationFails() async {
        let token = database.changeToken
        await store.send(.open(actingUser: "C", with: nil))
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.setFailure(Failure(DomainError.notMatched))) { $0.failure = Failure(DomainError.notMatched) }
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

final class ChatRendererTests: XCTestCase {
    private let failures = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))
    private let a = User.stub(uid: "A", phone: "010-1111-1111", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-2222-2222", nick: "비")
    private let first = ChatMessage(
        id: "000000000001000000000001", from: try! UserID("A"), to: try! UserID("B"), text: "안녕 \"친구\"", createdAt: testNow)
    private let second = ChatMessage(
        id: "000000000001000000000002", from: try! UserID("B"), to: try! UserID("A"), text: "줄 하나\n줄 둘",
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
        let none = ChatFeature.State(), one = ChatFeature.State(sent: [first]), two = ChatFeature.State(sent: [first, second])
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
        let failed = ChatFeature.State(sent: [first], failure: ended)
        let error = "Error: the study has ended; no more messages can be sent\n"
        let piped = ChatSendStreamRenderer(chat: renderer(.json)).end(failed)
        XCTAssertEqual(piped.stdout, #"{"payload":["# + firstJSON + "]}\n", "what was stored before the failure is reported")
        XCTAssertEqual(piped.exitCode, .refused)
        XCTAssertEqual(piped.stderr, error + #"{"error":{"code":"study_ended","status":201,"message":"the study has ended; no more messages can be sent"}}"# + "\n")
        let text = ChatSendStreamRenderer(chat: renderer(.text(.plain)))
        XCTAssertEqual(text.changes(from: ChatFeature.State(), to: failed), "Sent at 2026-11-21T09:30:00.000Z.\n")
        XCTAssertEqual(text.end(failed), Output(stdout: "", stderr: error, exitCode: .refused))
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
