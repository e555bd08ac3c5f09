import Foundation
import XCTest

/// The shop through the binary: catalogue, buying, wearing, and every refusal; on every backend.
final class ShopCLITests: XCTestCase {
    private var slp: SLPBinary!
    private var me = ""

    /// Runs `body` on a fresh store of each backend with one registered user, `me`.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            slp = SLPBinary(database: database)
            let registered = try slp.run(["register", "--phone", "010-8000-0001", "--nick", "새싹", "--birth", "1995-05-05",
                                          "--email", "x@example.com", "--gender", "female"])
            XCTAssertEqual(registered.status, 0, registered.stderr)
            me = registered.stdout.trimmingCharacters(in: .newlines)
            try body()
        }
    }

    func testCatalogueHasTheSLPItemsAndPrices() {
        onEachBackend {
            let shop = try slp.run("--json", "shop", "list", "--as", me).jsonObject()
            let items = try XCTUnwrap(shop["items"] as? [[String: Any]])
            XCTAssertEqual(items.count, 13)
            let names = items.map { "\($0["kind"]!)/\($0["index"]!)/\($0["name"]!)/\($0["price"]!)" }
            XCTAssertEqual(names, [
                "sesac/0/기본 새싹/0", "sesac/1/튼튼 새싹/1200", "sesac/2/민트 새싹/2500", "sesac/3/퍼플 새싹/2500", "sesac/4/골드 새싹/2500",
                "background/0/하늘 공원/0", "background/1/씨티 뷰/1200", "background/2/밤의 산책로/1200", "background/3/낮의 산책로/1200",
                "background/4/연극 무대/2500", "background/5/라틴 거실/2500", "background/6/홈트방/2500", "background/7/뮤지션 작업실/2500",
            ])
            XCTAssertEqual(items.filter { $0["owned"] as? Bool == true }.count, 2, "0 and 0 are everyone's")
            XCTAssertEqual(shop["sesacCollection"] as? [Int], [0])
            let text = try slp.run("shop", "list", "--as", me).stdout
            XCTAssertTrue(text.hasPrefix("KIND        NO  NAME           PRICE\n"), text)
            XCTAssertTrue(text.contains("sesac        1  튼튼 새싹      ₩1200\n"), text)
        }
    }

    func testBuyThenWearAndUserShowSeesIt() {
        onEachBackend {
            XCTAssertEqual(try slp.run("shop", "buy", "sesac", "1", "--as", me).stdout.components(separatedBy: "\n").first, "Bought 튼튼 새싹 (sesac 1).")
            XCTAssertEqual(try slp.run("shop", "buy", "background", "4", "--as", me).status, 0)
            let worn = try slp.run("shop", "wear", "--as", me, "--sesac", "1", "--background", "4")
            XCTAssertEqual(worn.stdout.components(separatedBy: "\n").first, "Now wearing 튼튼 새싹 on 연극 무대.")
            let user = try slp.run("--json", "user", "show", "--as", me).jsonObject()
            XCTAssertEqual(user["sesac"] as? Int, 1)
            XCTAssertEqual(user["background"] as? Int, 4)
            XCTAssertEqual(user["sesacCollection"] as? [Int], [0, 1])
            XCTAssertEqual(user["backgroundCollection"] as? [Int], [0, 4])
        }
    }

    func testRefusals() {
        onEachBackend {
            let notOwned = try slp.run("--json", "shop", "wear", "--as", me, "--sesac", "2")
            XCTAssertEqual(notOwned.status, 1)
            XCTAssertEqual(try notOwned.jsonError()["code"] as? String, "item_not_owned")
            XCTAssertEqual(try notOwned.jsonError()["status"] as? Int, 201)
            // A refused wear changes nothing, not even the part that was allowed.
            XCTAssertEqual(try slp.run("shop", "buy", "sesac", "3", "--as", me).status, 0)
            XCTAssertEqual(try slp.run("--json", "shop", "wear", "--as", me, "--sesac", "3", "--background", "6").status, 1)
            XCTAssertEqual(try slp.run("--json", "user", "show", "--as", me).jsonObject()["sesac"] as? Int, 0)

            let again = try slp.run("--json", "shop", "buy", "sesac", "3", "--as", me)
            XCTAssertEqual(again.status, 1)
            XCTAssertEqual(try again.jsonError()["code"] as? String, "item_already_owned")
            let free = try slp.run("--json", "shop", "buy", "background", "0", "--as", me)
            XCTAssertEqual(try free.jsonError()["code"] as? String, "item_already_owned")

            for (arguments, message) in [
                (["shop", "buy", "hat", "1"], "Error: kind: 'hat' is not sesac or background"),
                (["shop", "buy", "sesac", "5"], "Error: sesac items are numbered 0 to 4"),
                (["shop", "buy", "background", "-1"], "Error: background items are numbered 0 to 7"),
                (["shop", "buy", "sesac", "one"], "Error: number: 'one' is not a whole number"),
                (["shop", "wear", "--background", "8"], "Error: background items are numbered 0 to 7"),
            ] {
                let result = try slp.run(arguments + ["--as", me])
                XCTAssertEqual(result.status, 64, "\(arguments)")
                XCTAssertEqual(result.stderr, message + "\n", "\(arguments)")
            }
            // Neither item is a usage error naming the options, checked before the database is opened.
            let nothing = try slp.run("--json", "shop", "wear", "--as", me)
            XCTAssertEqual(nothing.status, 64)
            XCTAssertEqual(nothing.stderr, """
                Error: give --sesac N, --background N or both
                Usage: slp shop wear [--sesac <n>] [--background <n>]
                  See 'slp shop wear --help' for more information.
                {"error":{"code":"nothing_to_wear","status":null,"message":"give --sesac N, --background N or both"}}

                """)
            let missing = try slp.run("shop", "buy", "sesac", "--as", me)
            XCTAssertEqual(missing.status, 64)
            XCTAssertEqual(missing.errorLines, ["Error: Missing expected argument '<number>'"])
        }
    }
}
