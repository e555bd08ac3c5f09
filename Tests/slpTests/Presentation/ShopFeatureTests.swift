import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class ShopFeatureTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var store: TestStore<ShopFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")

    override func setUp() async throws {
        database = InMemoryDatabase(users: [me, other])
        database.reports = [ReportRow(from: me.uid, to: other.uid, reason: .rude, comment: nil)]
        let users = InMemoryUserRepository(database)
        store = TestStore(
            ShopFeature(
                identify: IdentifyUserUseCase(users: users), show: ShowUserUseCase(users: users),
                buy: BuyItemUseCase(users: users), wear: WearItemsUseCase(users: users)),
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
}
