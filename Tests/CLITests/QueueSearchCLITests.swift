import Foundation
import SLPData
import XCTest

/// `slp queue`, `slp queue stop`, `slp search` and `slp seed` driven through the built binary, on
/// every backend.
final class QueueSearchCLITests: XCTestCase {
    private var slp: SLPBinary!

    /// Runs `body` on a fresh store of each backend.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            slp = SLPBinary(database: database)
            try body()
        }
    }

    private func register(_ phone: String, nick: String, gender: String = "female", birth: String = "1998-03-14") throws -> String {
        let result = try slp.run(["register", "--phone", phone, "--nick", nick, "--birth", birth, "--email", "a@example.com", "--gender", gender])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Two people a few metres apart in Sydney (negative latitude), both waiting for swift.
    private func twoWaiting() throws -> (me: String, other: String) {
        let me = try register("010-1111-1111", nick: "me")
        let other = try register("010-2222-2222", nick: "bo", gender: "male", birth: "1997-05-01")
        let mine = try slp.run("queue", "--as", me, "--lat", "-33.87", "--long", "151.21", "--study", "swift")
        XCTAssertEqual(mine, .init(stdout: "Waiting at -33.87,151.21 for swift.\n", stderr: "", status: 0))
        let theirs = try slp.run("--json", "queue", "--as", other, "--lat=-33.8701", "--long=151.21", "--study", "Swift")
        XCTAssertEqual(theirs.status, 0, theirs.stderr)
        XCTAssertEqual(theirs.stdout, """
            {"uid":"\(other)","status":"waiting","lat":-33.8701,"long":151.21,"studylist":["Swift"],"enteredAt":"2026-11-21T09:30:00.000Z"}

            """)
        return (me, other)
    }

    func testQueueWithNegativeCoordinatesAndSearchTable() {
        onEachBackend {
            let (me, other) = try twoWaiting()
            let table = try slp.run("search", "--as", me)
            XCTAssertEqual(table.status, 0, table.stderr)
            XCTAssertEqual(table.stderr, "")
            XCTAssertEqual(table.stdout, """
                DISTANCE  NICK  GENDER  STUDIES  SHARED  UID
                    11 m  bo    male    Swift    Swift   \(other)

                Popular nearby: Swift

                """)
            XCTAssertEqual(table.stdout.split(separator: "\n").first, "DISTANCE  NICK  GENDER  STUDIES  SHARED  UID")
            // The other way round, with a centre given as negative numbers in both spellings.
            let around = try slp.run("search", "--as", other, "--lat=-33.87", "--long", "151.21", "--radius", "5")
            XCTAssertEqual(around.stdout, """
                DISTANCE  NICK  GENDER  STUDIES  SHARED  UID
                     0 m  me    female  swift    swift   \(me)

                Popular nearby: swift

                """)
        }
    }

    func testEmptySearchSaysNobodyIsWaiting() {
        onEachBackend {
            let (me, _) = try twoWaiting()
            let empty = try slp.run("search", "--as", me, "--lat", "37.5", "--long", "127")
            XCTAssertEqual(empty, .init(stdout: "Nobody is waiting nearby.\n", stderr: "", status: 0))
            let filtered = try slp.run("search", "--as", me, "--study", "java", "--gender", "female")
            XCTAssertEqual(filtered, .init(stdout: "Nobody is waiting nearby.\n", stderr: "", status: 0))
        }
    }

    func testSearchJSONShapeAndKeyOrder() {
        onEachBackend {
            let (me, other) = try twoWaiting()
            let result = try slp.run("--json", "search", "--as", me)
            XCTAssertEqual(result.status, 0, result.stderr)
            let object = try result.jsonObject()
            XCTAssertEqual(Set(object.keys), ["fromQueueDB", "fromQueueDBRequested", "fromRecommend"])
            XCTAssertTrue(result.stdout.hasPrefix("{\"fromQueueDB\":["))
            XCTAssertEqual(object["fromRecommend"] as? [String], ["Swift"])
            XCTAssertEqual((object["fromQueueDBRequested"] as? [Any])?.count, 0)
            let nearby = try XCTUnwrap(object["fromQueueDB"] as? [[String: Any]])
            XCTAssertEqual(nearby.count, 1)
            let keys = ["uid", "nick", "lat", "long", "reputation", "studylist", "reviews", "gender", "type", "sesac", "background",
                        "distance", "sharedStudies"]
            XCTAssertEqual(Set(nearby[0].keys), Set(keys))
            XCTAssertEqual(nearby[0]["uid"] as? String, other)
            XCTAssertEqual(nearby[0]["lat"] as? Double, -33.8701)
            XCTAssertEqual(nearby[0]["distance"] as? Int, 11)
            XCTAssertEqual(nearby[0]["gender"] as? Int, 1)
            XCTAssertEqual(nearby[0]["type"] as? Int, 0)
            XCTAssertEqual(nearby[0]["studylist"] as? [String], ["Swift"])
            XCTAssertEqual(nearby[0]["sharedStudies"] as? [String], ["Swift"])
            XCTAssertEqual(nearby[0]["reputation"] as? [Int], [0, 0, 0, 0, 0, 0])
            // Key order, from the raw text of the one user object.
            let start = try XCTUnwrap(result.stdout.range(of: "[{")).upperBound
            let end = try XCTUnwrap(result.stdout.range(of: "}]")).lowerBound
            let text = String(result.stdout[start..<end])
            let positions = try keys.map { key in try XCTUnwrap(text.range(of: "\"\(key)\":"), key).lowerBound }
            XCTAssertEqual(positions, positions.sorted(), text)
            XCTAssertTrue(text.hasPrefix("\"uid\":"), text)
        }
    }

    func testInvalidCoordinatesAndStudiesExit64WithOneErrorLine() {
        onEachBackend {
            let me = try register("010-1111-1111", nick: "me")
            let cases: [[String]] = [
                ["--lat", "nan", "--long", "1"], ["--lat", "91", "--long", "1"], ["--lat", "1", "--long", "181"],
                ["--lat", "1e400", "--long", "1"], ["--lat=-90.5", "--long", "1"], ["--lat", "1", "--long", "-inf"],
                ["--lat", "1", "--long", "1", "--study", "a b c d e f g h i"],
                ["--lat", "1", "--long", "1"] + ["a", "b", "c", "d", "e", "f", "g", "h", "i"].flatMap { ["--study", $0] },
                ["--lat", "1", "--long", "1", "--study", "swift", "--study", "SWIFT"],
            ]
            for arguments in cases {
                let result = try slp.run(["queue", "--as", me] + arguments)
                XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(arguments)")
                XCTAssertEqual(result.errorLines.count, 1, "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            }
            // A value out of range names its option, as a mistyped one does.
            XCTAssertEqual(try slp.run("queue", "--as", me, "--lat", "91", "--long", "1").stderr, "Error: --lat: must be a number from -90 to 90\n")
            XCTAssertEqual(try slp.run("queue", "--as", me, "--lat", "1", "--long=-180.5").stderr, "Error: --long: must be a number from -180 to 180\n")
            XCTAssertEqual(try slp.run("search", "--as", me, "--lat", "-91", "--long", "1").stderr, "Error: --lat: must be a number from -90 to 90\n")
            XCTAssertEqual(try slp.run("seed", "--users", "1", "--center", "37.5,181").stderr,
                           "Error: --center: the longitude must be a number from -180 to 180\n")
            XCTAssertEqual(try slp.run("queue", "--as", me, "--lat", "1", "--long", "1", "--study", "a b c d e f g h i").stderr,
                           "Error: at most 8 studies (got 9)\n")
            let json = try slp.run("--json", "queue", "--as", me, "--lat", "1", "--long", "181")
            XCTAssertEqual(try json.jsonError()["code"] as? String, "invalid_coordinate")
            XCTAssertTrue(try json.jsonError()["status"] is NSNull)
            // Nothing was queued by the refusals.
            XCTAssertEqual(try slp.run("queue", "stop", "--as", me).stdout, "You were not in the queue.\n")
        }
    }

    func testSearchArgumentErrors() {
        onEachBackend {
            let (me, _) = try twoWaiting()
            let half = try slp.run("search", "--as", me, "--lat", "1")
            XCTAssertEqual(half.status, 64)
            XCTAssertEqual(half.stdout, "")
            XCTAssertEqual(half.errorLines, ["Error: --lat and --long go together"])
            // A mistyped number is reported before the missing half of the pair.
            let typo = try slp.run("search", "--as", me, "--lat", "3x.5")
            XCTAssertEqual(typo.status, 64)
            XCTAssertEqual(typo.errorLines, ["Error: --lat: '3x.5' is not a finite decimal number"])
            for arguments in [["--radius", "0"], ["--radius", "50001"], ["--radius", "nan"], ["--limit", "0"], ["--lat", "91", "--long", "0"],
                              ["--study", "abcdefghi"]] {
                let result = try slp.run(["--json", "search", "--as", me] + arguments)
                XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.stdout, "")
                XCTAssertEqual(result.errorLines.count, 1, "\(arguments): \(result.stderr)")
            }
            XCTAssertEqual(try slp.run("--json", "search", "--as", me, "--radius", "0").jsonError()["code"] as? String, "invalid_radius")
            XCTAssertEqual(try slp.run("--json", "search", "--as", me, "--limit", "0").jsonError()["code"] as? String, "invalid_limit")
        }
    }

    func testSearchWhenNotQueuedNeedsACentre() {
        onEachBackend {
            let me = try register("010-1111-1111", nick: "me")
            let result = try slp.run("--json", "search", "--as", me)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, """
                Error: you are not waiting in the queue
                {"error":{"code":"not_searching","status":null,"message":"you are not waiting in the queue"}}

                """)
            XCTAssertEqual(try slp.run("search", "--as", me, "--lat", "1", "--long", "1"),
                           .init(stdout: "Nobody is waiting nearby.\n", stderr: "", status: 0))
            let stranger = try slp.run("--json", "search", "--as", "Nobody", "--lat", "1", "--long", "1")
            XCTAssertEqual(stranger.status, 1)
            XCTAssertEqual(try stranger.jsonError()["code"] as? String, "not_registered")
        }
    }

    func testQueueStopTwice() {
        onEachBackend {
            let (me, other) = try twoWaiting()
            XCTAssertEqual(try slp.run("queue", "stop", "--as", me), .init(stdout: "Left the queue.\n", stderr: "", status: 0))
            XCTAssertEqual(try slp.run("queue", "stop", "--as", me), .init(stdout: "You were not in the queue.\n", stderr: "", status: 0))
            XCTAssertEqual(try slp.run("--json", "queue", "stop", "--as", other).stdout, "{\"left\":true}\n")
            XCTAssertEqual(try slp.run("--json", "queue", "stop", "--as", other).stdout, "{\"left\":false}\n")
            XCTAssertEqual(try slp.run("search", "--as", me).status, 1, "no longer waiting")
        }
    }

    func testSeedTwiceAddsUsersAndSeedJSON() {
        TestBackend.each(self) { backend, database, _ in
            slp = SLPBinary(database: database)
            let first = try slp.run("seed", "--users", "500", "--seed", "3")
            XCTAssertEqual(first.status, 0, first.stderr)
            XCTAssertEqual(first.stdout, "Added 500 waiting users (seed 3) within 15.0 km of 37.5665,126.978.\n")
            let second = try slp.run("seed", "--users", "500", "--seed", "3")
            XCTAssertEqual(second.status, 0, second.stderr)
            // The tables themselves, where the test can open them: the SQLite file.
            if backend == .sqlite {
                let store = try Database(path: database)
                XCTAssertEqual(try store.read { try $0.prepare("SELECT count(*), count(DISTINCT uid), count(DISTINCT phone) FROM users")
                    .first { [$0.int(0), $0.int(1), $0.int(2)] } }, [1_000, 1_000, 1_000])
                XCTAssertEqual(try store.read { try $0.prepare("SELECT count(*) FROM queue").first { $0.int(0) } }, 1_000)
            }
            // On every backend through the binary: more are found than one seeding added (some are
            // left out by the age rules), each once.
            let me = try register("010-1111-1111", nick: "me")
            let everyone = try slp.run("--json", "search", "--as", me, "--lat", "37.5665", "--long", "126.978", "--radius", "50000")
            XCTAssertEqual(everyone.status, 0, everyone.stderr)
            let uids = (try everyone.jsonObject()["fromQueueDB"] as? [[String: Any]] ?? []).compactMap { $0["uid"] as? String }
            XCTAssertGreaterThan(uids.count, 500)
            XCTAssertEqual(Set(uids).count, uids.count)
            let json = try slp.run("--json", "seed", "--users", "10", "--center=-33.87,151.21", "--spread-km", "2", "--hotspots")
            XCTAssertEqual(json.status, 0, json.stderr)
            XCTAssertEqual(json.stdout, "{\"added\":10,\"seed\":1,\"center\":[-33.87,151.21],\"spreadKm\":2.0,\"hotspots\":true}\n")
            XCTAssertEqual(Set(try json.jsonObject().keys), ["added", "seed", "center", "spreadKm", "hotspots"])
            for arguments in [["--users", "0"], ["--users", "10", "--spread-km", "0"], ["--users", "10", "--spread-km", "nan"],
                              ["--users", "10", "--center", "91,0"], ["--users", "x"]] {
                let refused = try slp.run(["seed"] + arguments)
                XCTAssertEqual(refused.status, 64, "\(arguments): \(refused.stderr)")
                XCTAssertEqual(refused.stdout, "")
            }
            // Seeded people are found by search.
            let found = try slp.run("--json", "search", "--as", me, "--lat", "-33.87", "--long", "151.21", "--radius", "5000")
            XCTAssertEqual((try found.jsonObject()["fromQueueDB"] as? [Any])?.isEmpty, false)
        }
    }
}
