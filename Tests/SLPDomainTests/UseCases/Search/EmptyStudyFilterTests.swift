import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// An empty (or blank) study in a search is no filter, as an empty study in the queue is none:
/// the same value means the same thing in both.
final class EmptyStudyFilterTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.9780)

    func testAnEmptyStudyFiltersNobody() throws {
        let users = [
            User.stub(uid: "A", phone: "010-1000-0001", nick: "에이"), User.stub(uid: "B", phone: "010-1000-0002", nick: "비"),
            User.stub(uid: "C", phone: "010-1000-0003", nick: "씨"),
        ]
        let storage = InMemoryStorage(InMemoryDatabase(users: users))
        try storage.write { transaction in
            try transaction.putInQueue(.stub("A", at: here, studies: ["swift"]), of: users[0])
            try transaction.putInQueue(.stub("B", at: here.moved(100), studies: ["ios"]), of: users[1])
            try transaction.putInQueue(.stub("C", at: here.moved(200), studies: [""]), of: users[2])
        }
        XCTAssertEqual(storage.database.queue[try UserID("C")]?.studies, StudyList.anything, "queue: '' is none, so anything")
        let search = SearchNearbyUseCase(storage: storage, clock: StoppedClock(testNow))
        let everyone = try search(me: try UserID("A"), SearchRequest()).fromQueueDB.map(\.uid.rawValue)
        XCTAssertEqual(everyone, ["B", "C"])
        for empty in ["", " ", "\t\n"] {
            XCTAssertEqual(try search(me: try UserID("A"), SearchRequest(study: empty)).fromQueueDB.map(\.uid.rawValue), everyone, "'\(empty)'")
        }
        XCTAssertEqual(try search(me: try UserID("A"), SearchRequest(study: "ios")).fromQueueDB.map(\.uid.rawValue), ["B", "C"])
        XCTAssertThrowsError(try search(me: try UserID("A"), SearchRequest(study: "a b")), "a study with a space is still invalid")
    }
}
