@testable import SLPData
import SLPDomain
import XCTest

/// The packed traits hold every value the domain allows, and read back as written.
final class QueueTraitsTests: XCTestCase {
    private func user(birth: CalendarDate, gender: Gender, ages: AgeRange, searchable: Bool) throws -> User {
        User(
            uid: try UserID("T1"), phone: try PhoneNumber("010-1234-5678"), email: try Email("t@example.com"), nick: try Nick("t"),
            birth: BirthDate(stored: birth), gender: gender, ageRange: ages, searchable: searchable, createdAt: .now)
    }

    /// Each age gets `ageBits` bits: every age `AgeRange` allows must fit.
    func testTheAgeBitsHoldEveryAgeTheDomainAllows() {
        XCTAssertLessThan(AgeRange.limits.upperBound, 1 << QueueTraits.ageBits)
        XCTAssertGreaterThanOrEqual(AgeRange.limits.lowerBound, 0)
    }

    func testReadsBackAsWrittenAtTheEdges() throws {
        let dates = [(1, 1, 1), (1965, 3, 4), (1969, 12, 31), (1970, 1, 1), (2008, 2, 29), (9999, 12, 31)]
        for (year, month, day) in dates {
            for (gender, searchable) in [(Gender.female, true), (.male, false), (.male, true)] {
                for ages in [AgeRange.all, try AgeRange(min: 18, max: 18), try AgeRange(min: 65, max: 65), try AgeRange(min: 33, max: 41)] {
                    let birth = try CalendarDate(year: year, month: month, day: day)
                    let traits = QueueTraits(of: try user(birth: birth, gender: gender, ages: ages, searchable: searchable))
                    let read = QueueTraits(packed: try traits.packed())
                    XCTAssertEqual(read, traits)
                    XCTAssertEqual(read.birthDay, birth.daysSinceEpoch)
                    XCTAssertEqual([read.ageMin, read.ageMax], [ages.min, ages.max])
                    XCTAssertEqual(read.gender, gender)
                    XCTAssertEqual(read.searchable, searchable)
                }
            }
        }
    }

    func testAnAgeBeyondTheBitsIsRefused() {
        let traits = QueueTraits(packed: 0)
        let tooOld = QueueTraits(gender: traits.gender, searchable: true, ageMin: 18, ageMax: 1 << QueueTraits.ageBits, birthDay: 0)
        XCTAssertThrowsError(try tooOld.packed()) {
            XCTAssertEqual(($0 as? QueueDocumentError)?.description, "the traits' age 128 does not fit in 7 bits")
        }
        let negative = QueueTraits(gender: .female, searchable: true, ageMin: -1, ageMax: 20, birthDay: 0)
        XCTAssertThrowsError(try negative.packed())
    }
}
