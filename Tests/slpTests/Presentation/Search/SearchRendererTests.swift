import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// A search drawn: a table nearest first for people (shared studies named as I wrote them),
/// a word when nobody waits, the SLP object for programs.
final class SearchRendererTests: XCTestCase {
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")
    private let sydney = try! Coordinate(latitude: -33.87, longitude: 151.21)

    func testATableNearestFirstWithWhatIsPopular() throws {
        let storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
        let there = try Coordinate(latitude: -33.8701, longitude: 151.21)
        try storage.write { [me, other, sydney] transaction in
            try transaction.putInQueue(QueueEntry(uid: me.uid, coordinate: sydney, studies: try StudyList(parsing: ["swift"]), enteredAt: testNow, shownCoordinate: sydney), of: me)
            try transaction.putInQueue(
                QueueEntry(uid: other.uid, coordinate: there, studies: try StudyList(parsing: ["Swift", "go"]), enteredAt: testNow, shownCoordinate: there), of: other)
        }
        let result = try SearchNearbyUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid, SearchRequest())
        XCTAssertEqual(SearchRenderer(format: .text(.plain)).render(result).stdout, """
            DISTANCE  NICK  GENDER  STUDIES   SHARED  UID
                11 m  너    female  Swift go  Swift   OTHER

            Popular nearby: go, Swift

            """)
    }

    func testNobodyNearbyForPeopleAndEmptyListsForPrograms() {
        let empty = SearchResult(me: me, myStudies: nil, center: sydney, fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: [])
        XCTAssertEqual(SearchRenderer(format: .text(.plain)).render(empty).stdout, "Nobody is waiting nearby.\n")
        XCTAssertEqual(SearchRenderer(format: .json).render(empty).stdoutText, "{\"fromQueueDB\":[],\"fromQueueDBRequested\":[],\"fromRecommend\":[]}\n")
    }
}
