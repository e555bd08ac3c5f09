import SLPDomain
import SLPTestSupport
import XCTest

final class UpdateMyPageUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var update: UpdateMyPageUseCase!
    private var me: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1", gender: .female, study: "swift", ageRange: (18, 25), searchable: true)
        database = InMemoryDatabase(users: [me])
        storage = InMemoryStorage(database)
        update = UpdateMyPageUseCase(storage: storage)
    }

    private var stored: User? { database.users[me.uid] }

    func testNothingToUpdateIsInvalidAndTouchesNothing() {
        let error = XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges()), code: "nothing_to_update")
        XCTAssertInvalidMessage(error, "give at least one field to change")
        XCTAssertEqual(storage.transactions, [])
    }

    func testMinimumAboveTheStoredMaximumIsRefusedAndLeavesTheUserUnchanged() {
        let error = XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges(ageMin: 30)), code: "invalid_age_range")
        XCTAssertInvalidMessage(error, "the minimum age 30 is above the maximum 25")
        XCTAssertEqual(stored, me)
    }

    func testAFailingAgeRuleAlsoDiscardsTheOtherChanges() {
        XCTAssertThrowsInvalid(
            try update(me: me.uid, MyPageChanges(searchable: false, ageMin: 30, gender: .male, study: "python")),
            code: "invalid_age_range")
        XCTAssertEqual(stored, me)
    }

    func testInvertedRangeGivenWholeIsRefusedBeforeTouchingStorage() {
        XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges(ageMin: 40, ageMax: 30)), code: "invalid_age_range")
        XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges(ageMin: 17, ageMax: 30)), code: "invalid_age_range")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(stored, me)
    }

    func testAgeOutsideLimitsRefused() {
        XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges(ageMax: 66)), code: "invalid_age_range")
        XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges(ageMin: 17)), code: "invalid_age_range")
        XCTAssertEqual(stored, me)
    }

    func testPartialUpdatesKeepTheOtherFields() throws {
        var expected = me!
        expected.searchable = false
        XCTAssertEqual(try update(me: me.uid, MyPageChanges(searchable: false)), expected)
        XCTAssertEqual(stored, expected)

        expected.ageRange = try AgeRange(min: 20, max: 25)
        XCTAssertEqual(try update(me: me.uid, MyPageChanges(ageMin: 20)), expected)

        expected.ageRange = try AgeRange(min: 20, max: 40)
        expected.gender = .male
        XCTAssertEqual(try update(me: me.uid, MyPageChanges(ageMax: 40, gender: .male)), expected)

        expected.study = try FavoriteStudy("Swift & iOS")
        XCTAssertEqual(try update(me: me.uid, MyPageChanges(study: "  Swift & iOS ")), expected)
        XCTAssertEqual(stored, expected)
    }

    func testRaisingTheMaximumThenTheMinimumInOneCall() throws {
        let updated = try update(me: me.uid, MyPageChanges(ageMin: 30, ageMax: 40))
        XCTAssertEqual(updated.ageRange, try AgeRange(min: 30, max: 40))
        XCTAssertEqual(stored?.ageRange, try AgeRange(min: 30, max: 40))
    }

    func testEmptyStudyClearsIt() throws {
        XCTAssertEqual(try update(me: me.uid, MyPageChanges(study: "")).study, .none)
    }

    func testStudyTooLongIsRefusedBeforeTouchingStorage() {
        let error = XCTAssertThrowsInvalid(
            try update(me: me.uid, MyPageChanges(study: String(repeating: "a", count: 51))), code: "invalid_study")
        XCTAssertInvalidMessage(error, "the study line has at most 50 characters")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(stored, me)
    }

    func testUnknownUserIsNotRegistered() throws {
        XCTAssertThrowsDomainError(try update(me: try UserID("Gone1"), MyPageChanges(searchable: false)), .notRegistered)
    }

    /// The message is the domain's, for any front end: it names no command-line flag.
    func testTheNothingToUpdateMessageNamesNoFlag() {
        let error = XCTAssertThrowsInvalid(try update(me: me.uid, MyPageChanges()), code: "nothing_to_update")
        guard case .invalid(let value) = error else { return XCTFail("expected an invalid value") }
        XCTAssertFalse(value.message.contains("--"), value.message)
        for flag in ["searchable", "age-min", "age-max", "gender", "study"] {
            XCTAssertFalse(value.message.contains(flag), "\(flag) in \(value.message)")
        }
    }

    func testAnUpdateIsOneWrite() throws {
        _ = try update(me: me.uid, MyPageChanges(searchable: false))
        XCTAssertEqual(storage.transactions, ["write"])
    }

    func testTheRangeIsCheckedAgainstTheRecordAsStoredNow() throws {
        // Another process raised my maximum since I last read my page.
        try InMemoryStorage(database).write { transaction in
            var user = try XCTUnwrap(try transaction.user(me.uid))
            user.ageRange = try AgeRange(min: 18, max: 40)
            try transaction.update(user)
        }
        XCTAssertEqual(try update(me: me.uid, MyPageChanges(ageMin: 30)).ageRange, try AgeRange(min: 30, max: 40))
    }
}
