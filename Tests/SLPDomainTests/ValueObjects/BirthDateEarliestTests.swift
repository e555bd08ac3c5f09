import SLPDomain
import SLPTestSupport
import XCTest

/// A birth date is 1900-01-01 or later: anything before is a typing mistake, not a person.
final class BirthDateEarliestTests: XCTestCase {
    private let today = try! CalendarDate(year: 2026, month: 11, day: 21)

    func testBefore1900IsInvalid() throws {
        for (year, month, day) in [(1899, 12, 31), (1800, 1, 1), (1, 1, 1)] {
            XCTAssertThrowsError(try BirthDate(try CalendarDate(year: year, month: month, day: day), today: today)) { error in
                guard case .invalid(let value)? = error as? DomainError else { return XCTFail("\(error)") }
                XCTAssertEqual(value.code, "invalid_birth")
                XCTAssertTrue(value.message.hasPrefix("a birth date is 1900-01-01 or later"), value.message)
            }
        }
        XCTAssertEqual(try BirthDate(try CalendarDate(year: 1900, month: 1, day: 1), today: today).description, "1900-01-01")
        XCTAssertEqual(BirthDate.earliest.description, "1900-01-01")
    }

    func testRegistrationRefusesItBeforeStorage() throws {
        let storage = InMemoryStorage()
        let register = RegisterUserUseCase(storage: storage, clock: StoppedClock(testNow), ids: SequentialUserIDGenerator())
        XCTAssertThrowsError(try register(.stub(birth: try CalendarDate(year: 1899, month: 6, day: 1))))
        XCTAssertEqual(storage.transactions, [], "invalid values never reach storage")
    }
}
