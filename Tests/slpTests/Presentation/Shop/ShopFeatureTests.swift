import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class ShopFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var database: InMemoryDatabase { storage.database }
    private var store: TestStore<ShopFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
        try storage.write { [me, other] in try $0.insertReport(by: me.uid, of: other.uid, reason: .rude, comment: nil, at: testNow) }
        store = TestStore(
            ShopFeature(
                identify: IdentifyUserUseCase(storage: storage), show: ShowUserUseCase(storage: storage),
                buy: BuyItemUseCase(storage: storage), wear: WearItemsUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    /// Every shop screen carries my whole record, whom I reported included.
    private func record(_ user: User) -> MyRecord {
        MyRecord(user: user, reviewed: [], reported: [other.uid])
    }

    func testListShowsMyRecord() async {
        await store.send(.list(actingUser: "ME"))
        store.receive(.setRecord(record(me))) { $0.record = self.record(self.me) }
    }

    func testBuyThenWearEachNoticeAfterTheRecord() async throws {
        await store.send(.buy(actingUser: "ME", kind: .sesac, index: 2))
        var bought = me
        bought.sesacCollection = [0, 2]
        store.receive(.setRecord(record(bought))) { $0.record = self.record(bought) }
        let mint = try ShopCatalog.item(.sesac, 2)
        store.receive(.setNotice(.bought(mint))) { $0.notice = .bought(mint) }

        await store.send(.wear(actingUser: "ME", sesac: 2, background: nil))
        var dressed = bought
        dressed.sesac = 2
        store.receive(.setRecord(record(dressed))) { $0.record = self.record(dressed) }
        let notice = ShopFeature.Notice.wearing(sesac: mint, background: try ShopCatalog.item(.background, 0))
        store.receive(.setNotice(notice)) { $0.notice = notice }
        XCTAssertEqual(database.users[me.uid], dressed)
    }

    func testWearingWhatIDoNotOwnIsRefusedAndChangesNothing() async {
        await store.send(.wear(actingUser: "ME", sesac: 3, background: nil))
        let failure = Failure(DomainError.itemNotOwned)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(database.users[me.uid], me)
    }

    func testWearingNothingIsAUsageFailureThatNeverReachesStorage() async {
        let before = storage.transactions
        await store.send(.wear(actingUser: "ME", sesac: nil, background: nil))
        let failure = Failure(code: "nothing_to_wear", status: nil, message: "choose a sesac, a background or both", exitCode: .usage)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(storage.transactions, before + ["read"], "only finding me")
        XCTAssertEqual(database.users[me.uid], me)
    }
}
