import Foundation
import SLPDomain
import SLPTerminal
import SLPTestSupport
import XCTest

@testable import slp

/// `slp chat`'s screen as a store: keys edit the line, Enter stores it and reads back what is
/// new in order, news from other processes arrives by polling, PageUp/PageDown/Home/End scroll
/// the whole conversation (reading older pages), and once the match ends the next key leaves.
@MainActor
final class ChatScreenFeatureTests: ChatTestCase {
    private var store: TestStore<ChatScreenFeature>!
    private let size = TerminalSize(columns: 40, rows: 8)

    override func setUp() async throws {
        try await super.setUp()
        store = TestStore(
            ChatScreenFeature(
                identify: IdentifyUserUseCase(storage: storage), read: ReadMessagesUseCase(storage: storage),
                send: SendMessageUseCase(storage: storage, clock: clock), follow: FollowConversationUseCase(storage: storage)),
            initialState: .init(size: size), test: self)
    }

    /// Opens A's screen on a conversation that already has `history`.
    private func open(history: [ChatMessage]) async {
        let opened = news(history)
        await store.send(.open(actingUser: "A", with: nil))
        store.receive(.receive(opened)) {
            $0.token = opened.token
            $0.conversation = opened.conversation
            $0.messages = history
        }
        store.receive(.prepend([], hasOlder: history.count == ChatScreenFeature.history)) {
            $0.hasOlder = history.count == ChatScreenFeature.history
        }
    }

    func testOpeningReadsTheTokenFirstThenTheRecentHistory() async throws {
        let earlier = try post(b, "안녕하세요")
        let before = storage.transactions.count
        await open(history: [earlier])
        XCTAssertTrue(store.state.isRunning)
        XCTAssertEqual(Array(storage.transactions.dropFirst(before)), ["read"], "a uid as given: me, the conversation and its history in one read")
    }

    func testTypingEditsTheLineAndEnterStoresItThenReadsItBackInOrder() async throws {
        let earlier = try post(b, "안녕하세요")
        await open(history: [earlier])
        await store.send(.key(.text("좋아요")))
        store.receive(.edit(.text("좋아요"))) { $0.input = LineEditor("좋아요") }
        await store.send(.key(.backspace))
        store.receive(.edit(.backspace)) { $0.input = LineEditor("좋아") }
        // The partner wrote meanwhile: their message comes before mine.
        let theirs = try post(b, "내일 봬요")
        await store.send(.key(.enter))
        let mine = message(3, from: a, to: b, "좋아", offset: 2)
        store.receive(.clearInput) { $0.input = LineEditor() }
        store.receive(.setNotice(nil))
        store.receive(.receive(news([theirs, mine], token: store.state.token))) { $0.messages = [earlier, theirs, mine] }
        XCTAssertEqual(database.messages[roomID], [earlier, theirs, mine])
    }

    func testARefusedLineIsSaidOnTheScreenAndStaysToBeCorrectedABlankOneIsDropped() async throws {
        await open(history: [])
        let long = String(repeating: "가", count: 1_001)
        await store.send(.key(.text(long)))
        store.receive(.edit(.text(long))) { $0.input = LineEditor(long) }
        await store.send(.key(.enter))
        store.receive(.setNotice("a message has 1 to 1000 characters (got 1001)")) { $0.notice = "a message has 1 to 1000 characters (got 1001)" }
        store.receive(.receive(news([], token: store.state.token)))
        XCTAssertNil(database.messages[roomID])
        await store.send(.key(.clearToStart))
        store.receive(.edit(.clearToStart)) { $0.input = LineEditor() }
        await store.send(.key(.text("   ")))
        store.receive(.edit(.text("   "))) { $0.input = LineEditor("   ") }
        await store.send(.key(.enter))
        store.receive(.clearInput) { $0.input = LineEditor() }
        XCTAssertNil(database.messages[roomID])
    }

