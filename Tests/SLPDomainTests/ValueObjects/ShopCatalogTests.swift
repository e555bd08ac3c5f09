import SLPDomain
import XCTest

final class ShopCatalogTests: XCTestCase {
    func testFiveSesacsWithSPECPrices() {
        XCTAssertEqual(ShopCatalog.sesacs.map(\.name), ["기본 새싹", "튼튼 새싹", "민트 새싹", "퍼플 새싹", "골드 새싹"])
        XCTAssertEqual(ShopCatalog.sesacs.map(\.price), [0, 1200, 2500, 2500, 2500])
        XCTAssertEqual(ShopCatalog.sesacs.map(\.index), [0, 1, 2, 3, 4])
        XCTAssertTrue(ShopCatalog.sesacs.allSatisfy { $0.kind == .sesac })
    }

    func testEightBackgroundsWithSPECPrices() {
        XCTAssertEqual(
            ShopCatalog.backgrounds.map(\.name),
            ["하늘 공원", "씨티 뷰", "밤의 산책로", "낮의 산책로", "연극 무대", "라틴 거실", "홈트방", "뮤지션 작업실"])
        XCTAssertEqual(ShopCatalog.backgrounds.map(\.price), [0, 1200, 1200, 1200, 2500, 2500, 2500, 2500])
        XCTAssertEqual(ShopCatalog.backgrounds.map(\.index), Array(0...7))
        XCTAssertTrue(ShopCatalog.backgrounds.allSatisfy { $0.kind == .background })
    }

    func testOnlyItemZeroIsFree() {
        XCTAssertEqual(ShopCatalog.sesacs.filter(\.isFree).map(\.index), [0])
        XCTAssertEqual(ShopCatalog.backgrounds.filter(\.isFree).map(\.index), [0])
    }

    func testItemLookup() throws {
        XCTAssertEqual(try ShopCatalog.item(.background, 7).name, "뮤지션 작업실")
        XCTAssertEqual(try ShopCatalog.item(.sesac, 4).name, "골드 새싹")
        XCTAssertEqual(ShopCatalog.items(.sesac), ShopCatalog.sesacs)
        XCTAssertEqual(ShopCatalog.items(.background), ShopCatalog.backgrounds)
    }

    func testOutOfRangeItemsAreInvalid() {
        let background = XCTAssertThrowsInvalid(try ShopCatalog.item(.background, 8), code: "invalid_item")
        XCTAssertInvalidMessage(background, "background items are numbered 0 to 7")
        let sesac = XCTAssertThrowsInvalid(try ShopCatalog.item(.sesac, 5), code: "invalid_item")
        XCTAssertInvalidMessage(sesac, "sesac items are numbered 0 to 4")
        XCTAssertThrowsInvalid(try ShopCatalog.item(.sesac, -1), code: "invalid_item")
    }
}
