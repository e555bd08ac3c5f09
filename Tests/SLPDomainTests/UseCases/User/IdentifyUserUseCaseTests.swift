import SLPDomain
import SLPTestSupport
import XCTest

final class IdentifyUserUseCaseTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var identify: IdentifyUserUseCase!
    private var alice: User!
    private var bob: User!

    override func setUpWithError() throws {
        alice = User.stub(uid: "Alice1", phone: "010-1234-5678", nick: "alice")
        bob = User.stub(uid: "Bob2", phone: "011-987-6543", nick: "bob")
        storage = InMemoryStorage(InMemoryDatabase(users: [alice, bob]))
        identify = IdentifyUserUseCase(storage: storage)
    }

    func testByUID() throws {
        XCTAssertEqual(try identify("Alice1"), alice)
        XCTAssertEqual(try identify(" Bob2 "), bob)
    }

    func testByPhoneInEverySpecFormat() throws {
        for reference in ["010-1234-5678", "01012345678", "+821012345678", "+82 10-1234-5678"] {
            XCTAssertEqual(try identify(reference), alice, reference)
        }
        XCTAssertEqual(try identify("011-987-6543"), bob)
        XCTAssertEqual(try identify("0119876543"), bob)
    }

    func testMissingUnknownOrMalformedIsNotRegistered() {
        let references: [String?] = [
            nil, "", "   ", "Nobody1", "010-9999-9999", "+821099999999", "02-1234-5678", "010-12", "abc-def",
            "a b", "새싹", String(repeating: "a", count: 65), "alice1",
        ]
        for reference in references {
            XCTAssertThrowsError(try identify(reference), String(describing: reference)) { error in
                let error = error as? DomainError
                XCTAssertEqual(error, .notRegistered)
                XCTAssertEqual(error?.code, "not_registered")
            }
        }
    }

    // Regression: phone numbers written with spaces or dots were taken for uids.
    func testByPhoneWithSpacesOrDots() throws {
        for reference in ["010 1234 5678", "010.1234.5678", " 010 1234 5678 ", "010-1234.5678", "011.987.6543"] {
            XCTAssertEqual(try identify(reference), reference.contains("987") ? bob : alice, reference)
        }
    }

    func testOneReadTransactionAndNoneForNoReference() throws {
        XCTAssertThrowsDomainError(try identify(nil), .notRegistered)
        XCTAssertThrowsDomainError(try identify("a b"), .notRegistered)
        XCTAssertEqual(try storage.transactions(during: { _ = try identify("Alice1") }), ["read"])
        XCTAssertEqual(storage.transactions.filter { $0 != "read" }, [], "identifying never writes")
    }

    func testAWithdrawnUserIsNotRegistered() throws {
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: alice.uid)
        XCTAssertThrowsDomainError(try identify("Alice1"), .notRegistered)
        XCTAssertThrowsDomainError(try identify("010-1234-5678"), .notRegistered)
        XCTAssertEqual(try identify("Bob2"), bob)
    }
}