    func testNewsFromOtherProcessesArrivesOnceAndOnceTheMatchEndsTheNextKeyLeaves() async throws {
        await open(history: [])
        await store.send(.poll)  // nothing committed: nothing changes
        let theirs = try post(b, "hello")
        await store.send(.poll)
        store.receive(.receive(news([theirs]))) {
            $0.token = self.database.changeToken
            $0.messages = [theirs]
        }
        try dodge(b)
        await store.send(.poll)
        let ended = conversation(for: a, with: b, isOpen: false, ending: ConversationEnding(.partner, .cancelled))
        store.receive(.receive(news([], in: ended))) {
            $0.token = self.database.changeToken
            $0.conversation = ended
        }
        XCTAssertTrue(store.state.isRunning, "the screen stays with the conversation")
        XCTAssertFalse(store.state.isTalking, "nothing more to look for or send")
        await store.send(.key(.text("x")))
        store.receive(.leave) { $0.hasLeft = true }
        XCTAssertFalse(store.state.isRunning)
    }

    func testPageUpReadsOlderPagesAsTheViewReachesThemHomeGoesToTheFirstEndToTheNewest() async throws {
        // 450 messages of a line each: the screen opens on the newest 200; 5 conversation lines, a page is 4.
        let all = try (0..<450).map { try post($0.isMultiple(of: 2) ? b : a, "m\($0)", at: testNow.addingTimeInterval(Double($0))) }
        await open(history: Array(all.suffix(200)))
        XCTAssertTrue(store.state.hasOlder)
        await store.send(.key(.pageUp))
        store.receive(.scroll(by: 4)) { $0.scroll = 4 }
        await store.send(.key(.pageDown))
        store.receive(.scroll(by: -4)) { $0.scroll = 0 }
        await store.send(.key(.pageDown))
        store.receive(.scroll(by: -4))  // never below the newest
        // Home: every older page, then the first line at the top.
        await store.send(.key(.home))
        store.receive(.prepend(Array(all[50..<250]), hasOlder: true)) {
            $0.messages = Array(all[50...])
        }
        store.receive(.prepend(Array(all[0..<50]), hasOlder: false)) {
            $0.messages = all
            $0.hasOlder = false
        }
        store.receive(.scrollToTop) { $0.scroll = 450 - 5 }
        // News while scrolled back: the view stays on what it showed.
        let news = try post(b, "new", at: testNow.addingTimeInterval(500))
        await store.send(.poll)
        store.receive(.receive(self.news([news]))) {
            $0.token = self.database.changeToken
            $0.messages = all + [news]
            $0.scroll = 450 - 5 + 1
        }
        await store.send(.key(.end))
        store.receive(.scrollToBottom) { $0.scroll = 0 }
        await store.send(.key(.lineStart))
        store.receive(.edit(.lineStart))  // Ctrl-A still moves in the line
    }

    func testLeavingResizingAndRedrawing() async throws {
        await open(history: [])
        await store.send(.resize(TerminalSize(columns: 100, rows: 30)))
        store.receive(.setSize(TerminalSize(columns: 100, rows: 30))) { $0.size = TerminalSize(columns: 100, rows: 30) }
        await store.send(.key(.redraw))
        store.receive(.redraw) { $0.redraws = 1 }
        await store.send(.key(.left))
        store.receive(.edit(.left))
        await store.send(.key(.endOfInput))
        store.receive(.leave) { $0.hasLeft = true }
        XCTAssertFalse(store.state.isRunning)
        await store.send(.key(.interrupt))
        store.receive(.leave)
    }

    func testSomeoneWithoutAConversationGetsNoScreen() async throws {
        await store.send(.open(actingUser: "C", with: nil))
        store.receive(.setFailure(Failure(DomainError.notMatched))) { $0.failure = Failure(DomainError.notMatched) }
        XCTAssertFalse(store.state.isRunning)
    }
}
