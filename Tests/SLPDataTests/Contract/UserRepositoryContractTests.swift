import Foundation
import SLPDomain
import XCTest

final class UserRepositoryContractTests: RepositoryContractTestCase {
    /// A user with every field away from its default; dates at whole milliseconds.
    private func makeUser(
        uid: String = "AbCdEf0123456789GhIjKl4567", phone: String = "010-1234-5678", nick: String = "새싹러버"
    ) throws -> User {
        User(
            uid: try UserID(uid), phone: try PhoneNumber(phone), email: try Email("Sesac.User@example.com"),
            nick: try Nick(nick), birth: BirthDate(stored: try CalendarDate(year: 1999, month: 2, day: 28)),
            gender: .male, study: try FavoriteStudy("Swift & iOS"), comments: ["좋아요", "it's \"great\""],
            reputation: try Reputation(counts: [1, 0, 2, 0, 3, 4]), sesac: 2, sesacCollection: [0, 2, 4],
            background: 7, backgroundCollection: [0, 1, 7], reportedCount: 1,
            dodgePenaltyUntil: Date(timeIntervalSince1970: 1_763_000_120.456), dodgeCount: 2,
            ageRange: try AgeRange(min: 20, max: 35), searchable: false,
            createdAt: Date(timeIntervalSince1970: 1_763_000_000.123))
    }

    func testAddThenFindByUIDAndByPhone() {
        forEachBackend {
            let user = try makeUser()
            try users.add(user)
            XCTAssertEqual(try users.user(uid: user.uid), user)
            XCTAssertEqual(try users.user(phone: try PhoneNumber("+821012345678")), user)
        }
    }

    func testNewUserWithDefaultsRoundTrips() {
        forEachBackend {
            let user = User(
                uid: try UserID("Plain1"), phone: try PhoneNumber("011-123-4567"), email: try Email("p@example.kr"),
                nick: try Nick("plain"), birth: BirthDate(stored: try CalendarDate(year: 2000, month: 2, day: 29)),
                gender: .female, createdAt: Date(timeIntervalSince1970: 1_763_000_000))
            try users.add(user)
            XCTAssertEqual(try users.user(uid: user.uid), user)
        }
    }

    func testUnknownUserIsNil() {
        forEachBackend {
            XCTAssertNil(try users.user(uid: try UserID("Nobody")))
            XCTAssertNil(try users.user(phone: try PhoneNumber("010-9999-9999")))
            XCTAssertNil(try users.record(uid: try UserID("Nobody")))
        }
    }

    func testDuplicatePhoneIsAlreadyRegisteredAndWritesNothing() {
        forEachBackend {
            let first = try makeUser()
            try users.add(first)
            let second = try makeUser(uid: "Second2", phone: "+821012345678", nick: "second")
            XCTAssertThrowsError(try users.add(second)) { error in
                XCTAssertEqual(error as? DomainError, .alreadyRegistered)
            }
            XCTAssertNil(try users.user(uid: second.uid))
            XCTAssertEqual(try users.user(phone: first.phone), first)
        }
    }

    func testAwkwardNicksRoundTrip() {
        forEachBackend {
            let nicks = ["x');DROP--", "새싹", "가나다라마바사아자차", "👩‍💻dev", "' OR 1=1"]
            for (index, nick) in nicks.enumerated() {
                let user = try makeUser(uid: "N\(index)", phone: "010-5555-000\(index)", nick: nick)
                try users.add(user)
                XCTAssertEqual(try users.user(uid: user.uid)?.nick.value, nick)
                XCTAssertEqual(try users.user(uid: user.uid), user)
            }
            // Every one of them is still there: no nick broke out of its parameter.
            for index in nicks.indices {
                XCTAssertEqual(try users.user(phone: try PhoneNumber("010-5555-000\(index)"))?.nick.value, nicks[index])
            }
        }
    }

    func testUpdateChangesFieldsAndAppendsAndPersistsAcrossReopening() {
        forEachBackend {
            let original = try makeUser()
            try users.add(original)
            var expected = original
            let updated = try users.update(uid: original.uid) { user in
                user.nick = try Nick("새 닉네임")
                user.email = try Email("new@example.org")
                user.gender = .female
                user.study = try FavoriteStudy("algorithms")
                user.comments.append("최고예요")
                user.reputation.add([.punctual, .helpful])
                user.sesacCollection.append(3)
                user.sesacCollection.sort()
                user.sesac = 3
                user.backgroundCollection.append(5)
                user.backgroundCollection.sort()
                user.reportedCount = 2
                user.dodgePenaltyUntil = nil
                user.dodgeCount = 0
                user.ageRange = try AgeRange(min: 18, max: 65)
                user.searchable = true
            }
            expected.nick = try Nick("새 닉네임")
            expected.email = try Email("new@example.org")
            expected.gender = .female
            expected.study = try FavoriteStudy("algorithms")
            expected.comments = ["좋아요", "it's \"great\"", "최고예요"]
            expected.reputation = try Reputation(counts: [1, 1, 2, 0, 3, 5])
            expected.sesacCollection = [0, 2, 3, 4]
            expected.sesac = 3
            expected.backgroundCollection = [0, 1, 5, 7]
            expected.reportedCount = 2
            expected.dodgePenaltyUntil = nil
            expected.dodgeCount = 0
            expected.ageRange = .all
            expected.searchable = true
            XCTAssertEqual(updated, expected)
            XCTAssertEqual(try users.user(uid: original.uid), expected)

            let reopened = try repositories.reconnect().users
            XCTAssertEqual(try reopened.user(uid: original.uid), expected)
            XCTAssertEqual(try reopened.user(phone: original.phone), expected)
        }
    }

