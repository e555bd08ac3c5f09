import SLPDomain
import SLPTestSupport
import XCTest

final class WearItemsUseCaseTests: XCTestCase {
    private var me: User!
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var wear: WearItemsUseCase!

    override func setUp() {
        me = User.stub(uid: "Me1")
        me.sesacCollection = [0, 2]
        me.backgroundCollection = [0, 5]
        database = InMemoryDatabase(users: [me])
        storage = InMemoryStorage(database)
        wear = WearItemsUseCase(storage: storage)
    }

    func testWearingWhatIOwn() throws {
        let both = try wear(me: me.uid, sesac: 2, background: 5)
        XCTAssertEqual([both.sesac, both.background], [2, 5])
        let faceOnly = try wear(me: me.uid, sesac: 0, background: nil)
        XCTAssertEqual([faceOnly.sesac, faceOnly.background], [0, 5], "what is not given stays")
        XCTAssertEqual(try database.stored(me.uid).map { [$0.sesac, $0.background] }, [0, 5])
    }

    func testAnItemNotOwnedIsRefusedAndNothingChanges() throws {
        XCTAssertThrowsDomainError(try wear(me: me.uid, sesac: 2, background: 3), .itemNotOwned)
        XCTAssertThrowsDomainError(try wear(me: me.uid, sesac: 4, background: nil), .itemNotOwned)
        XCTAssertEqual(try database.stored(me.uid), me)
    }

    func testNothingToWearOrNoSuchItemIsInvalidBeforeStorage() {
        XCTAssertThrowsInvalid(try wear(me: me.uid, sesac: nil, background: nil), code: "nothing_to_wear")
        XCTAssertThrowsInvalid(try wear(me: me.uid, sesac: 5, background: nil), code: "invalid_item")
        XCTAssertThrowsInvalid(try wear(me: me.uid, sesac: nil, background: 8), code: "invalid_item")
        XCTAssertEqual(storage.transactions, [])
    }

    func testAnUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try wear(me: try UserID("Ghost"), sesac: 0, background: nil), .notRegistered)
    }
}
