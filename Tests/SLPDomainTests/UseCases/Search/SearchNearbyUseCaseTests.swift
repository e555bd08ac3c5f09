import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class SearchNearbyUseCaseTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.9780)
    private var database: InMemoryDatabase!
    private var users: InMemoryUserRepository!
    private var queue: InMemoryQueueRepository!
    private var searchRepository: InMemorySearchRepository!
    private var search: SearchNearbyUseCase!
    private var me: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1", birth: (2000, 1, 15))  // 26 on 2026-11-21
        database = InMemoryDatabase(users: [me])
        users = InMemoryUserRepository(database)
        queue = InMemoryQueueRepository(database)
        searchRepository = InMemorySearchRepository(database)
        search = SearchNearbyUseCase(search: searchRepository, queue: queue, clock: StoppedClock(year: 2026, month: 11, day: 21))
    }

    private var phoneNumber = 0

    /// Registers `uid` and, unless `at` is nil, puts them in the queue.
    @discardableResult
    private func waiting(
        _ uid: String, at coordinate: Coordinate?, studies: [String] = [], gender: Gender = .female,
        birth: (Int, Int, Int) = (1999, 6, 1), ages: (Int, Int) = (18, 65), searchable: Bool = true
    ) throws -> User {
        phoneNumber += 1
        let user = User.stub(
            uid: uid, phone: "010-5555-\(1000 + phoneNumber)", nick: String(uid.lowercased().prefix(10)), birth: birth, gender: gender,
            ageRange: ages, searchable: searchable)
        try users.add(user)
        if let coordinate { database.place(.stub(uid, at: coordinate, studies: studies)) }
        return user
    }

    private func queueMe(at coordinate: Coordinate? = nil, studies: [String] = []) throws {
        database.place(.stub("Me1", at: coordinate ?? here, studies: studies))
    }

    private func uids(_ users: [NearbyUser]) -> [String] { users.map(\.uid.rawValue) }

    // MARK: - Where

    func testPositionDefaultsToMyQueuedPosition() throws {
        let queuedAt = here.moved(3_000, bearing: 45)
        try queueMe(at: queuedAt)
        try waiting("Near1", at: queuedAt.moved(100))
        try waiting("Far2", at: here)
        let result = try search(me: me, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDB), ["Near1"])
        XCTAssertEqual(searchRepository.queries.last?.center, queuedAt)
        XCTAssertEqual(searchRepository.queries.last?.radius, SearchRequest.defaultRadius)
    }

    func testGivenCenterWinsOverMyQueuedPosition() throws {
        try queueMe(at: here.moved(3_000))
        try waiting("Near1", at: here.moved(100))
        let result = try search(me: me, SearchRequest(center: here))
        XCTAssertEqual(uids(result.fromQueueDB), ["Near1"])
        XCTAssertEqual(searchRepository.queries.last?.center, here)
    }

    func testNotQueuedWithoutCenterIsNotSearching() throws {
        try waiting("Near1", at: here.moved(100))
        XCTAssertThrowsError(try search(me: me, SearchRequest())) { error in
            XCTAssertEqual(error as? DomainError, .notSearching)
            XCTAssertEqual((error as? DomainError)?.code, "not_searching")
        }
        XCTAssertTrue(searchRepository.queries.isEmpty)
    }

    func testNotQueuedWithCenterSearchesWithNoSharedStudies() throws {
        try waiting("Near1", at: here.moved(100), studies: ["swift"])
        let result = try search(me: me, SearchRequest(center: here))
        XCTAssertEqual(uids(result.fromQueueDB), ["Near1"])
        XCTAssertEqual(result.fromQueueDB.first?.sharedStudies, [])
    }

    // MARK: - Values

    func testRadiusOutsideOneTo50kmIsInvalid() throws {
        try queueMe()
        for radius in [0, 0.999, -1, 50_000.001, 50_001, .nan, .infinity, -.infinity] {
            let error = XCTAssertThrowsInvalid(try search(me: me, SearchRequest(radius: radius)), code: "invalid_radius")
            XCTAssertInvalidMessage(error, "the radius is 1 to 50000 metres")
        }
        XCTAssertTrue(searchRepository.queries.isEmpty)
        for radius in [1, 50_000.0] {
            XCTAssertNoThrow(try search(me: me, SearchRequest(radius: radius)))
            XCTAssertEqual(searchRepository.queries.last?.radius, radius)
        }
    }

    func testLimitBelowOneIsInvalid() throws {
        try queueMe()
        for limit in [0, -1, Int.min] {
            let error = XCTAssertThrowsInvalid(try search(me: me, SearchRequest(limit: limit)), code: "invalid_limit")
            XCTAssertInvalidMessage(error, "the limit is at least 1")
        }
        XCTAssertTrue(searchRepository.queries.isEmpty)
        for index in 1...4 { try waiting("U\(index)", at: here.moved(Double(index) * 100)) }
        XCTAssertEqual(uids(try search(me: me, SearchRequest(limit: 1)).fromQueueDB), ["U1"])
        XCTAssertEqual(uids(try search(me: me, SearchRequest(limit: 3)).fromQueueDB), ["U1", "U2", "U3"])
        XCTAssertEqual(searchRepository.queries.last?.limit, 3)
    }

    func testInvalidStudyFilterIsInvalid() throws {
        try queueMe()
        XCTAssertThrowsInvalid(try search(me: me, SearchRequest(study: "abcdefghi")), code: "invalid_study")
        XCTAssertThrowsInvalid(try search(me: me, SearchRequest(study: "")), code: "invalid_study")
        XCTAssertTrue(searchRepository.queries.isEmpty)
    }

    func testStudyFilterIsPassedOnParsed() throws {
        try queueMe()
        try waiting("Swift1", at: here.moved(100), studies: ["Swift"])
        try waiting("Open2", at: here.moved(200))
        try waiting("Java3", at: here.moved(300), studies: ["java"])
        let result = try search(me: me, SearchRequest(study: "SWIFT"))
        XCTAssertEqual(searchRepository.queries.last?.study, try Study("swift"))
        XCTAssertEqual(uids(result.fromQueueDB), ["Swift1", "Open2"])
    }

    // MARK: - Who

    func testNearestFirstWithinTheRadiusAndNeverMe() throws {
        try queueMe()
        try waiting("C3", at: here.moved(650, bearing: 200))
        try waiting("A1", at: here.moved(10, bearing: 90))
        try waiting("B2", at: here.moved(300, bearing: 300))
        try waiting("Out4", at: here.moved(750))
        let result = try search(me: me, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDB), ["A1", "B2", "C3"])
        XCTAssertEqual(result.fromQueueDB.map { $0.distance.rounded() }, [10, 300, 650])
        XCTAssertEqual(searchRepository.queries.last?.excluding, [me.uid])
    }

    func testPersonalRulesApply() throws {
        try queueMe()
        try waiting("Hidden1", at: here.moved(100), searchable: false)
        try waiting("Male2", at: here.moved(110), gender: .male)
        try waiting("Young3", at: here.moved(120), birth: (2008, 11, 22))  // 17
        try waiting("Picky4", at: here.moved(130), ages: (30, 65))          // I am 26
        try waiting("Fine5", at: here.moved(140))
        XCTAssertEqual(uids(try search(me: me, SearchRequest()).fromQueueDB), ["Male2", "Fine5"])
        XCTAssertEqual(uids(try search(me: me, SearchRequest(gender: .female)).fromQueueDB), ["Fine5"])
        XCTAssertEqual(uids(try search(me: me, SearchRequest(gender: .male)).fromQueueDB), ["Male2"])
        _ = try users.update(uid: me.uid) { $0.ageRange = try AgeRange(min: 18, max: 18) }
        XCTAssertEqual(uids(try search(me: try users.user(uid: me.uid)!, SearchRequest()).fromQueueDB), [])
    }

    func testReportedPartnersAndMeAreExcludedFromBothLists() throws {
        try queueMe()
        try waiting("IReported1", at: here.moved(100))
        try waiting("ReportedMe2", at: here.moved(200))
        try waiting("Friend3", at: here.moved(300))
        try waiting("Bystander4", at: here.moved(400))
        database.reports = [
            ReportRow(from: try UserID("Me1"), to: try UserID("IReported1"), reason: .rude, comment: nil),
            ReportRow(from: try UserID("ReportedMe2"), to: try UserID("Me1"), reason: .rude, comment: nil),
            ReportRow(from: try UserID("Friend3"), to: try UserID("Bystander4"), reason: .rude, comment: nil),
        ]
        for from in ["IReported1", "ReportedMe2", "Friend3", "Me1"] {
            database.requests.insert(RequestRow(from: try UserID(from), to: me.uid))
        }
        let result = try search(me: me, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDB), ["Friend3", "Bystander4"])
        XCTAssertEqual(uids(result.fromQueueDBRequested), ["Friend3"])
        let excluded = try XCTUnwrap(searchRepository.queries.last?.excluding)
        XCTAssertEqual(Set(excluded), Set(try ["Me1", "IReported1", "ReportedMe2"].map { try UserID($0) }))
        XCTAssertEqual(excluded.count, 3)
    }

    func testRequestersAreNearestFirstWithDistancesFromTheCenter() throws {
        try queueMe()
        try waiting("FarAway1", at: here.moved(20_000))
        try waiting("Close2", at: here.moved(50))
        try waiting("Middle3", at: here.moved(5_000))
        try waiting("Gone4", at: nil)  // asked, then left the queue
        for from in ["FarAway1", "Close2", "Middle3", "Gone4"] {
            database.requests.insert(RequestRow(from: try UserID(from), to: me.uid))
        }
        let result = try search(me: me, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDBRequested), ["Close2", "Middle3", "FarAway1"])
        XCTAssertEqual(result.fromQueueDBRequested.map { $0.distance.rounded() }, [50, 5_000, 20_000])
        XCTAssertEqual(uids(result.fromQueueDB), ["Close2"])
    }

    func testSharedStudiesIgnoreCaseAndWidthInTheirOrder() throws {
        try queueMe(studies: ["Swift", "알고리즘", "react"])
        try waiting("Other1", at: here.moved(100), studies: ["java", "알고리즘", "SWIFT"])
        try waiting("Wide2", at: here.moved(200), studies: ["ＲＥＡＣＴ"])
        try waiting("None3", at: here.moved(300), studies: ["go"])
        try waiting("Open4", at: here.moved(400))
        database.requests.insert(RequestRow(from: try UserID("Other1"), to: me.uid))
        let result = try search(me: me, SearchRequest())
        XCTAssertEqual(result.fromQueueDB.map { $0.sharedStudies.map(\.name) }, [["알고리즘", "SWIFT"], ["ＲＥＡＣＴ"], [], []])
        XCTAssertEqual(result.fromQueueDBRequested.map { $0.sharedStudies.map(\.name) }, [["알고리즘", "SWIFT"]])
    }

    func testRecommendsTheFiveMostCommonStudiesWithoutAnythingTiesByName() throws {
        try queueMe()
        let lists: [[String]] = [
            ["b", "a", "c"], ["a", "b", "e"], ["b", "a", "d"], ["c", "d", "e"], ["f", "anything"], [], [], ["anything", "g"],
        ]
        for (index, studies) in lists.enumerated() {
            try waiting("U\(index)", at: here.moved(Double(10 + index)), studies: studies)
        }
        // anything 4, a 3, b 3, c 2, d 2, e 2, f 1, g 1.
        XCTAssertEqual(try search(me: me, SearchRequest()).fromRecommend, ["a", "b", "c", "d", "e"])
        // Only what is within the radius counts, and fewer than five is fine.
        XCTAssertEqual(try search(me: me, SearchRequest(limit: 2)).fromRecommend, ["a", "b", "c", "e"])
    }

    func testRecommendsNothingWhenNobodyIsNearOrEveryoneIsOpen() throws {
        try queueMe()
        XCTAssertEqual(try search(me: me, SearchRequest()), SearchResult(fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: []))
        try waiting("Open1", at: here.moved(10))
        XCTAssertEqual(try search(me: me, SearchRequest()).fromRecommend, [])
    }

    func testHangulAndLatinRecommendationsTieByName() throws {
        try queueMe()
        try waiting("U1", at: here.moved(10), studies: ["코딩", "swift"])
        try waiting("U2", at: here.moved(20), studies: ["swift", "코딩", "ios"])
        XCTAssertEqual(try search(me: me, SearchRequest()).fromRecommend, ["swift", "코딩", "ios"])
    }

    /// Enough distinct studies to outgrow the tally's first table: counts stay exact, and
    /// spellings that differ only in case or width count as one study.
    func testRecommendationsCountExactlyAmongHundredsOfStudies() throws {
        try queueMe()
        // 40 users × 8 studies: s0…s199 once each, plus "hot" in every list and "warm" in half.
        for user in 0..<40 {
            var studies = (0..<6).map { "s\(user * 5 + $0)" }
            studies.append(user % 2 == 0 ? "HOT" : "ｈｏｔ")
            if user < 20 { studies.append("warm") }
            try waiting("M\(user)", at: here.moved(Double(10 + user)), studies: studies)
        }
        // s5, s10, … are listed by two users (user k's s(5k+5) is user k+1's s(5(k+1))).
        XCTAssertEqual(try search(me: me, SearchRequest()).fromRecommend.prefix(3), ["HOT", "warm", "s10"])
    }
}
