import Foundation
import SLPDomain
import XCTest

/// A user's situation (`situation(of:)`, what `party` and `myQueueState` read) is the user, their
/// place and their latest match exactly as each is read alone, in every state a user passes
/// through; on its own (`Storage.situation`) as inside a transaction.
final class SituationStorageContractTests: StorageContractTestCase {
    func testASituationIsTheUserTheirPlaceAndTheirLatestMatchAsEachIsReadAlone() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try change("A") {
                $0.sesacCollection = [0, 1, 3]
                $0.backgroundCollection = [0, 2]
                $0.comments = ["좋아요", "\"quoted\" \\ and\na new line", ""]
            }
            XCTAssertNil(try storage.situation(of: id("Nobody")))
            XCTAssertNil(try read { try $0.situation(of: self.id("Nobody")) })

            let waiting = try situation("A")
            XCTAssertEqual(waiting.user.comments, ["좋아요", "\"quoted\" \\ and\na new line", ""])
            XCTAssertEqual(waiting.user.sesacCollection, [0, 1, 3])
            XCTAssertEqual(waiting.user.backgroundCollection, [0, 2])
            XCTAssertNotNil(waiting.entry)
            XCTAssertNil(waiting.latest)

            try match("A", "B")
            let matched = try situation("A")
            XCTAssertNil(matched.entry)
            XCTAssertEqual(matched.current?.partnerUID, id("B"))
            XCTAssertTrue(matched.isMatched)

            try review("B", "A")
            try requeue("A")
            let again = try situation("A")
            XCTAssertNotNil(again.entry)
            XCTAssertEqual(again.latest?.partnerEnding, .reviewed)

            try review("A", "B")
            let left = try situation("A")
            XCTAssertNil(left.current)
            XCTAssertEqual(left.latest?.iReviewed, true)

            try match("A", "C")
            XCTAssertEqual(try situation("A").current?.partnerUID, id("C"), "the latest of two matches")
        }
    }

    /// The situation of `uid` on its own, after checking that a transaction's reads it, and each
    /// of its parts read alone, give the same.
    private func situation(_ uid: String, file: StaticString = #filePath, line: UInt = #line) throws -> PartySnapshot {
        let alone = try XCTUnwrap(try storage.situation(of: id(uid)), file: file, line: line)
        XCTAssertEqual(try read { try $0.situation(of: self.id(uid)) }, alone, file: file, line: line)
        let user = try XCTUnwrap(try user(uid), file: file, line: line)
        XCTAssertEqual(alone, PartySnapshot(user: user, entry: try entry(uid), latest: try latest(uid)), file: file, line: line)
        return alone
    }
}
