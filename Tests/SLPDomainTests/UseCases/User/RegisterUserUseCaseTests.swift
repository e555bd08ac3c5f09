import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class RegisterUserUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var ids: SequentialUserIDGenerator!
    private var clock: StoppedClock!
    private var register: RegisterUserUseCase!

    override func setUpWithError() throws {
        database = InMemoryDatabase()
        storage = InMemoryStorage(database)
        ids = SequentialUserIDGenerator()
        clock = StoppedClock(Date(timeIntervalSince1970: 1_795_262_400.5))  // 2026-11-21T12:00:00.500Z
        register = RegisterUserUseCase(storage: storage, clock: clock, ids: ids)
    }

    func testStoresTheNormalisedUser() throws {
        let user = try register(.stub(
            phone: "010 1234 5678", nick: "  새싹러버 ".decomposedStringWithCanonicalMapping,
            birth: try CalendarDate(year: 2000, month: 1, day: 15), email: "Sesac@Example.COM", gender: .male))
        XCTAssertEqual(user.uid.rawValue, "U1")
        XCTAssertEqual(user.phone.e164, "+821012345678")
        XCTAssertEqual(Array(user.nick.value.unicodeScalars), Array("새싹러버".unicodeScalars))
        XCTAssertEqual(user.email.value, "Sesac@example.com")
        XCTAssertEqual(user.birth.date.description, "2000-01-15")
        XCTAssertEqual(user.gender, .male)
        XCTAssertEqual(user.createdAt, clock.now)
        XCTAssertEqual(user.reputation, .none)
        XCTAssertEqual(user.sesacCollection, [0])
        XCTAssertEqual(user.ageRange, .all)
        XCTAssertTrue(user.searchable)
        XCTAssertEqual(database.users, [user.uid: user])
    }

    func testANumberStartsUnderTheSanctionsItsWithdrawnAccountLeft() throws {
        let phone = try PhoneNumber("010-1234-5678")
        let until = clock.now.addingTimeInterval(90)
        database.sanctions[phone] = Sanctions(reportBan: true, dodgePenaltyUntil: until, dodgeCount: 2)
        let user = try register(.stub(phone: "+821012345678"))
        XCTAssertTrue(user.reportBanCarried)
        XCTAssertTrue(user.isBarredByReports)
        XCTAssertEqual(user.dodgePenaltyUntil, until)
        XCTAssertEqual(user.dodgeCount, 2)
        XCTAssertEqual(database.users, [user.uid: user])
        XCTAssertEqual(database.sanctions, [:], "taken up by the new account")
        XCTAssertEqual(database.penaltyNoticeDue, [user.uid: until])
        XCTAssertEqual(storage.transactions, ["write"])
    }

    func testAPenaltyOverBeforeRegisteringIsNotToldAgain() throws {
        let phone = try PhoneNumber("010-1234-5678")
        database.sanctions[phone] = Sanctions(reportBan: false, dodgePenaltyUntil: clock.now.addingTimeInterval(-1), dodgeCount: 1)
        let user = try register(.stub())
        XCTAssertEqual(user.dodgeCount, 1)
        XCTAssertEqual(database.penaltyNoticeDue, [:])
    }

    func testARefusedRegistrationLeavesTheSanctionsWhereTheyWere() throws {
        _ = try register(.stub(phone: "010-1234-5678", nick: "first"))
        let kept = Sanctions(reportBan: true, dodgePenaltyUntil: nil, dodgeCount: 0)
        database.sanctions[try PhoneNumber("010-1234-5678")] = kept
        XCTAssertThrowsError(try register(.stub(phone: "010-1234-5678", nick: "second")))
        XCTAssertEqual(database.sanctions.values.map { $0 }, [kept])
    }

    func testUIDsComeFromTheGenerator() throws {
        let first = try register(.stub(phone: "010-1111-1111"))
        let second = try register(.stub(phone: "010-2222-2222"))
        XCTAssertEqual([first.uid.rawValue, second.uid.rawValue], ["U1", "U2"])
        XCTAssertEqual(database.users.keys.map(\.rawValue).sorted(), ["U1", "U2"])
    }

    func testDefaultGeneratorMakesRandomUIDsNotDerivedFromThePhone() throws {
        let register = RegisterUserUseCase(storage: storage, clock: clock)
        let user = try register(.stub())
        XCTAssertEqual(user.uid.rawValue.count, UserID.generatedLength)
        XCTAssertFalse(user.uid.rawValue.contains("12345678"))
    }

    func testSamePhoneInAnotherFormatIsAlreadyRegistered() throws {
        let first = try register(.stub(phone: "010-1234-5678", nick: "first"))
        for phone in ["+821012345678", "01012345678", "010.1234.5678"] {
            XCTAssertThrowsError(try register(.stub(phone: phone, nick: "second"))) { error in
                let error = error as? DomainError
                XCTAssertEqual(error, .alreadyRegistered)
                XCTAssertEqual(error?.code, "already_registered")
                XCTAssertEqual(error?.isInvalidValue, false)
            }
        }
        XCTAssertEqual(database.users, [first.uid: first])
        XCTAssertEqual(storage.transactions, ["write", "write", "write", "write"], "the phone is checked by the insert, in the write")
    }

    func testSameNickIsAllowed() throws {
        _ = try register(.stub(phone: "010-1111-1111", nick: "sesac"))
        _ = try register(.stub(phone: "010-2222-2222", nick: "sesac"))
        XCTAssertEqual(database.users.values.map(\.nick.value), ["sesac", "sesac"])
    }

    func testForbiddenNickIsRefusedWithoutTouchingStorage() {
        for nick in ["admin", "ＡＤＭＩＮ", "a d m i n", "씨발".decomposedStringWithCanonicalMapping, "나는관리자"] {
            XCTAssertThrowsError(try register(.stub(nick: nick)), nick) { error in
                let error = error as? DomainError
                XCTAssertEqual(error, .nickNotAllowed)
                XCTAssertEqual(error?.code, "nick_not_allowed")
                XCTAssertEqual(error?.isInvalidValue, false)
            }
        }
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(database.users, [:])
        XCTAssertEqual(ids.issued, 0)
    }

    func testACustomForbiddenListIsUsed() throws {
        let register = RegisterUserUseCase(storage: storage, clock: clock, ids: ids, forbiddenWords: ForbiddenWords(["sesac"]))
        XCTAssertThrowsDomainError(try register(.stub(nick: "SeSAC1")), .nickNotAllowed)
        XCTAssertEqual(try register(.stub(nick: "admin")).nick.value, "admin")
    }

    func testInvalidValuesComeBeforeTheForbiddenWordRefusal() throws {
        let tooYoung = try CalendarDate(year: 2009, month: 11, day: 22)
        XCTAssertThrowsInvalid(try register(.stub(phone: "02-123-4567", nick: "admin")), code: "invalid_phone")
        XCTAssertThrowsInvalid(try register(.stub(nick: "admin", birth: tooYoung)), code: "too_young")
        XCTAssertThrowsInvalid(try register(.stub(nick: "admin", email: "admin@localhost")), code: "invalid_email")
        XCTAssertThrowsInvalid(try register(.stub(nick: "관리자관리자관리자관리자")), code: "invalid_nick")
        XCTAssertThrowsInvalid(try register(.stub(nick: "admin\u{202E}")), code: "invalid_nick")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(database.users, [:])
        XCTAssertEqual(ids.issued, 0)
    }

    func testInvalidValuesComeBeforeTheDuplicatePhoneCheck() throws {
        let existing = try register(.stub())
        XCTAssertThrowsInvalid(try register(.stub(nick: "")), code: "invalid_nick")
        XCTAssertThrowsInvalid(try register(.stub(email: "nope")), code: "invalid_email")
        XCTAssertThrowsInvalid(
            try register(.stub(birth: try CalendarDate(year: 2027, month: 1, day: 1))), code: "invalid_birth")
        XCTAssertEqual(storage.transactions, ["write"], "only the first registration reached storage")
        XCTAssertEqual(database.users, [existing.uid: existing])
    }

    func testAgeIsCheckedAgainstTheClocksUTCDay() throws {
        // The clock reads 2026-11-21 (UTC): born 2009-11-21 is exactly 17, born a day later is not.
        XCTAssertEqual(
            try register(.stub(phone: "010-1111-1111", birth: try CalendarDate(year: 2009, month: 11, day: 21))).birth.date.description,
            "2009-11-21")
        let error = XCTAssertThrowsInvalid(
            try register(.stub(phone: "010-2222-2222", birth: try CalendarDate(year: 2009, month: 11, day: 22))), code: "too_young")
        XCTAssertInvalidMessage(error, "you must be at least 17 years old to register (age 16)")
    }

    func testSQLLookingNickIsStoredAsIs() throws {
        XCTAssertEqual(try register(.stub(nick: "x');DROP--")).nick.value, "x');DROP--")
    }
}
