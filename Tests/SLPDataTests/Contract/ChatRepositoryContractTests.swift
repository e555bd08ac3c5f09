import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ChatRepositoryContractTests: RepositoryContractTestCase {
    @discardableResult
    private func send(_ from: String, _ text: String, at time: Date? = nil) throws -> ChatMessage {
        try chats.send(from: id(from), text: text, at: time ?? now, check: ChatRules.send)
    }

    private func conversation(_ me: String, with partner: String? = nil) throws -> Conversation? {
        try chats.conversation(of: id(me), with: partner.map(id))
    }

    private func hex(_ value: Int64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 12 - digits.count) + digits
    }

    private func assertRefused(
        _ expression: @autoclosure () throws -> some Any, _ expected: DomainError, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { XCTAssertEqual($0 as? DomainError, expected, file: file, line: line) }
    }

    // MARK: Sending

    func testSendingNeedsAnActiveCurrentMatch() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            assertRefused(try send("A", "hi"), .notMatched)
            assertRefused(try send("Nobody", "hi"), .notRegistered)
            try match("A", "B")
            let message = try send("A", "안녕하세요")
            XCTAssertEqual(message.from, id("A"))
            XCTAssertEqual(message.to, id("B"))
            XCTAssertEqual(message.text, "안녕하세요")
            XCTAssertEqual(message.createdAt, now)
            assertRefused(try send("C", "끼어들기"), .notMatched)
            try send("B", "반가워요")
            try dodge("B")
            assertRefused(try send("A", "어디 가요?"), .studyEnded)
            assertRefused(try send("B", "미안해요"), .studyEnded)
            let stored = try chats.messages(in: try XCTUnwrap(try conversation("A")), .all)
            XCTAssertEqual(stored.map { "\($0.from.rawValue)|\($0.to.rawValue)|\($0.text)|\(milliseconds($0.createdAt))" },
                           ["A|B|안녕하세요|\(milliseconds(now))", "B|A|반가워요|\(milliseconds(now) + 1)"])
        }
    }

    func testTheCheckSeesMyStateAndItsRefusalStoresNothing() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            var seen: PartySnapshot?
            XCTAssertThrowsError(try chats.send(from: id("A"), text: "x", at: now) { party in
                seen = party
                throw PlannedFailure()
            }) { XCTAssertEqual($0 as? PlannedFailure, PlannedFailure()) }
            XCTAssertEqual(seen?.user.uid, id("A"))
            XCTAssertEqual(seen?.latest?.partner?.uid, id("B"))
            XCTAssertEqual(seen?.latest?.isActive, true)
            XCTAssertEqual(try chats.messages(in: try XCTUnwrap(try conversation("A")), .all), [])
        }
    }

    func testSequenceNumbersAndIDsIncreasePerMatch() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            let first = try (1...3).map { try send($0 == 2 ? "B" : "A", "m\($0)") }
            XCTAssertEqual(first.map(\.id), (1...3).map { hex(1) + hex(Int64($0)) })
            XCTAssertEqual(first.map(\.id), first.map(\.id).sorted())
            XCTAssertTrue(first.allSatisfy { $0.id.count == 24 && $0.id.allSatisfy(\.isHexDigit) })
            try dodge("A")
            try enterChecked("B")
            try match("B", "C")
            let second = try send("C", "hello")
            XCTAssertEqual(second.id, hex(2) + hex(1))
            XCTAssertGreaterThan(second.id, first[2].id, "ids sort like the conversations")
            XCTAssertEqual(try chats.messages(in: try XCTUnwrap(try conversation("A")), .all), first)
            let c = try XCTUnwrap(try conversation("C"))
            XCTAssertEqual(try chats.messages(in: c, .all), [second])
        }
    }

    func testTimesStrictlyIncreaseInTheSameMillisecondAndWhenTheClockGoesBack() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let burst = try (0..<40).map { try send($0.isMultiple(of: 3) ? "B" : "A", "burst \($0)", at: now) }
            XCTAssertEqual(burst.map { milliseconds($0.createdAt) }, (0..<40).map { milliseconds(now) + Int64($0) })
            let backwards = try send("A", "clock went back", at: now.addingTimeInterval(-10))
            XCTAssertEqual(milliseconds(backwards.createdAt), milliseconds(now) + 40)
            let sameAsLast = try send("B", "same as the last", at: backwards.createdAt)
            XCTAssertEqual(milliseconds(sameAsLast.createdAt), milliseconds(now) + 41)
            let later = now.addingTimeInterval(5)
            XCTAssertEqual(try send("A", "later", at: later).createdAt, later, "a later clock is used as is")
            let stored = try chats.messages(in: try XCTUnwrap(try conversation("A")), .all)
            XCTAssertEqual(stored.count, 43)
            XCTAssertTrue(zip(stored, stored.dropFirst()).allSatisfy { $0.createdAt < $1.createdAt })
        }
    }

    // MARK: Reading

    func testPagesAreExactAndOldestFirst() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let sent = try (0..<6).map { try send($0.isMultiple(of: 2) ? "A" : "B", "m\($0)", at: now.addingTimeInterval(Double($0))) }
            let a = try XCTUnwrap(try conversation("A")), b = try XCTUnwrap(try conversation("B"))
            XCTAssertEqual(try chats.messages(in: a, .all), sent)
            XCTAssertEqual(try chats.messages(in: b, .all), sent, "both members read the same conversation")
            XCTAssertEqual(try chats.messages(in: a, .newest(limit: 2)), [sent[4], sent[5]])
            XCTAssertEqual(try chats.messages(in: a, .newest(limit: 1)), [sent[5]])
            XCTAssertEqual(try chats.messages(in: a, .newest(limit: 100)), sent)
            XCTAssertEqual(try chats.messages(in: a, .after(sent[1].createdAt, limit: nil)), Array(sent[2...]))
            XCTAssertEqual(try chats.messages(in: a, .after(sent[1].createdAt, limit: 2)), [sent[2], sent[3]])
            XCTAssertEqual(try chats.messages(in: a, .after(sent[1].createdAt.addingTimeInterval(-0.001), limit: 1)), [sent[1]])
            XCTAssertEqual(try chats.messages(in: a, .after(now.addingTimeInterval(-1), limit: nil)), sent)
            XCTAssertEqual(try chats.messages(in: a, .after(sent[5].createdAt, limit: nil)), [])
            XCTAssertEqual(try chats.messages(in: a, .after(sent[5].createdAt, limit: 3)), [])
            XCTAssertEqual(sent.map(\.text), ["m0", "m1", "m2", "m3", "m4", "m5"])
            XCTAssertEqual(sent.map(\.from.rawValue), ["A", "B", "A", "B", "A", "B"])
            XCTAssertEqual(sent.map(\.to.rawValue), ["B", "A", "B", "A", "B", "A"])
        }
    }

    func testPagingForwardHasNoGapOrRepeat() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            // Times with bursts in one millisecond and a clock that jumps back and forth.
            let offsets: [Double] = [0, 0, 0, 0.001, 0.0004, 2, 1, 1, 3, 3, 3, 3, 3.5, 0, 4, 4, 4.0006, 9, 9, 9, 9, 9, 9]
            let sent = try offsets.enumerated().map { try send($0.offset.isMultiple(of: 2) ? "A" : "B", "p\($0.offset)", at: now.addingTimeInterval($0.element)) }
            let a = try XCTUnwrap(try conversation("A"))
            for limit in [1, 2, 4, 7, 100] {
                var seen: [ChatMessage] = []
                var since = Date(timeIntervalSince1970: 0)
                while true {
                    let page = try chats.messages(in: a, .after(since, limit: limit))
                    XCTAssertLessThanOrEqual(page.count, limit)
                    guard let last = page.last else { break }
                    seen += page
                    since = last.createdAt
                }
                XCTAssertEqual(seen, sent, "limit \(limit)")
            }
        }
    }

    // MARK: Conversations

    func testTheLatestOrAGivenPastPartnersConversation() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            try register("E")
            try match("A", "B")
            try send("A", "with B")
            try dodge("B")
            try enterChecked("A")
            try match("A", "C")
            try send("C", "with C")

            let latest = try XCTUnwrap(try conversation("A"))
            XCTAssertEqual(latest.me, id("A"))
            XCTAssertEqual(latest.partner, .init(uid: id("C"), nick: try Nick("C")))
            XCTAssertEqual(latest.partnerUID, id("C"))
            XCTAssertTrue(latest.isOpen)
            XCTAssertEqual(try chats.messages(in: latest, .all).map(\.text), ["with C"])

            let past = try XCTUnwrap(try conversation("A", with: "B"))
            XCTAssertNotEqual(past.id, latest.id)
            XCTAssertEqual(past.partner?.uid, id("B"))
            XCTAssertFalse(past.isOpen)
            XCTAssertEqual(try chats.messages(in: past, .all).map(\.text), ["with B"])
            XCTAssertEqual(try conversation("A", with: "C"), latest)
            XCTAssertEqual(try conversation("B")?.id, past.id)
            XCTAssertEqual(try conversation("B", with: "A")?.id, past.id)
            XCTAssertEqual(try conversation("B")?.isOpen, false)

            XCTAssertNil(try conversation("C", with: "B"), "strangers learn nothing")
            XCTAssertNil(try conversation("D", with: "A"))
            XCTAssertNil(try conversation("D"), "waiting, never matched")
            XCTAssertNil(try conversation("E"))
            XCTAssertNil(try conversation("Nobody"))
            XCTAssertNil(try conversation("Nobody", with: "A"))
            XCTAssertNil(try conversation("A", with: "Nobody"))
        }
    }

    func testAConversationClosesWhenEitherMemberDodgesOrReviews() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D", "E", "F", "G", "H")
            let pairs = [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")]
            for (x, y) in pairs { try match(x, y) }
            let opened = try pairs.map { try XCTUnwrap(try conversation($0.0)) }
            XCTAssertTrue(opened.allSatisfy(\.isOpen))
            try dodge("A")
            try dodge("D")
            try review("E", "F")
            try review("H", "G")
            for (x, y) in pairs {
                XCTAssertEqual(try conversation(x)?.isOpen, false, x)
                XCTAssertEqual(try conversation(y)?.isOpen, false, y)
            }
            for conversation in opened {
                let refreshed = try chats.refresh(conversation)
                XCTAssertFalse(refreshed.isOpen)
                XCTAssertEqual(refreshed.id, conversation.id)
                XCTAssertEqual(refreshed.partner, conversation.partner)
            }
            assertRefused(try send("B", "x"), .studyEnded)
            assertRefused(try send("G", "x"), .studyEnded)
        }
    }

    func testRefreshKeepsAnOpenConversationAsItIs() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let open = try XCTUnwrap(try conversation("B"))
            try send("A", "still here")
            XCTAssertEqual(try chats.refresh(open), open)
        }
    }

    func testTheChangeTokenMovesOnlyWhenAnotherConnectionCommits() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let other = try repositories.reconnect()
            let otherChats = other.chats
            let start = try chats.changeToken()
            XCTAssertEqual(try chats.changeToken(), start)
            let conversationThere = try XCTUnwrap(try otherChats.conversation(of: id("B"), with: nil))
            _ = try otherChats.messages(in: conversationThere, .all)
            XCTAssertEqual(try chats.changeToken(), start, "reading elsewhere changes nothing")

            _ = try otherChats.send(from: id("B"), text: "from another process", at: now, check: ChatRules.send)
            let afterSend = try chats.changeToken()
            XCTAssertNotEqual(afterSend, start)
            XCTAssertEqual(try chats.changeToken(), afterSend, "steady until the next commit")
            XCTAssertEqual(try chats.messages(in: try XCTUnwrap(try conversation("A")), .all).map(\.text), ["from another process"])

            _ = try other.users.update(uid: id("A")) { $0.searchable = false }
            XCTAssertNotEqual(try chats.changeToken(), afterSend, "any commit elsewhere counts")
        }
    }

    func testAWithdrawnPartnersMessagesStayWithTheOtherMember() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            try send("A", "안녕")
            try send("B", "잘 있어요")
            XCTAssertTrue(try users.remove(uid: id("B")))

            let a = try XCTUnwrap(try conversation("A"))
            XCTAssertNil(a.partner)
            XCTAssertEqual(a.partnerUID, id("B"))
            XCTAssertFalse(a.isOpen)
            XCTAssertEqual(try conversation("A", with: "B")?.id, a.id, "still found by the partner's uid")
            let messages = try chats.messages(in: a, .all)
            XCTAssertEqual(messages.map(\.text), ["안녕", "잘 있어요"])
            XCTAssertEqual(messages.map(\.from.rawValue), ["A", "B"])
            XCTAssertEqual(messages.map(\.to.rawValue), ["B", "A"])
            assertRefused(try send("A", "거기 있어요?"), .studyEnded)
            XCTAssertNil(try conversation("B"))
        }
    }

    /// `--since` may carry more digits than slp prints; "after .1256" includes a message at .126.
    func testAfterASubMillisecondTimeKeepsTheNextMessage() {
        forEachBackend {
            let a = try register("A1"), b = try register("B2")
            let here = try Coordinate(latitude: 37.5665, longitude: 126.978)
            _ = try enter("A1", at: here)
            _ = try enter("B2", at: here)
            let clock = StoppedClock(Date(timeIntervalSince1970: 1_795_253_400.125))
            _ = try RequestStudyUseCase(matches: matches, clock: clock)(me: a.uid, other: b.uid)
            _ = try AcceptStudyUseCase(matches: matches, clock: clock)(me: b.uid, other: a.uid)
            let send = SendMessageUseCase(chats: chats, clock: clock)
            let first = try send(me: a.uid, text: "first")
            let second = try send(me: a.uid, text: "second")
            let conversation = try XCTUnwrap(try chats.conversation(of: b.uid, with: nil))
            XCTAssertEqual(try chats.messages(in: conversation, .after(first.createdAt.addingTimeInterval(0.0006), limit: nil)), [second])
            XCTAssertEqual(try chats.messages(in: conversation, .after(first.createdAt, limit: nil)), [second])
            XCTAssertEqual(try chats.messages(in: conversation, .after(second.createdAt, limit: nil)), [])
        }
    }
}