    func testUpdateSetsADodgePenalty() {
        forEachBackend {
            var user = try makeUser()
            user.dodgePenaltyUntil = nil
            try users.add(user)
            let until = Date(timeIntervalSince1970: 1_763_000_180.789)
            XCTAssertEqual(try users.update(uid: user.uid) { $0.dodgePenaltyUntil = until }.dodgePenaltyUntil, until)
            XCTAssertEqual(try users.user(uid: user.uid)?.dodgePenaltyUntil, until)
        }
    }

    func testUpdatesFromTwoConnectionsAllLand() {
        forEachBackend {
            let user = try makeUser()
            try users.add(user)
            let other = try repositories.reconnect().users
            for index in 0..<6 {
                let repository = index.isMultiple(of: 2) ? users : other
                _ = try repository.update(uid: user.uid) { $0.comments.append("c\(index)") }
            }
            XCTAssertEqual(try users.user(uid: user.uid)?.comments, user.comments + (0..<6).map { "c\($0)" })
        }
    }

    func testUpdateOfAMissingUserIsNotRegistered() {
        forEachBackend {
            var called = false
            XCTAssertThrowsError(try users.update(uid: try UserID("Nobody")) { _ in called = true }) { error in
                XCTAssertEqual(error as? DomainError, .notRegistered)
            }
            XCTAssertFalse(called)
            XCTAssertNil(try users.user(uid: try UserID("Nobody")))
        }
    }

    func testThrowingUpdateLeavesTheUserUnchanged() {
        forEachBackend {
            let user = try makeUser()
            try users.add(user)
            XCTAssertThrowsError(try users.update(uid: user.uid) { user in
                user.nick = try Nick("changed")
                user.comments.append("never stored")
                user.sesacCollection.append(1)
                throw DomainError.itemNotOwned
            }) { error in
                XCTAssertEqual(error as? DomainError, .itemNotOwned)
            }
            XCTAssertEqual(try users.user(uid: user.uid), user)
            // The store is usable at once: nothing was left half-done.
            XCTAssertEqual(try users.update(uid: user.uid) { $0.sesac = 4 }.sesac, 4)
        }
    }

    func testRemoveReturnsTrueThenFalseAndTakesPersonalDataAlong() {
        forEachBackend {
            let user = try makeUser()
            let other = try makeUser(uid: "Other1", phone: "010-2222-2222", nick: "other")
            try users.add(user)
            try users.add(other)
            XCTAssertTrue(try users.remove(uid: user.uid))
            XCTAssertNil(try users.user(uid: user.uid))
            XCTAssertNil(try users.user(phone: user.phone))
            XCTAssertNil(try users.record(uid: user.uid))
            XCTAssertFalse(try users.remove(uid: user.uid))
            XCTAssertEqual(try users.user(uid: other.uid), other)
            // The phone may register again.
            try users.add(user)
            XCTAssertEqual(try users.user(uid: user.uid), user)
        }
    }

    func testRegisterUseCase() {
        forEachBackend {
            struct Clock: TimeProvider { let now = Date(timeIntervalSince1970: 1_795_262_400.5) }
            let register = RegisterUserUseCase(users: users, clock: Clock())
            let user = try register(.init(
                phone: "010-1234-5678", nick: "새싹", birth: try CalendarDate(year: 2000, month: 1, day: 1),
                email: "a@example.com", gender: .female))
            XCTAssertEqual(try users.user(uid: user.uid), user)
            XCTAssertEqual(user.createdAt, Clock().now)
            XCTAssertThrowsError(try register(.init(
                phone: "+821012345678", nick: "other", birth: try CalendarDate(year: 2000, month: 1, day: 1),
                email: "b@example.com", gender: .male))) { error in
                XCTAssertEqual(error as? DomainError, .alreadyRegistered)
            }
            XCTAssertEqual(try users.user(phone: try PhoneNumber("010-1234-5678")), user)
        }
    }
}
