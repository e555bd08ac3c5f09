import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ChatStorageContractTests: StorageContractTestCase {
    /// The id of the latest match of `me`.
    private func matchID(_ me: String) throws -> Int64 {
        try XCTUnwrap(try latest(me)).id
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
            let stored = try messages("A", "B")
            XCTAssertEqual(stored.map { "\($0.from.rawValue)|\($0.to.rawValue)|\($0.text)|\(milliseconds($0.createdAt))" },
                           ["A|B|안녕하세요|\(milliseconds(now))", "B|A|반가워요|\(milliseconds(now) + 1)"])
            XCTAssertEqual(try read { try $0.lastMessage(between: self.id("A"), and: self.id("B")) }, stored.last)
        }
    }

    /// A message written in a write that then fails is not stored, and the conversation goes on
    /// numbering from the last stored one.
    func testAFailedWriteStoresNoMessage() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let match = try matchID("A")
            XCTAssertNil(try read { try $0.lastMessage(between: self.id("A"), and: self.id("B")) })
            XCTAssertThrowsError(try write { transaction in
                let view = try XCTUnwrap(try transaction.latestMatch(of: self.id("A"), with: nil))
                XCTAssertEqual(view.partner?.uid, self.id("B"), "the write reads my state")
                XCTAssertTrue(view.isActive)
                try transaction.insert(ChatMessage(
                    id: MessageID(conversation: match, sequence: 1), from: self.id("A"), to: self.id("B"), text: "x", createdAt: self.now))
                XCTAssertEqual(try transaction.lastMessage(between: self.id("B"), and: self.id("A"))?.text, "x", "the write sees its own message")
                throw PlannedFailure()
            }) { XCTAssertEqual($0 as? PlannedFailure, PlannedFailure()) }
            XCTAssertEqual(try messages("A", "B"), [])
            XCTAssertNil(try read { try $0.lastMessage(between: self.id("A"), and: self.id("B")) })
            XCTAssertEqual(try send("A", "first").id, MessageID(conversation: match, sequence: 1))
        }
    }

    func testSequenceNumbersAndIDsIncreasePerMatch() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            let firstMatch = try matchID("A")
            let first = try (1...3).map { try send($0 == 2 ? "B" : "A", "m\($0)") }
            XCTAssertEqual(first.map(\.id), (1...3).map { MessageID(conversation: firstMatch, sequence: Int64($0)) })
            XCTAssertEqual(first.map(\.id.description), first.map(\.id.description).sorted())
            XCTAssertTrue(first.allSatisfy { $0.id.description.count == 24 && $0.id.description.allSatisfy(\.isHexDigit) })
            XCTAssertEqual(first.map { MessageID($0.id.description) }, first.map(\.id), "ids read back from their text")
            try dodge("A")
            try requeue("B")
            try match("B", "C")
            let secondMatch = try matchID("C")
            XCTAssertGreaterThan(secondMatch, firstMatch)
            let second = try send("C", "hello")
            XCTAssertEqual(second.id, MessageID(conversation: secondMatch, sequence: 1))
            XCTAssertGreaterThan(second.id.description, first[2].id.description, "ids sort like the conversations")
            XCTAssertEqual(try messages("A", "B"), first)
            XCTAssertEqual(try readMessages("C").1, [second])
            XCTAssertEqual(try readMessages("A").1, first)
        }
    }

    /// Times strictly increase: a message in the same millisecond as the last one, or when the
    /// clock went back, takes the next millisecond.
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
            // Within the same millisecond as the last, by a fraction.
            let fraction = try send("A", "a fraction later", at: sameAsLast.createdAt.addingTimeInterval(0.0003))
            XCTAssertEqual(milliseconds(fraction.createdAt), milliseconds(now) + 42)
            let later = now.addingTimeInterval(5)
            XCTAssertEqual(try send("A", "later", at: later).createdAt, later, "a later clock is used as is")
            let stored = try messages("A", "B")
            XCTAssertEqual(stored.count, 44)
            XCTAssertEqual(stored.map(\.text), burst.map(\.text) + ["clock went back", "same as the last", "a fraction later", "later"])
            XCTAssertTrue(zip(stored, stored.dropFirst()).allSatisfy { $0.createdAt < $1.createdAt })
            XCTAssertEqual(stored.map(\.id.sequence), Array(1...44))
        }
    }

    // MARK: Reading

    func testPagesAreExactAndOldestFirst() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let sent = try (0..<6).map { try send($0.isMultiple(of: 2) ? "A" : "B", "m\($0)", at: now.addingTimeInterval(Double($0))) }
            XCTAssertEqual(try messages("A", "B", .all), sent)
            XCTAssertEqual(try readMessages("A").1, sent)
            XCTAssertEqual(try readMessages("B").1, sent, "both members read the same conversation")
            XCTAssertEqual(try messages("A", "B", .newest(limit: 2)), [sent[4], sent[5]])
            XCTAssertEqual(try readMessages("B", .newest(limit: 2)).1, [sent[4], sent[5]])
            XCTAssertEqual(try messages("A", "B", .newest(limit: 1)), [sent[5]])
            XCTAssertEqual(try messages("A", "B", .newest(limit: 100)), sent)
            XCTAssertEqual(try messages("A", "B", .after(sent[1].createdAt, limit: nil)), Array(sent[2...]))
            XCTAssertEqual(try messages("A", "B", .after(sent[1].createdAt, limit: 2)), [sent[2], sent[3]])
            XCTAssertEqual(try messages("A", "B", .after(sent[1].createdAt.addingTimeInterval(-0.001), limit: 1)), [sent[1]])
            XCTAssertEqual(try messages("A", "B", .after(now.addingTimeInterval(-1), limit: nil)), sent)
            XCTAssertEqual(try messages("A", "B", .after(sent[5].createdAt, limit: nil)), [])
            XCTAssertEqual(try messages("A", "B", .after(sent[5].createdAt, limit: 3)), [])
            // Scrolling back: the newest before a message, oldest first.
            XCTAssertEqual(try messages("A", "B", .before(sent[4].createdAt, limit: 2)), [sent[2], sent[3]])
            XCTAssertEqual(try messages("A", "B", .before(sent[2].createdAt, limit: 5)), [sent[0], sent[1]])
            XCTAssertEqual(try messages("A", "B", .before(sent[0].createdAt, limit: 5)), [])
            XCTAssertEqual(try readMessages("B", .before(sent[5].createdAt, limit: 1)).1, [sent[4]])
            XCTAssertEqual(try messages("A", "A", .all), [], "no such conversation")
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
            for limit in [1, 2, 4, 7, 100] {
                var seen: [ChatMessage] = []
                var since = Date(timeIntervalSince1970: 0)
                while true {
                    let page = try messages("A", "B", .after(since, limit: limit))
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

    /// The history between two people is theirs whole: after a second match with the same
    /// partner both read the first match's messages too, and times go on increasing across.
    func testASecondMatchWithTheSamePartnerReadsTheWholeHistory() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let first = [try send("A", "first match"), try send("B", "reply")]
            try meetAndPartAgain()
            let second = try send("A", "second match")
            XCTAssertEqual(second.id.sequence, 1, "numbered within its match")
            XCTAssertEqual(milliseconds(second.createdAt), milliseconds(first[1].createdAt) + 1, "the same millisecond takes the next")
            XCTAssertEqual(try readMessages("B").1, first + [second])
            XCTAssertEqual(try readMessages("A", with: "B", .after(now.addingTimeInterval(-60), limit: nil)).1, first + [second])
            XCTAssertEqual(try readMessages("A", .newest(limit: 2)).1, [first[1], second])
            XCTAssertEqual(try readMessages("B", .before(second.createdAt, limit: 1)).1, [first[1]])
            XCTAssertEqual(try FollowConversationUseCase(storage: storage).poll(try readMessages("B").0, after: first[0].createdAt).1, [first[1], second])
        }
    }

    /// A and B part (A reviews) and match again.
    private func meetAndPartAgain() throws {
        try review("A", "B")
        try requeue("A")
        try requeue("B")
        try match("B", "A")
    }

    func testTheLatestOrAGivenPastPartnersConversation() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            try register("E")
            try match("A", "B")
            try send("A", "with B")
            try dodge("B")
            try requeue("A")
            try match("A", "C")
            try send("C", "with C")

            let (latest, latestMessages) = try readMessages("A")
            XCTAssertEqual(latest.me, id("A"))
            XCTAssertEqual(latest.partner, .init(uid: id("C"), nick: try Nick("C")))
            XCTAssertEqual(latest.partnerUID, id("C"))
            XCTAssertTrue(latest.isOpen)
            XCTAssertEqual(latestMessages.map(\.text), ["with C"])

            let (past, pastMessages) = try readMessages("A", with: "B")
            XCTAssertNotEqual(past.id, latest.id)
            XCTAssertEqual(past.partner?.uid, id("B"))
            XCTAssertFalse(past.isOpen)
            XCTAssertEqual(pastMessages.map(\.text), ["with B"])
            XCTAssertEqual(try readMessages("A", with: "C").0, latest)
            XCTAssertEqual(try readMessages("B").0.id, past.id)
            XCTAssertEqual(try readMessages("B", with: "A").0.id, past.id)
            XCTAssertEqual(try readMessages("B").0.isOpen, false)

            assertRefused(try readMessages("C", with: "B"), .notMatched)  // strangers learn nothing
            assertRefused(try readMessages("D", with: "A"), .notMatched)
            assertRefused(try readMessages("D"), .notMatched)  // waiting, never matched
            assertRefused(try readMessages("E"), .notMatched)
            assertRefused(try readMessages("Nobody"), .notRegistered)
            assertRefused(try readMessages("Nobody", with: "A"), .notRegistered)
            assertRefused(try readMessages("A", with: "Nobody"), .notMatched)
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
            let follow = FollowConversationUseCase(storage: storage)
            for conversation in opened {
                let (refreshed, messages) = try follow.poll(conversation, after: nil)
                XCTAssertFalse(refreshed.isOpen)
                XCTAssertEqual(refreshed.id, conversation.id)
                XCTAssertEqual(refreshed.partner, conversation.partner)
                XCTAssertEqual(messages, [])
            }
            assertRefused(try send("B", "x"), .studyEnded)
            assertRefused(try send("G", "x"), .studyEnded)
        }
    }

    func testPollingKeepsAnOpenConversationAsItIsAndReadsWhatIsNew() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let follow = FollowConversationUseCase(storage: storage)
            let open = try readMessages("B").0
            let first = try send("A", "still here")
            XCTAssertEqual(try follow.poll(open, after: nil).0, open)
            XCTAssertEqual(try follow.poll(open, after: nil).1, [first])
            let second = try send("A", "and again", at: now.addingTimeInterval(1))
            XCTAssertEqual(try follow.poll(open, after: first.createdAt).1, [second])
            XCTAssertEqual(try follow.poll(open, after: second.createdAt).1, [])
        }
    }

    func testTheChangeTokenMovesOnlyWhenAnotherConnectionCommits() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let other = try store.reconnect().storage
            let start = try storage.changeToken()
            XCTAssertEqual(try storage.changeToken(), start)
            XCTAssertEqual(try FollowConversationUseCase(storage: storage).changeToken(), start)
            let conversationThere = try XCTUnwrap(try other.read { try $0.latestMatch(of: self.id("B"), with: nil) })
            _ = try other.read { try $0.messages(between: self.id("B"), and: conversationThere.partnerUID, .all) }
            XCTAssertEqual(try storage.changeToken(), start, "reading elsewhere changes nothing")

            _ = try SendMessageUseCase(storage: other, clock: clock())(me: id("B"), text: "from another process")
            let afterSend = try storage.changeToken()
            XCTAssertNotEqual(afterSend, start)
            XCTAssertEqual(try storage.changeToken(), afterSend, "steady until the next commit")
            XCTAssertEqual(try readMessages("A").1.map(\.text), ["from another process"])

            _ = try UpdateMyPageUseCase(storage: other)(me: id("A"), MyPageChanges(searchable: false))
            XCTAssertNotEqual(try storage.changeToken(), afterSend, "any commit elsewhere counts")
        }
    }

    /// A follower waits for a change: the wait ends with a new token once another connection
    /// commits, and with the same one at its limit when nothing was committed.
    func testWaitingForAChangeEndsWhenAnotherConnectionCommits() async {
        await forEachBackendAsync {
            try waitingUsers("A", "B")
            try match("A", "B")
            let other = try store.reconnect().storage
            let follow = FollowConversationUseCase(storage: storage)
            let token = try follow.changeToken()
            let unchanged = try await follow.waitForChange(after: token, upTo: .milliseconds(200))
            XCTAssertEqual(unchanged, token, "nothing was committed elsewhere")
            _ = try SendMessageUseCase(storage: other, clock: clock())(me: id("B"), text: "hi")
            let started = ContinuousClock.now
            let changed = try await follow.waitForChange(after: token, upTo: .seconds(20))
            XCTAssertNotEqual(changed, token)
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(10), "woken by the commit, not by the limit")
            let conversation = try readMessages("A").0
            XCTAssertEqual(try follow.poll(conversation, after: nil).1.map(\.text), ["hi"])
        }
    }

    func testAWithdrawnPartnersMessagesStayWithTheOtherMember() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            try send("A", "안녕")
            try send("B", "잘 있어요")
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("B"))

            let (a, messages) = try readMessages("A")
            XCTAssertNil(a.partner)
            XCTAssertEqual(a.partnerUID, id("B"))
            XCTAssertFalse(a.isOpen)
            XCTAssertEqual(try readMessages("A", with: "B").0.id, a.id, "still found by the partner's uid")
            XCTAssertEqual(messages.map(\.text), ["안녕", "잘 있어요"])
            XCTAssertEqual(messages.map(\.from.rawValue), ["A", "B"])
            XCTAssertEqual(messages.map(\.to.rawValue), ["B", "A"])
            assertRefused(try send("A", "거기 있어요?"), .studyEnded)
            assertRefused(try readMessages("B"), .notRegistered)
            // A follower who withdrew sees the conversation closed, the messages still there.
            let gone = Conversation(id: a.id, me: id("B"), myNick: try Nick("B"), partner: .init(uid: id("A"), nick: try Nick("A")), partnerUID: id("A"), isOpen: true)
            let (seen, kept) = try FollowConversationUseCase(storage: storage).poll(gone, after: nil)
            XCTAssertFalse(seen.isOpen)
            XCTAssertEqual(kept.map(\.text), ["안녕", "잘 있어요"])
        }
    }

    /// `--since` may carry more digits than slp prints; "after .1256" includes a message at .126.
    func testAfterASubMillisecondTimeKeepsTheNextMessage() {
        forEachBackend {
            try waitingUsers("A1", "B2")
            let clock = StoppedClock(Date(timeIntervalSince1970: 1_795_253_400.125))
            _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: id("A1"), other: id("B2"))
            _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: id("B2"), other: id("A1"))
            let send = SendMessageUseCase(storage: storage, clock: clock)
            let first = try send(me: id("A1"), text: "first")
            let second = try send(me: id("A1"), text: "second")
            XCTAssertEqual(milliseconds(second.createdAt), milliseconds(first.createdAt) + 1)
            let read = { (page: MessagePage) in try self.readMessages("B2", page).1 }
            XCTAssertEqual(try read(.after(first.createdAt.addingTimeInterval(0.0006), limit: nil)), [second])
            XCTAssertEqual(try read(.after(first.createdAt, limit: nil)), [second])
            XCTAssertEqual(try read(.after(second.createdAt, limit: nil)), [])
        }
    }
}
