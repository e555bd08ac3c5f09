import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class SearchNearbyUseCaseTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.9780)
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var search: SearchNearbyUseCase!
    private var me: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1", phone: "010-1234-5678", birth: (2000, 1, 15))  // 26 on 2026-11-21
        database = InMemoryDatabase(users: [me])
        storage = InMemoryStorage(database)
        search = SearchNearbyUseCase(storage: storage, clock: StoppedClock(year: 2026, month: 11, day: 21))
    }

    private var phoneNumber = 0

    /// Registers `uid` and, unless `at` is nil, puts them in the queue, with plain storage operations.
    @discardableResult
    private func waiting(
        _ uid: String, at coordinate: Coordinate?, studies: [String] = [], gender: Gender = .female,
        birth: (Int, Int, Int) = (1999, 6, 1), ages: (Int, Int) = (18, 65), searchable: Bool = true
    ) throws -> User {
        phoneNumber += 1
        let user = User.stub(
            uid: uid, phone: "010-5555-\(1000 + phoneNumber)", nick: String(uid.lowercased().prefix(10)), birth: birth, gender: gender,
            ageRange: ages, searchable: searchable)
        try storage.write { transaction in
            XCTAssertTrue(try transaction.insert(user))
            if let coordinate { try transaction.putInQueue(.stub(uid, at: coordinate, studies: studies), of: user) }
        }
        return user
    }

    private func queueMe(at coordinate: Coordinate? = nil, studies: [String] = []) throws {
        try storage.write { try $0.putInQueue(.stub("Me1", at: coordinate ?? here, studies: studies), of: me) }
    }

    /// `from` reports `to`, with a plain storage operation.
    private func report(_ from: String, _ to: String) throws {
        try storage.write { try $0.insertReport(by: try UserID(from), of: try UserID(to), reason: .rude, comment: nil, at: testNow) }
    }

    /// `from` has an open request to me, with a plain storage operation.
    private func requestsMe(_ from: String) throws {
        try storage.write { try $0.insertRequest(from: try UserID(from), to: me.uid, at: testNow) }
    }

    private func uids(_ users: [NearbyUser]) -> [String] { users.map(\.uid.rawValue) }

    // MARK: - Where

    func testPositionDefaultsToMyQueuedPosition() throws {
        let queuedAt = here.moved(3_000, bearing: 45)
        try queueMe(at: queuedAt)
        try waiting("Near1", at: queuedAt.moved(100))
        try waiting("Far2", at: here)
        try waiting("Edge3", at: queuedAt.moved(SearchRequest.defaultRadius - 5, bearing: 180))
        try waiting("Out4", at: queuedAt.moved(SearchRequest.defaultRadius + 5, bearing: 270))
        let result = try search(me: me.uid, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDB), ["Near1", "Edge3"], "within the default 700 m of my place")
        XCTAssertEqual(result.center, queuedAt)
    }

    func testGivenCenterWinsOverMyQueuedPosition() throws {
        try queueMe(at: here.moved(3_000))
        try waiting("Near1", at: here.moved(100))
        let result = try search(me: me.uid, SearchRequest(center: here))
        XCTAssertEqual(uids(result.fromQueueDB), ["Near1"])
        XCTAssertEqual(result.center, here)
    }

    func testNotQueuedWithoutCenterIsNotSearching() throws {
        try waiting("Near1", at: here.moved(100))
        XCTAssertThrowsError(try search(me: me.uid, SearchRequest())) { error in
            XCTAssertEqual(error as? DomainError, .notSearching)
            XCTAssertEqual((error as? DomainError)?.code, "not_searching")
        }
    }

    func testMatchedWithoutCenterIsToldItIsMatched() throws {
        let partner = try waiting("Partner1", at: nil)
        try storage.write { _ = try $0.insertMatch(self.me.uid, partner.uid, at: testNow) }
        XCTAssertThrowsError(try search(me: me.uid, SearchRequest())) { error in
            XCTAssertEqual(error as? DomainError, .matchedNotSearching)
            XCTAssertEqual((error as? DomainError)?.message, "you are matched, not waiting")
        }
    }

    func testNotQueuedWithCenterSearchesWithNoSharedStudies() throws {
        try waiting("Near1", at: here.moved(100), studies: ["swift"])
        let result = try search(me: me.uid, SearchRequest(center: here))
        XCTAssertEqual(uids(result.fromQueueDB), ["Near1"])
        XCTAssertEqual(result.fromQueueDB.first?.sharedStudies, [])
    }

    // MARK: - Values

    func testRadiusOutsideOneTo50kmIsInvalid() throws {
        for radius in [0, 0.999, -1, 50_000.001, 50_001, .nan, .infinity, -.infinity] {
            let error = XCTAssertThrowsInvalid(try search(me: me.uid, SearchRequest(radius: radius)), code: "invalid_radius")
            XCTAssertInvalidMessage(error, "the radius is 1 to 50000 metres")
        }
        XCTAssertEqual(storage.transactions, [], "invalid values never reach storage")
        try queueMe()
        try waiting("In1", at: here.moved(0.9))
        try waiting("Close2", at: here.moved(1.5))
        try waiting("Far3", at: here.moved(49_990))
        try waiting("Out4", at: here.moved(50_010))
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(radius: 1)).fromQueueDB), ["In1"])
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(radius: 50_000)).fromQueueDB), ["In1", "Close2", "Far3"])
    }

    func testLimitBelowOneIsInvalid() throws {
        for limit in [0, -1, Int.min] {
            let error = XCTAssertThrowsInvalid(try search(me: me.uid, SearchRequest(limit: limit)), code: "invalid_limit")
            XCTAssertInvalidMessage(error, "the limit is at least 1")
        }
        XCTAssertEqual(storage.transactions, [])
        try queueMe()
        for index in 1...4 { try waiting("U\(index)", at: here.moved(Double(index) * 100)) }
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(limit: 1)).fromQueueDB), ["U1"])
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(limit: 3)).fromQueueDB), ["U1", "U2", "U3"])
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(limit: 9)).fromQueueDB), ["U1", "U2", "U3", "U4"])
    }

    func testInvalidStudyFilterIsInvalid() throws {
        XCTAssertThrowsInvalid(try search(me: me.uid, SearchRequest(study: "abcdefghi")), code: "invalid_study")
        // An empty study is no filter (EmptyStudyFilterTests); one with a space inside is invalid.
        XCTAssertThrowsInvalid(try search(me: me.uid, SearchRequest(study: " a b ")), code: "invalid_study")
        XCTAssertThrowsInvalid(try search(me: try UserID("Ghost1"), SearchRequest(radius: 0)), code: "invalid_radius")
        XCTAssertEqual(storage.transactions, [], "values are checked before anyone is looked up")
    }

    func testStudyFilterIgnoresCaseAndKeepsOpenUsers() throws {
        try queueMe()
        try waiting("Swift1", at: here.moved(100), studies: ["Swift"])
        try waiting("Open2", at: here.moved(200))
        try waiting("Java3", at: here.moved(300), studies: ["java"])
        try waiting("Wide4", at: here.moved(400), studies: ["ｓｗｉｆｔ", "go"])
        let result = try search(me: me.uid, SearchRequest(study: "SWIFT"))
        XCTAssertEqual(uids(result.fromQueueDB), ["Swift1", "Open2", "Wide4"])
    }

    // MARK: - Who

    func testNearestFirstWithinTheRadiusAndNeverMe() throws {
        try queueMe()
        try waiting("C3", at: here.moved(650, bearing: 200))
        try waiting("A1", at: here.moved(10, bearing: 90))
        try waiting("B2", at: here.moved(300, bearing: 300))
        try waiting("Out4", at: here.moved(750))
        let result = try search(me: me.uid, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDB), ["A1", "B2", "C3"], "never me, though I wait right here")
        XCTAssertEqual(result.fromQueueDB.map { $0.distance.rounded() }, [10, 300, 650])
    }

    func testPersonalRulesApply() throws {
        try queueMe()
        try waiting("Hidden1", at: here.moved(100), searchable: false)
        try waiting("Male2", at: here.moved(110), gender: .male)
        try waiting("Young3", at: here.moved(120), birth: (2008, 11, 22))  // 17
        try waiting("Picky4", at: here.moved(130), ages: (30, 65))          // I am 26
        try waiting("Fine5", at: here.moved(140))
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest()).fromQueueDB), ["Male2", "Fine5"])
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(gender: .female)).fromQueueDB), ["Fine5"])
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest(gender: .male)).fromQueueDB), ["Male2"])
        // My age range as stored now, read inside the search, decides.
        _ = try UpdateMyPageUseCase(storage: storage)(me: me.uid, MyPageChanges(ageMin: 18, ageMax: 18))
        XCTAssertEqual(uids(try search(me: me.uid, SearchRequest()).fromQueueDB), [])
    }

    func testReportedPartnersAndMeAreExcludedFromBothLists() throws {
        try queueMe()
        try waiting("IReported1", at: here.moved(100))
        try waiting("ReportedMe2", at: here.moved(200))
        try waiting("Friend3", at: here.moved(300))
        try waiting("Bystander4", at: here.moved(400))
        try report("Me1", "IReported1")
        try report("ReportedMe2", "Me1")
        try report("Friend3", "Bystander4")
        for from in ["IReported1", "ReportedMe2", "Friend3", "Me1"] { try requestsMe(from) }
        let result = try search(me: me.uid, SearchRequest())
        XCTAssertEqual(uids(result.fromQueueDB), ["Friend3", "Bystander4"], "a report between others changes nothing for me")
        XCTAssertEqual(uids(result.fromQueueDBRequested), ["Friend3"])
    }

    func testRequestersAreNearestFirstWithDistancesFromTheCenter() throws {
        try queueMe()
        try waiting("FarAway1", at: here.moved(20_000))
        try waiting("Close2", at: here.moved(50))
        try waiting("Middle3", at: here.moved(5_000))
        try waiting("Gone4", at: nil)  // asked, then left the queue
        for from in ["FarAway1", "Close2", "Middle3", "Gone4"] { try requestsMe(from) }
        let result = try search(me: me.uid, SearchRequest())
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
        try requestsMe("Other1")
        let result = try search(me: me.uid, SearchRequest())
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
        XCTAssertEqual(try search(me: me.uid, SearchRequest()).fromRecommend, ["a", "b", "c", "d", "e"])
        // Only what is within the radius counts, and fewer than five is fine.
        XCTAssertEqual(try search(me: me.uid, SearchRequest(limit: 2)).fromRecommend, ["a", "b", "c", "e"])
    }

    func testRecommendsNothingWhenNobodyIsNearOrEveryoneIsOpen() throws {
        try queueMe()
        XCTAssertEqual(
            try search(me: me.uid, SearchRequest()),
            SearchResult(me: me, myStudies: .anything, center: here, fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: []))
        try waiting("Open1", at: here.moved(10))
        XCTAssertEqual(try search(me: me.uid, SearchRequest()).fromRecommend, [])
    }

    func testHangulAndLatinRecommendationsTieByName() throws {
        try queueMe()
        try waiting("U1", at: here.moved(10), studies: ["코딩", "swift"])
        try waiting("U2", at: here.moved(20), studies: ["swift", "코딩", "ios"])
        XCTAssertEqual(try search(me: me.uid, SearchRequest()).fromRecommend, ["swift", "코딩", "ios"])
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
        XCTAssertEqual(try search(me: me.uid, SearchRequest()).fromRecommend.prefix(3), ["HOT", "warm", "s10"])
    }

    // MARK: - One snapshot

    func testASearchIsOneReadTransaction() throws {
        try queueMe()
        try waiting("Near1", at: here.moved(100))
        try requestsMe("Near1")
        try report("Me1", "Near1")
        XCTAssertEqual(try storage.transactions(during: { _ = try search(me: me.uid, SearchRequest()) }), ["read"])
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsDomainError(try search(me: try UserID("Ghost1"), SearchRequest()), .notRegistered)
        }), ["read"])
    }

    func testTheActingUserIsNamedByUIDOrPhoneAndAUidCostsNoRead() throws {
        try queueMe(studies: ["swift"])
        try waiting("Near1", at: here.moved(100), studies: ["swift"])
        let expected = try search(me: me.uid, SearchRequest())
        XCTAssertEqual(uids(expected.fromQueueDB), ["Near1"])
        let identify = IdentifyUserUseCase(storage: storage)
        for reference in ["Me1", " Me1 ", "010-1234-5678", "01012345678", "+82 10-1234-5678"] {
            XCTAssertEqual(try search(me: try identify.uid(of: reference), SearchRequest()), expected, reference)
        }
        XCTAssertEqual(try storage.transactions(during: { _ = try identify.uid(of: "Me1") }), [], "a uid is taken as given")
        XCTAssertEqual(try storage.transactions(during: { _ = try identify.uid(of: "010-1234-5678") }), ["read"])
        XCTAssertEqual(uids(try search(me: try identify.uid(of: "Near1"), SearchRequest()).fromQueueDB), ["Me1"], "Near1 searches as Near1")
        for reference in [nil, "", "010-9999-9999", "a b"] as [String?] {
            XCTAssertThrowsDomainError(try identify.uid(of: reference), .notRegistered)
        }
        for reference in ["Nobody1", "me1"] {
            XCTAssertThrowsDomainError(try search(me: try identify.uid(of: reference), SearchRequest()), .notRegistered)
        }
    }
}
