import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class SearchCriteriaTests: XCTestCase {
    private let today = try! CalendarDate(year: 2026, month: 11, day: 21)

    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
        try! CalendarDate(year: year, month: month, day: day)
    }

    /// A candidate accepting every age, born on `birth`.
    private func candidate(
        born birth: CalendarDate, gender: Gender = .female, ages: ClosedRange<Int> = 18...65, searchable: Bool = true
    ) -> User {
        User.stub(
            uid: "C1", phone: "010-9999-9999", birth: (birth.year, birth.month, birth.day), gender: gender,
            ageRange: (ages.lowerBound, ages.upperBound), searchable: searchable)
    }

    private func criteria(
        myBirth: (Int, Int, Int) = (2000, 1, 15), ages: (Int, Int) = (18, 65), on day: CalendarDate? = nil, gender: Gender? = nil
    ) throws -> SearchCriteria {
        SearchCriteria(me: User.stub(birth: myBirth, ageRange: ages), today: day ?? today, gender: gender)
    }

    func testMyAgeIsFullYearsToday() throws {
        XCTAssertEqual(try criteria(myBirth: (2000, 1, 15)).myAge, 26)
        XCTAssertEqual(try criteria(myBirth: (2000, 11, 21)).myAge, 26)
        XCTAssertEqual(try criteria(myBirth: (2000, 11, 22)).myAge, 25)
    }

    func testNotSearchableIsNeverAdmitted() throws {
        let criteria = try criteria()
        XCTAssertTrue(criteria.admits(candidate(born: date(1999, 5, 5))))
        XCTAssertFalse(criteria.admits(candidate(born: date(1999, 5, 5), searchable: false)))
    }

    func testGenderFilter() throws {
        let anyone = try criteria()
        XCTAssertTrue(anyone.admits(candidate(born: date(1999, 5, 5), gender: .female)))
        XCTAssertTrue(anyone.admits(candidate(born: date(1999, 5, 5), gender: .male)))
        let women = try criteria(gender: .female)
        XCTAssertTrue(women.admits(candidate(born: date(1999, 5, 5), gender: .female)))
        XCTAssertFalse(women.admits(candidate(born: date(1999, 5, 5), gender: .male)))
        let men = try criteria(gender: .male)
        XCTAssertFalse(men.admits(candidate(born: date(1999, 5, 5), gender: .female)))
        XCTAssertTrue(men.admits(candidate(born: date(1999, 5, 5), gender: .male)))
    }

    func testMyAgeRangeIsInclusiveAtBothEnds() throws {
        let criteria = try criteria(ages: (20, 30))
        // Turned 20 today: in; turns 20 tomorrow: out.
        XCTAssertTrue(criteria.admits(candidate(born: date(2006, 11, 21))))
        XCTAssertFalse(criteria.admits(candidate(born: date(2006, 11, 22))))
        // Turns 31 today: out; turns 31 tomorrow (30 today): in.
        XCTAssertFalse(criteria.admits(candidate(born: date(1995, 11, 21))))
        XCTAssertTrue(criteria.admits(candidate(born: date(1995, 11, 22))))
        XCTAssertEqual(criteria.acceptedAges.birthDates(on: today), date(1995, 11, 22)...date(2006, 11, 21))
    }

    func testSingleAgeRange() throws {
        let criteria = try criteria(ages: (18, 18))
        XCTAssertTrue(criteria.admits(candidate(born: date(2008, 11, 21))))
        XCTAssertTrue(criteria.admits(candidate(born: date(2007, 11, 22))))
        XCTAssertFalse(criteria.admits(candidate(born: date(2008, 11, 22))))
        XCTAssertFalse(criteria.admits(candidate(born: date(2007, 11, 21))))
    }

    func testTheCandidatesRangeMustIncludeMyAge() throws {
        let criteria = try criteria(myBirth: (2000, 1, 15))  // 26 today
        let born = date(1999, 5, 5)
        XCTAssertTrue(criteria.admits(candidate(born: born, ages: 26...26)))
        XCTAssertTrue(criteria.admits(candidate(born: born, ages: 18...26)))
        XCTAssertTrue(criteria.admits(candidate(born: born, ages: 26...65)))
        XCTAssertFalse(criteria.admits(candidate(born: born, ages: 27...65)))
        XCTAssertFalse(criteria.admits(candidate(born: born, ages: 18...25)))
    }

    func testLeapDayBirthdaysAndLeapDayToday() throws {
        // On 29 February 2028, whoever was born on 28 February 2010 is 18; born 1 March 2010, 17.
        let leapToday = date(2028, 2, 29)
        let adults = try criteria(ages: (18, 65), on: leapToday)
        XCTAssertTrue(adults.admits(candidate(born: date(2010, 2, 28))))
        XCTAssertFalse(adults.admits(candidate(born: date(2010, 3, 1))))
        // Born on 29 February 2008: 18 on 1 March 2026, still 17 on 28 February 2026.
        let leapling = candidate(born: date(2008, 2, 29))
        XCTAssertFalse(try criteria(on: date(2026, 2, 28)).admits(leapling))
        XCTAssertTrue(try criteria(on: date(2026, 3, 1)).admits(leapling))
        // At the top of a range: born 29 February 1996 is 30 until 28 February 2027, 31 from 1 March 2027.
        let upTo30 = { (day: CalendarDate) in try self.criteria(ages: (18, 30), on: day) }
        let leap1996 = candidate(born: date(1996, 2, 29))
        XCTAssertTrue(try upTo30(date(2027, 2, 28)).admits(leap1996))
        XCTAssertFalse(try upTo30(date(2027, 3, 1)).admits(leap1996))
        XCTAssertFalse(try upTo30(date(2027, 2, 28)).admits(candidate(born: date(1996, 2, 28))))
        // My own age when I was born on a leap day.
        XCTAssertEqual(try criteria(myBirth: (2004, 2, 29), on: date(2026, 2, 28)).myAge, 21)
        XCTAssertEqual(try criteria(myBirth: (2004, 2, 29), on: date(2026, 3, 1)).myAge, 22)
        XCTAssertEqual(try criteria(myBirth: (2004, 2, 29), on: date(2028, 2, 29)).myAge, 24)
    }

    /// Every birth day around every range, on ordinary and leap days: admitted exactly when the
    /// full-years age is in my range, and the range's birth dates (which storage searches by)
    /// hold exactly those birth days.
    func testAdmitsExactlyTheAgesOfMyRangeForEveryBirthDay() throws {
        let days = [date(2026, 11, 21), date(2028, 2, 28), date(2028, 2, 29), date(2028, 3, 1), date(2027, 2, 28), date(2027, 3, 1),
                    date(2026, 1, 1), date(2025, 12, 31)]
        for day in days {
            for (low, high) in [(18, 65), (20, 30), (18, 18), (65, 65), (33, 41)] {
                let criteria = try criteria(ages: (low, high), on: day)
                let dates = try AgeRange(min: low, max: high).birthDates(on: day)
                let first = day.daysSinceEpoch - 67 * 366
                let last = day.daysSinceEpoch - 16 * 365
                // One validated candidate, its birth changed: the stub would check the same
                // phone, e-mail and nick again for each of the hundreds of thousands of days.
                let template = candidate(born: day, gender: .male)
                for birthDay in stride(from: first, through: last, by: 1) {
                    let birth = CalendarDate(daysSinceEpoch: birthDay)
                    let age = BirthDate(stored: birth).age(on: day)
                    let born = User(
                        uid: template.uid, phone: template.phone, email: template.email, nick: template.nick,
                        birth: BirthDate(stored: birth), gender: .male, ageRange: template.ageRange, createdAt: template.createdAt)
                    let admitted = criteria.admits(born)
                    if admitted != (low...high).contains(age) || dates.contains(birth) != admitted {
                        XCTFail("today \(day), range \(low)–\(high), born \(birth) (age \(age)): admitted \(admitted), dates \(dates)")
                        return
                    }
                }
            }
        }
    }

    /// The packed form storage asks for every row it scans decides by the same rules as the
    /// user form: searchable, of the wanted gender, of an age I accept, accepting my age (26).
    func testThePackedFormDecidesAsTheUserForm() throws {
        let births = [date(2008, 11, 21), date(2008, 11, 22), date(2000, 1, 15), date(1995, 11, 22), date(1995, 11, 21), date(1960, 1, 1)]
        let ranges = [(18, 65), (20, 30), (26, 26), (27, 65), (18, 25)]
        for myRange in ranges {
            for wanted in [nil, Gender.female, .male] {
                let criteria = try criteria(ages: myRange, gender: wanted)
                for birth in births {
                    for theirs in ranges {
                        for gender in [Gender.female, .male] {
                            for searchable in [true, false] {
                                let user = candidate(born: birth, gender: gender, ages: theirs.0...theirs.1, searchable: searchable)
                                let age = BirthDate(stored: birth).age(on: today)
                                let expected = searchable && (wanted == nil || wanted == gender) && (myRange.0...myRange.1).contains(age)
                                    && (theirs.0...theirs.1).contains(26)
                                let packed = criteria.admits(
                                    gender: gender, searchable: searchable, birthDay: birth.daysSinceEpoch, ageMin: theirs.0, ageMax: theirs.1)
                                let context = "\(myRange) \(String(describing: wanted)) \(birth) \(theirs) \(gender) \(searchable)"
                                XCTAssertEqual(packed, expected, context)
                                XCTAssertEqual(criteria.admits(user), expected, context)
                            }
                        }
                    }
                }
            }
        }
    }
}
