import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class UserStorageContractTests: StorageContractTestCase {
    /// A user with nothing but what registration sets.
    private func plainUser() throws -> User {
        User(
            uid: try UserID("Plain1"), phone: try PhoneNumber("011-123-4567"), email: try Email("p@example.kr"),
            nick: try Nick("plain"), birth: BirthDate(stored: try CalendarDate(year: 2000, month: 2, day: 29)),
            gender: .female, createdAt: Date(timeIntervalSince1970: 1_763_000_000))
    }

    private func insert(_ user: User) throws -> Bool {
        try write { try $0.insert(user) }
    }

    func testInsertThenFindByUIDAndByPhone() {
        forEachBackend {
            let user = try User.everyField()
            XCTAssertTrue(try insert(user))
            XCTAssertEqual(try read { try $0.user(user.uid) }, user)
            XCTAssertEqual(try read { try $0.user(phone: try PhoneNumber("+821012345678")) }, user)
            XCTAssertEqual(try read { try $0.uid(phone: try PhoneNumber("010-1234-5678")) }, user.uid)
        }
    }

    func testNewUserWithDefaultsRoundTrips() {
        forEachBackend {
            let user = try plainUser()
            XCTAssertTrue(try insert(user))
            XCTAssertEqual(try read { try $0.user(user.uid) }, user)
        }
    }

    /// Every field of `User` is stored and read back equal: the user below differs from a
    /// plain one in every field (so no field is checked only at its default), the reported
    /// count made real by a report.
    func testEveryFieldOfAUserIsStoredAndReadBack() {
        forEachBackend {
            var full = try User.everyField()
            let plain = try plainUser()
            XCTAssertTrue(try insert(full))
            let reporter = try register("Reporter1")
            try write { try $0.insertReport(by: reporter.uid, of: full.uid, reason: .rude, comment: nil, at: now) }
            full.reportedCount = 1
            let plainFields = Array(Mirror(reflecting: plain).children), fullFields = Array(Mirror(reflecting: full).children)
            XCTAssertEqual(plainFields.count, fullFields.count)
            XCTAssertGreaterThanOrEqual(fullFields.count, 19)
            for (left, right) in zip(plainFields, fullFields) {
                // Dates print whole seconds only: compared as dates.
                let differ = if let left = left.value as? Date, let right = right.value as? Date { left != right } else {
                    String(describing: left.value) != String(describing: right.value)
                }
                XCTAssertTrue(differ, "\(left.label ?? "?") is tested at its default")
            }
            XCTAssertEqual(try read { try $0.user(full.uid) }, full)
            XCTAssertEqual(try read { try $0.user(phone: full.phone) }, full)
            // And through another connection, as another process reads it.
            XCTAssertEqual(try store.reconnect().storage.read { try $0.user(full.uid) }, full)
        }
    }

    func testUnknownUserIsNotFound() {
        forEachBackend {
            let nobody = try UserID("Nobody")
            XCTAssertNil(try read { try $0.user(nobody) })
            XCTAssertNil(try read { try $0.user(phone: try PhoneNumber("010-9999-9999")) })
            XCTAssertNil(try read { try $0.uid(phone: try PhoneNumber("010-9999-9999")) })
            XCTAssertEqual(try read { try $0.reviewedUsers(by: nobody) }, [])
            XCTAssertEqual(try read { try $0.reportedUsers(by: nobody) }, [])
            XCTAssertEqual(try read { try $0.reporters(of: nobody) }, [])
            XCTAssertEqual(try read { try $0.latestEventID(of: nobody) }, 0)
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: nobody) })
            XCTAssertThrowsError(try record("Nobody")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        }
    }

    func testATakenPhoneIsRefusedAndNothingIsWritten() {
        forEachBackend {
            let first = try User.everyField()
            XCTAssertTrue(try insert(first))
            let second = try User.everyField(uid: "Second2", phone: "+821012345678", nick: "second")
            XCTAssertFalse(try insert(second))
            XCTAssertNil(try read { try $0.user(second.uid) })
            XCTAssertEqual(try read { try $0.user(phone: first.phone) }, first)
        }
    }

    func testAwkwardNicksRoundTrip() {
        forEachBackend {
            let nicks = ["x');DROP--", "새싹", "가나다라마바사아자차", "👩‍💻dev", "' OR 1=1"]
            for (index, nick) in nicks.enumerated() {
                let user = try User.everyField(uid: "N\(index)", phone: "010-5555-000\(index)", nick: nick)
                XCTAssertTrue(try insert(user))
                XCTAssertEqual(try read { try $0.user(user.uid) }?.nick.value, nick)
                XCTAssertEqual(try read { try $0.user(user.uid) }, user)
            }
            // Every one of them is still there: no nick broke out of its parameter.
            for index in nicks.indices {
                XCTAssertEqual(try read { try $0.user(phone: try PhoneNumber("010-5555-000\(index)")) }?.nick.value, nicks[index])
            }
        }
    }

    func testUpdateChangesFieldsAndAppendsAndPersistsAcrossReopening() {
        forEachBackend {
            let original = try User.everyField()
            XCTAssertTrue(try insert(original))
            let reporter = try register("Reporter1")
            try write { try $0.insertReport(by: reporter.uid, of: original.uid, reason: .other, comment: nil, at: now) }
            var expected = original
            let updated = try change(original.uid.rawValue) { user in
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
                user.reportedCount = 7
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
            expected.dodgePenaltyUntil = nil
            expected.dodgeCount = 0
            expected.ageRange = .all
            expected.searchable = true
            XCTAssertEqual(updated.nick, expected.nick)
            // The reported count is never written: it is counted from the reports.
            expected.reportedCount = 1
            XCTAssertEqual(try read { try $0.user(original.uid) }, expected)

            let reopened = try store.reconnect().storage
            XCTAssertEqual(try reopened.read { try $0.user(original.uid) }, expected)
            XCTAssertEqual(try reopened.read { try $0.user(phone: original.phone) }, expected)
        }
    }

    func testUpdateSetsADodgePenalty() {
        forEachBackend {
            var user = try User.everyField()
            user.dodgePenaltyUntil = nil
            XCTAssertTrue(try insert(user))
            let until = Date(timeIntervalSince1970: 1_763_000_180.789)
            XCTAssertEqual(try change(user.uid.rawValue) { $0.dodgePenaltyUntil = until }.dodgePenaltyUntil, until)
            XCTAssertEqual(try read { try $0.user(user.uid) }?.dodgePenaltyUntil, until)
        }
    }

    func testUpdatesFromTwoConnectionsAllLand() {
        forEachBackend {
            let user = try User.everyField()
            XCTAssertTrue(try insert(user))
            let other = try store.reconnect().storage
            for index in 0..<6 {
                let connection = index.isMultiple(of: 2) ? storage : other
                try connection.write { transaction in
                    var stored = try XCTUnwrap(try transaction.user(user.uid))
                    stored.comments.append("c\(index)")
                    try transaction.update(stored)
                }
            }
            XCTAssertEqual(try read { try $0.user(user.uid) }?.comments, user.comments + (0..<6).map { "c\($0)" })
        }
    }

    func testAnUpdateOfAMissingUserChangesNothingAndTheUseCaseSaysNotRegistered() {
        forEachBackend {
            let ghost = try User.everyField(uid: "Nobody")
            try write { try $0.update(ghost) }
            XCTAssertNil(try read { try $0.user(ghost.uid) })
            XCTAssertNil(try read { try $0.user(phone: ghost.phone) })
            XCTAssertThrowsError(try UpdateMyPageUseCase(storage: storage)(me: ghost.uid, MyPageChanges(searchable: false))) {
                XCTAssertEqual($0 as? DomainError, .notRegistered)
            }
            XCTAssertNil(try read { try $0.user(ghost.uid) })
        }
    }

    func testAWriteThatThrowsLeavesTheUserUnchanged() {
        forEachBackend {
            let user = try User.everyField()
            XCTAssertTrue(try insert(user))
            XCTAssertThrowsError(try write { transaction in
                var changed = user
                changed.nick = try Nick("changed")
                changed.comments.append("never stored")
                changed.sesacCollection.append(1)
                try transaction.update(changed)
                throw DomainError.itemNotOwned
            }) { error in
                XCTAssertEqual(error as? DomainError, .itemNotOwned)
            }
            XCTAssertEqual(try read { try $0.user(user.uid) }, user)
            // The store is usable at once: nothing was left half-done.
            XCTAssertEqual(try change(user.uid.rawValue) { $0.sesac = 4 }.sesac, 4)
            XCTAssertEqual(try read { try $0.user(user.uid) }?.sesac, 4)
        }
    }

    func testMyPageShopAndWearUseCasesStoreWhatTheyChange() {
        forEachBackend {
            let me = try register("Me1")
            let page = try UpdateMyPageUseCase(storage: storage)(
                me: me.uid, MyPageChanges(searchable: false, ageMin: 25, ageMax: 40, gender: .male, study: "알고리즘"))
            XCTAssertEqual(try user("Me1"), page)
            XCTAssertEqual(page.ageRange, try AgeRange(min: 25, max: 40))
            XCTAssertFalse(page.searchable)
            // The stored maximum is kept when only the minimum changes, and checked against it.
            XCTAssertThrowsError(try UpdateMyPageUseCase(storage: storage)(me: me.uid, MyPageChanges(ageMin: 41)))
            XCTAssertEqual(try user("Me1")?.ageRange, try AgeRange(min: 25, max: 40))

            _ = try BuyItemUseCase(storage: storage)(me: me.uid, kind: .sesac, index: 3)
            _ = try BuyItemUseCase(storage: storage)(me: me.uid, kind: .background, index: 2)
            XCTAssertThrowsError(try BuyItemUseCase(storage: storage)(me: me.uid, kind: .sesac, index: 3)) {
                XCTAssertEqual($0 as? DomainError, .itemAlreadyOwned)
            }
            let dressed = try WearItemsUseCase(storage: storage)(me: me.uid, sesac: 3, background: 2)
            XCTAssertThrowsError(try WearItemsUseCase(storage: storage)(me: me.uid, sesac: 4, background: nil)) {
                XCTAssertEqual($0 as? DomainError, .itemNotOwned)
            }
            let stored = try XCTUnwrap(try user("Me1"))
            XCTAssertEqual(stored, dressed)
            XCTAssertEqual(stored.sesacCollection, [0, 3])
            XCTAssertEqual(stored.backgroundCollection, [0, 2])
            XCTAssertEqual([stored.sesac, stored.background], [3, 2])
            XCTAssertEqual(stored.study.value, "알고리즘")
        }
    }

    func testDeleteReturnsTrueThenFalseAndTakesPersonalDataAlong() {
        forEachBackend {
            let user = try User.everyField()
            let other = try User.everyField(uid: "Other1", phone: "010-2222-2222", nick: "other")
            XCTAssertTrue(try insert(user))
            XCTAssertTrue(try insert(other))
            XCTAssertTrue(try write { try $0.delete(user.uid) })
            XCTAssertNil(try read { try $0.user(user.uid) })
            XCTAssertNil(try read { try $0.user(phone: user.phone) })
            XCTAssertFalse(try write { try $0.delete(user.uid) })
            XCTAssertThrowsError(try WithdrawUserUseCase(storage: storage, clock: clock())(me: user.uid)) {
                XCTAssertEqual($0 as? DomainError, .notRegistered)
            }
            XCTAssertEqual(try read { try $0.user(other.uid) }, other)
            // The phone may register again.
            XCTAssertTrue(try insert(user))
            XCTAssertEqual(try read { try $0.user(user.uid) }, user)
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: user.uid)
            XCTAssertNil(try read { try $0.user(user.uid) })
        }
    }

    /// The reported count is the number of users with an account who reported the user: a
    /// reporter who withdraws takes their report along.
    func testTheReportedCountCountsTheReportsOfUsersWhoStillExist() {
        forEachBackend {
            let reported = try register("Reported1")
            for reporter in ["R1", "R2", "R3"] {
                let user = try register(reporter)
                try write { try $0.insertReport(by: user.uid, of: reported.uid, reason: .abuse, comment: "x", at: now) }
            }
            XCTAssertEqual(try user("Reported1")?.reportedCount, 3)
            XCTAssertEqual(try read { try $0.user(phone: reported.phone) }?.reportedCount, 3)
            XCTAssertEqual(try read { try $0.reporters(of: reported.uid) }.map(\.rawValue), ["R1", "R2", "R3"])
            XCTAssertEqual(try read { try $0.reportedUsers(by: self.id("R2")) }, [reported.uid])
            XCTAssertEqual(try user("R1")?.reportedCount, 0, "reporting does not count against the reporter")
            XCTAssertTrue(try write { try $0.delete(self.id("R2")) })
            XCTAssertEqual(try user("Reported1")?.reportedCount, 2)
            XCTAssertEqual(try read { try $0.reporters(of: reported.uid) }.map(\.rawValue), ["R1", "R3"])
            // An update never writes the count.
            try change("Reported1") { $0.reportedCount = 0 }
            XCTAssertEqual(try user("Reported1")?.reportedCount, 2)
        }
    }

    func testRegisterUseCase() {
        forEachBackend {
            let clock = StoppedClock(Date(timeIntervalSince1970: 1_795_262_400.5))
            let register = RegisterUserUseCase(storage: storage, clock: clock, ids: SequentialUserIDGenerator())
            let user = try register(.init(
                phone: "010-1234-5678", nick: "새싹", birth: try CalendarDate(year: 2000, month: 1, day: 1),
                email: "a@example.com", gender: .female))
            XCTAssertEqual(user.uid.rawValue, "U1")
            XCTAssertEqual(try read { try $0.user(user.uid) }, user)
            XCTAssertEqual(user.createdAt, clock.now)
            XCTAssertThrowsError(try register(.init(
                phone: "+821012345678", nick: "other", birth: try CalendarDate(year: 2000, month: 1, day: 1),
                email: "b@example.com", gender: .male))) { error in
                XCTAssertEqual(error as? DomainError, .alreadyRegistered)
            }
            XCTAssertNil(try read { try $0.user(UserID("U2")) }, "nothing stored for the refused one")
            XCTAssertEqual(try read { try $0.user(phone: try PhoneNumber("010-1234-5678")) }, user)
            XCTAssertEqual(try IdentifyUserUseCase(storage: storage)("010-1234-5678"), user)
            XCTAssertEqual(try IdentifyUserUseCase(storage: storage)("U1"), user)
            XCTAssertThrowsError(try IdentifyUserUseCase(storage: storage)("U2")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        }
    }
}
