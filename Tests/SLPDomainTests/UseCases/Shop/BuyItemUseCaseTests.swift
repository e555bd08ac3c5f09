import SLPDomain
import SLPTestSupport
import XCTest

final class BuyItemUseCaseTests: XCTestCase {
    private let me = User.stub(uid: "Me1")
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var buy: BuyItemUseCase!

    override func setUp() {
        database = InMemoryDatabase(users: [me])
        storage = InMemoryStorage(database)
        buy = BuyItemUseCase(storage: storage)
    }

    func testAPurchaseIsKeptInOrderAndStored() throws {
        XCTAssertEqual(try buy(me: me.uid, kind: .sesac, index: 3).sesacCollection, [0, 3])
        XCTAssertEqual(try buy(me: me.uid, kind: .sesac, index: 1).sesacCollection, [0, 1, 3])
        XCTAssertEqual(try buy(me: me.uid, kind: .background, index: 7).backgroundCollection, [0, 7])
        let stored = try XCTUnwrap(try database.stored(me.uid))
        XCTAssertEqual(stored.sesacCollection, [0, 1, 3])
        XCTAssertEqual(stored.backgroundCollection, [0, 7])
        XCTAssertEqual(stored.sesac, 0, "buying is not wearing")
        XCTAssertEqual(storage.transactions, ["write", "write", "write"])
    }

    func testAnItemOwnedAlreadyIsRefused() throws {
        XCTAssertThrowsDomainError(try buy(me: me.uid, kind: .sesac, index: 0), .itemAlreadyOwned)
        _ = try buy(me: me.uid, kind: .background, index: 2)
        XCTAssertThrowsDomainError(try buy(me: me.uid, kind: .background, index: 2), .itemAlreadyOwned)
        XCTAssertEqual(try database.stored(me.uid)?.backgroundCollection, [0, 2])
    }

    func testAnItemOutsideTheCatalogueIsInvalidBeforeStorage() {
        XCTAssertThrowsInvalid(try buy(me: me.uid, kind: .sesac, index: 5), code: "invalid_item")
        XCTAssertThrowsInvalid(try buy(me: me.uid, kind: .background, index: 8), code: "invalid_item")
        XCTAssertThrowsInvalid(try buy(me: me.uid, kind: .background, index: -1), code: "invalid_item")
        XCTAssertEqual(storage.transactions, [])
    }

    func testAnUnknownBuyerIsNotRegistered() {
        XCTAssertThrowsDomainError(try buy(me: try UserID("Ghost"), kind: .sesac, index: 1), .notRegistered)
    }
}
