import Foundation
import SLPDomain
import SLPTestSupport
import SLPSupport
import XCTest

/// Search on hand-placed users: radius edges, the antimeridian, the poles, study filters,
/// exclusions, reports and requests.
final class SearchStorageContractTests: StorageContractTestCase {
    private let seoul = Coordinate.at(37.5665, 126.9780)

    // MARK: - Radius

    func testUsersExactlyOnTheRadiusAreIncludedAndOneCentimetreBeyondIsNot() {
        forEachBackend {
            let equator = Coordinate.at(0, 30)
            for (index, radius) in [1.0, 50, 700].enumerated() {
                // Along a meridian, Δlat = r / R radians; on the equator the double distance is exactly r.
                let onEdge = Coordinate.at(radius / Coordinate.earthRadiusMetres * 180 / Double.pi, 30)
                XCTAssertEqual(equator.distance(to: onEdge), radius)
                try waiting("Edge\(index)", at: onEdge)
                try waiting("Beyond\(index)", at: Coordinate.at((radius + 0.01) / Coordinate.earthRadiusMetres * 180 / Double.pi, 30))
                XCTAssertEqual(uids(try nearby(equator, radius: radius)).filter { $0.hasSuffix("\(index)") }, ["Edge\(index)"])
                XCTAssertEqual(uids(try nearby(equator, radius: radius, limit: 100)).filter { $0.hasSuffix("\(index)") }, ["Edge\(index)"])
                XCTAssertEqual(uids(try nearby(equator, radius: radius, study: "anything")).filter { $0.hasSuffix("\(index)") }, ["Edge\(index)"])
            }
            // Anywhere else: a user whose distance equals the radius is in, a centimetre further is out.
            let edge = seoul.moved(700, bearing: 33)
            let beyond = seoul.moved(700.01, bearing: 33)
            try waiting("SeoulEdge", at: edge)
            try waiting("SeoulBeyond", at: beyond)
            let radius = seoul.distance(to: edge)
            XCTAssertEqual(radius, 700, accuracy: 1e-6)
            XCTAssertEqual(uids(try nearby(seoul, radius: radius)), ["SeoulEdge"])
            XCTAssertEqual(uids(try nearby(seoul, radius: radius, limit: 5)), ["SeoulEdge"])
            XCTAssertEqual(uids(try nearby(seoul, radius: radius.nextDown)), [])
            XCTAssertEqual(uids(try nearby(seoul, radius: seoul.distance(to: beyond))), ["SeoulEdge", "SeoulBeyond"])
        }
    }

    func testNearestFirstWithExactDistancesAndTheCard() {
        forEachBackend {
            try register("Card1", nick: "카드", gender: .male)
            try change("Card1") {
                $0.sesac = 2
                $0.background = 6
                $0.comments = ["좋아요", "it's \"great\""]
                $0.reputation = try Reputation(counts: [3, 0, 1, 0, 0, 2])
            }
            try enter("Card1", at: seoul.moved(250, bearing: 90), studies: ["Swift", "알고리즘", "ＲＥＡＣＴ"])
            try waiting("Near2", at: seoul.moved(20, bearing: 180))
            try waiting("Far3", at: seoul.moved(690, bearing: 300))
            let found = try nearby(seoul, radius: 700)
            XCTAssertEqual(uids(found), ["Near2", "Card1", "Far3"])
            XCTAssertEqual(found.map { $0.distance.rounded() }, [20, 250, 690])
            let card = found[1]
            XCTAssertEqual(card.nick.value, "카드")
            XCTAssertEqual(card.gender, .male)
            XCTAssertEqual([card.sesac, card.background], [2, 6])
            XCTAssertEqual(card.reviews, ["좋아요", "it's \"great\""])
            XCTAssertEqual(card.reputation.counts, [3, 0, 1, 0, 0, 2])
            XCTAssertEqual(card.studies.studies.map(\.name), ["Swift", "알고리즘", "ＲＥＡＣＴ"])
            XCTAssertEqual(card.studies, try StudyList(parsing: ["swift 알고리즘 react"]))
            XCTAssertEqual(card.coordinate, seoul.moved(250, bearing: 90))
            XCTAssertEqual(card.sharedStudies, [])
        }
    }

