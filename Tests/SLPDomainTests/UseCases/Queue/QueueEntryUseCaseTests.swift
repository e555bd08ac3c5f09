import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class QueueEntryUseCaseTests: XCTestCase {
    func testMyPlaceWhileWaitingAndNothingOtherwise() throws {
        let me = User.stub(uid: "Me1")
        let database = InMemoryDatabase(users: [me])
        let queue = InMemoryQueueRepository(database)
        let entryOf = QueueEntryUseCase(queue: queue)
        XCTAssertNil(try entryOf(me: me.uid))
        let entered = try EnterQueueUseCase(queue: queue, clock: StoppedClock(testNow))(
            me: me.uid, latitude: 37.5, longitude: 127, studies: ["swift"])
        XCTAssertEqual(try entryOf(me: me.uid), entered)
        XCTAssertNil(try entryOf(me: try UserID("Nobody")), "someone not waiting")
    }
}
