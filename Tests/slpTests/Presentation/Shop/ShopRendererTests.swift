import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// The shop drawn: the catalogue with what I own and wear, a line about what I just did above
/// it; for programs, my whole record with the catalogue.
final class ShopRendererTests: XCTestCase {
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")

    func testBuyingThenWearingSaysSoAboveTheCatalogue() throws {
        let storage = InMemoryStorage(InMemoryDatabase(users: [me]))
        _ = try BuyItemUseCase(storage: storage)(me: me.uid, kind: .sesac, index: 2)
        let mint = try ShopCatalog.item(.sesac, 2)
        let afterBuying = try ShopRenderer(format: .text(.plain), now: testNow).render(ShowUserUseCase(storage: storage).record(of: me.uid), notice: .bought(mint))
        XCTAssertTrue(afterBuying.stdout.hasPrefix("Bought \(mint.name) (sesac 2).\n\nKIND"), afterBuying.stdout)
        XCTAssertTrue(afterBuying.stdout.contains("sesac        2  \(mint.name)"), afterBuying.stdout)

        let dressed = try WearItemsUseCase(storage: storage)(me: me.uid, sesac: 2, background: nil)
        XCTAssertEqual(try ShopNotice.wearing(dressed), .wearing(sesac: mint, background: try ShopCatalog.item(.background, 0)))
        let wearing = try ShopRenderer(format: .text(.plain), now: testNow).render(ShowUserUseCase(storage: storage).record(of: me.uid), notice: try .wearing(dressed))
        XCTAssertTrue(wearing.stdout.hasPrefix("Now wearing \(mint.name) on \(try ShopCatalog.item(.background, 0).name).\n\n"), wearing.stdout)
        XCTAssertEqual(wearing.stdout.split(separator: "\n").filter { $0.hasSuffix("wearing") }.count, 2, "one face, one background")
    }

    func testProgramsGetMyWholeRecordWithTheCatalogue() throws {
        let json = ShopRenderer(format: .json, now: testNow).render(MyRecord(user: me, reviewed: [], reported: [])).stdout
        XCTAssertTrue(json.contains(#""uid":"ME""#), json)
        XCTAssertTrue(json.contains(#""items":["#), json)
    }
}