    func testLimitKeepsTheNearestEvenBeyondTheFirstRings() {
        forEachBackend {
            for (index, metres) in [4_000.0, 100, 1_500, 600, 4_900, 5_100].enumerated() {
                try waiting("U\(index)", at: seoul.moved(metres, bearing: Double(index) * 50))
            }
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, limit: 1)), ["U1"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, limit: 3)), ["U1", "U3", "U2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, limit: 5)), ["U1", "U3", "U2", "U0", "U4"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, limit: 50)), ["U1", "U3", "U2", "U0", "U4"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 1_000, limit: 3)), ["U1", "U3"])
            // Excluded users and candidates refused by the person rules do not count towards the limit.
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, excluding: ["U1", "U3"], limit: 2)), ["U2", "U0"])
            try change("U1") { $0.gender = .male }
            try change("U2") { $0.gender = .male }
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, limit: 2, criteria: criteria(gender: .female))), ["U3", "U0"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 5_000, limit: 2, criteria: criteria(gender: .male))), ["U1", "U2"])
        }
    }

    // MARK: - Geometry at the edges of the map

    func testAcrossTheAntimeridian() {
        forEachBackend {
            for latitude in [0.0, 10, -45, 70] {
                let center = Coordinate.at(latitude, 179.999)
                let prefix = "L\(Int(latitude + 100))"
                try waiting(prefix + "W", at: .at(latitude, -179.999))
                try waiting(prefix + "E", at: .at(latitude, 179.998))
                try waiting(prefix + "Far", at: .at(latitude, -179.99))
                try waiting(prefix + "Edge", at: .at(latitude, 180))
                try waiting(prefix + "Edge2", at: .at(latitude, -180))
                let radius = 300.0
                let found = Set(uids(try nearby(center, radius: radius)).filter { $0.hasPrefix(prefix) })
                XCTAssertEqual(found, [prefix + "W", prefix + "E", prefix + "Edge", prefix + "Edge2"], "latitude \(latitude)")
                try assertMatchesBruteForce(center, radius: radius)
                try assertMatchesBruteForce(.at(latitude, -179.999), radius: radius)
                try assertMatchesBruteForce(.at(latitude, 180), radius: radius, limit: 2)
                try assertMatchesBruteForce(.at(latitude, -180), radius: 2_000, study: "anything")
            }
        }
    }

    func testNearTheNorthPoleAcrossAllLongitudes() {
        forEachBackend {
            let longitudes = stride(from: -180.0, through: 180.0, by: 22.5).map { $0 }
            for (index, longitude) in longitudes.enumerated() {
                try waiting("N\(index)", at: .at(89.995, longitude))
            }
            try waiting("Pole", at: .at(90, 0))
            try waiting("PoleToo", at: .at(90, 123.4))
            try waiting("South", at: .at(89.95, 0))
            let center = Coordinate.at(89.99, 0)
            // Every 89.995 user is at most 0.015° away (over the pole), the pole 0.01°, 89.95 is 0.04°.
            let found = Set(uids(try nearby(center, radius: 2_000)))
            XCTAssertEqual(found, Set(longitudes.indices.map { "N\($0)" } + ["Pole", "PoleToo"]))
            for center in [center, .at(89.99, 179.99), .at(89.9999, -77), .at(89.98, 45)] {
                for radius in [50.0, 600, 1_200, 2_000, 5_000, 50_000] {
                    try assertMatchesBruteForce(center, radius: radius)
                    try assertMatchesBruteForce(center, radius: radius, limit: 3)
                }
            }
        }
    }

    func testAtThePoleItself() {
        forEachBackend {
            for (index, longitude) in [-180.0, -120, -60, 0, 60, 120, 180].enumerated() {
                try waiting("N\(index)", at: .at(89.99, longitude))
                try waiting("S\(index)", at: .at(-89.99, longitude))
            }
            try waiting("SouthPole", at: .at(-90, 17))
            for longitude in [0.0, 123.4, -180] {
                let found = uids(try nearby(.at(90, longitude), radius: 1_200))
                XCTAssertEqual(Set(found), Set((0..<7).map { "N\($0)" }), "north pole, longitude \(longitude)")
                XCTAssertEqual(uids(try nearby(.at(90, longitude), radius: 1_100)), [])
                let south = uids(try nearby(.at(-90, longitude), radius: 1_200))
                XCTAssertEqual(Set(south), Set((0..<7).map { "S\($0)" } + ["SouthPole"]), "south pole, longitude \(longitude)")
                XCTAssertEqual(south.first, "SouthPole")
            }
            for center in [Coordinate.at(-89.995, 0), .at(-89.995, 180), .at(-89.995, -91)] {
                let found = Set(uids(try nearby(center, radius: 2_000)))
                XCTAssertEqual(found, Set((0..<7).map { "S\($0)" } + ["SouthPole"]), "\(center)")
                for radius in [300.0, 700, 1_000, 1_500] {
                    try assertMatchesBruteForce(center, radius: radius)
                }
            }
        }
    }

    func testSeededPopulationsAtTheEdgesOfTheMapMatchBruteForce() {
        forEachBackend {
            for (index, center) in [Coordinate.at(89.9, 0), .at(-89.95, 100), .at(0, 180), .at(64, -179.99)].enumerated() {
                try seed(try SeedOptions(count: 400, seed: UInt64(index + 1), center: center, spreadKilometres: 20))
            }
            let scanned = try scanQueue()
            XCTAssertEqual(scanned.count, 1_600)
            var random = SplitMix64(seed: 99)
            for center in [Coordinate.at(89.9, 0), .at(90, 0), .at(-89.95, 100), .at(-90, 0), .at(0, 180), .at(0, -179.9), .at(64, -179.99), .at(64.1, 179.9)] {
                for _ in 0..<6 {
                    let radius = 100 + random.nextUnit() * 25_000
                    try assertMatchesBruteForce(center, radius: radius, scanned: scanned)
                    try assertMatchesBruteForce(center, radius: radius, study: "코딩", scanned: scanned)
                    try assertMatchesBruteForce(center, radius: radius, limit: 1 + Int(random.next() % 30), scanned: scanned)
                }
            }
        }
    }

    // MARK: - Studies

    func testStudyFilterKeepsListersAndAnythingOnceEach() {
        forEachBackend {
            try waiting("OnlyAnything1", at: seoul.moved(10))
            try waiting("Swift2", at: seoul.moved(20), studies: ["Swift"])
            try waiting("Both3", at: seoul.moved(30), studies: ["anything", "swift"])
            try waiting("Java4", at: seoul.moved(40), studies: ["java", "go"])
            try waiting("Wide5", at: seoul.moved(50), studies: ["ＳＷＩＦＴ"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "swift")), ["OnlyAnything1", "Swift2", "Both3", "Wide5"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "SWIFT")), ["OnlyAnything1", "Swift2", "Both3", "Wide5"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "java")), ["OnlyAnything1", "Both3", "Java4"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "rust")), ["OnlyAnything1", "Both3"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "swift", limit: 3)), ["OnlyAnything1", "Swift2", "Both3"])
            // Searching for `anything` itself finds those open to anything, not every user.
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "anything")), ["OnlyAnything1", "Both3"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "ANYTHING")), ["OnlyAnything1", "Both3"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700)), ["OnlyAnything1", "Swift2", "Both3", "Java4", "Wide5"])
            try assertMatchesBruteForce(seoul, radius: 700, study: "swift")
            try assertMatchesBruteForce(seoul, radius: 700, study: "anything")
        }
    }

    /// Eight studies of eight characters, each character carrying as many combining marks as it
    /// may (`TextLimit`), make a card of over 2 KB: too large for PostgreSQL's covering index, so
    /// it lives in the other one.
    func testUsersWithHugeCardsAreFoundLikeOthers() {
        let marks = "\u{1DC0}\u{1DC1}\u{1DC2}\u{1DC3}\u{1DC4}\u{1DC5}\u{1DC6}\u{1DC7}"
        let studies = ["a", "b", "c", "d", "e", "f", "g", "h"].map { String(repeating: $0 + marks, count: 8) }
        XCTAssertEqual(studies.joined().utf8.count, 1_600, "and as much again in the study keys")
        forEachBackend {
            try waiting("Plain1", at: seoul.moved(10), studies: ["swift"])
            try waiting("Huge2", at: seoul.moved(20), studies: studies)
            try waiting("Huge3", at: seoul.moved(5_000), studies: studies)
            XCTAssertEqual(uids(try nearby(seoul, radius: 700)), ["Plain1", "Huge2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: studies[1])), ["Huge2"])
            XCTAssertEqual(try nearby(seoul, radius: 700, study: studies[7]).first?.studies.studies.count, 8)
            XCTAssertEqual(uids(try nearby(seoul, radius: 6_000)), ["Plain1", "Huge2", "Huge3"])
        }
    }

    // MARK: - Exclusions, reports, requests

    func testExcludedUsersAreLeftOut() {
        forEachBackend {
            try waiting("Me1", at: seoul)
            try waiting("Other2", at: seoul.moved(10), studies: ["swift"])
            try waiting("Third3", at: seoul.moved(20), studies: ["swift"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, excluding: ["Me1"])), ["Other2", "Third3"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, study: "swift", excluding: ["Me1", "Third3", "Unknown9"])), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 700, excluding: ["Me1", "Other2"], limit: 1)), ["Third3"])
        }
    }

    /// A report as the storage records one, without the rules' conditions.
    private func insertReport(_ reporter: String, _ reported: String) throws {
        try write { try $0.insertReport(by: self.id(reporter), of: self.id(reported), reason: .rude, comment: nil, at: self.now) }
    }

    /// An open request as the storage records one, whether or not the sender waits.
    private func insertRequest(_ from: String, _ to: String) throws {
        try write { try $0.insertRequest(from: self.id(from), to: self.id(to), at: self.now) }
    }

    /// Whom `uid` reported and who reported `uid`, as search excludes them.
    private func reportedPartners(of uid: String) throws -> (reported: Set<String>, reporters: Set<String>) {
        try read { transaction in
            (Set(try transaction.reportedUsers(by: self.id(uid)).map(\.rawValue)), Set(try transaction.reporters(of: self.id(uid)).map(\.rawValue)))
        }
    }

    func testReportsAreReadInBothDirections() {
        forEachBackend {
            for uid in ["Me1", "IReported2", "ReportedMe3", "Both4", "Stranger5", "Other6"] { try register(uid) }
            try insertReport("Me1", "IReported2")
            try insertReport("ReportedMe3", "Me1")
            try insertReport("Me1", "Both4")
            try insertReport("Both4", "Me1")
            try insertReport("Stranger5", "Other6")
            let mine = try reportedPartners(of: "Me1")
            XCTAssertEqual(mine.reported, ["IReported2", "Both4"])
            XCTAssertEqual(mine.reporters, ["ReportedMe3", "Both4"])
            XCTAssertEqual(try read { try $0.reportedUsers(by: self.id("Me1")) }.map(\.rawValue), ["IReported2", "Both4"], "in the order reported")
            XCTAssertEqual(try reportedPartners(of: "IReported2").reporters, ["Me1"])
            XCTAssertEqual(try reportedPartners(of: "IReported2").reported, [])
            XCTAssertEqual(try reportedPartners(of: "Other6").reporters, ["Stranger5"])
            XCTAssertEqual(try reportedPartners(of: "Nobody").reported, [])
            XCTAssertEqual(try reportedPartners(of: "Nobody").reporters, [])
            // A withdrawn reporter takes the report with them.
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("ReportedMe3"))
            XCTAssertEqual(try reportedPartners(of: "Me1").reporters, ["Both4"])
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("IReported2"))
            XCTAssertEqual(try reportedPartners(of: "Me1").reported, ["Both4"])
        }
    }

    func testRequestersAreWaitingSendersWithDistances() {
        forEachBackend {
            try waiting("Me1", at: seoul)
            try waiting("Near2", at: seoul.moved(300, bearing: 10), studies: ["swift"])
            try waiting("Far3", at: seoul.moved(30_000, bearing: 200))
            try register("NotWaiting4")
            try waiting("ToSomeoneElse5", at: seoul.moved(5))
            try waiting("Other6", at: seoul.moved(50))
            try insertRequest("Near2", "Me1")
            try insertRequest("Far3", "Me1")
            try insertRequest("NotWaiting4", "Me1")
            try insertRequest("ToSomeoneElse5", "Other6")
            try insertRequest("Me1", "Other6")
            let center = seoul.moved(100, bearing: 270)
            let requesters = try self.requesters(of: "Me1", from: center)
            XCTAssertEqual(Set(uids(requesters)), ["Near2", "Far3"])
            for user in requesters {
                XCTAssertEqual(user.distance, center.distance(to: user.coordinate))
            }
            XCTAssertEqual(requesters.first { $0.uid.rawValue == "Near2" }?.studies.studies.map(\.name), ["swift"])
            XCTAssertEqual(uids(try self.requesters(of: "Other6", from: center)).sorted(), ["Me1", "ToSomeoneElse5"])
            XCTAssertEqual(try self.requesters(of: "Nobody", from: center), [])
            // A sender who leaves the queue is no longer listed, nor one whose request was withdrawn.
            XCTAssertTrue(try LeaveQueueUseCase(storage: storage)(me: id("Far3")))
            XCTAssertEqual(uids(try self.requesters(of: "Me1", from: center)), ["Near2"])
            try write { try $0.deleteRequests(between: self.id("Me1"), and: self.id("Near2")) }
            XCTAssertEqual(uids(try self.requesters(of: "Me1", from: center)), [])
            XCTAssertEqual(uids(try self.requesters(of: "Other6", from: center)).sorted(), ["Me1", "ToSomeoneElse5"])
            try write { try $0.deleteRequests(involving: self.id("Other6")) }
            XCTAssertEqual(try self.requesters(of: "Other6", from: center), [])
        }
    }

    func testSearchUseCaseExcludesReportsBothWaysInBothLists() {
        forEachBackend {
            let me = try register("Me1")
            try enter("Me1", at: seoul, studies: ["swift", "go"])
            try waiting("IReported2", at: seoul.moved(10), studies: ["swift"])
            try waiting("ReportedMe3", at: seoul.moved(20), studies: ["swift"])
            try waiting("Friend4", at: seoul.moved(30), studies: ["SWIFT", "java"])
            try insertReport("Me1", "IReported2")
            try insertReport("ReportedMe3", "Me1")
            for from in ["IReported2", "ReportedMe3", "Friend4"] { try insertRequest(from, "Me1") }
            let useCase = SearchNearbyUseCase(storage: storage, clock: StoppedClock(queueTestNow))
            let result = try useCase(me: me.uid, SearchRequest())
            XCTAssertEqual(result.center, seoul, "my place in the queue")
            XCTAssertEqual(uids(result.fromQueueDB), ["Friend4"])
            XCTAssertEqual(uids(result.fromQueueDBRequested), ["Friend4"])
            XCTAssertEqual(result.fromQueueDB.first?.sharedStudies.map(\.name), ["SWIFT"])
            XCTAssertEqual(result.fromRecommend, ["java", "SWIFT"], "ties go to the earlier study, case aside")
            // The same search named by phone number, and one from another point.
            XCTAssertEqual(try useCase(me: try IdentifyUserUseCase(storage: storage).uid(of: me.phone.e164), SearchRequest()), result)
            let elsewhere = try useCase(me: try IdentifyUserUseCase(storage: storage).uid(of: "Me1"), SearchRequest(center: seoul.moved(5_000), radius: 100))
            XCTAssertEqual(elsewhere.center, seoul.moved(5_000))
            XCTAssertEqual(elsewhere.fromQueueDB, [])
            XCTAssertThrowsError(try useCase(me: try IdentifyUserUseCase(storage: storage).uid(of: "Nobody"), SearchRequest())) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            // Not waiting and no point given: nowhere to search from.
            try register("Idle")
            XCTAssertThrowsError(try useCase(me: id("Idle"), SearchRequest())) { XCTAssertEqual($0 as? DomainError, .notSearching) }
        }
    }
}
