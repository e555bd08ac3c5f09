import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// Records drawn: mine whole, someone else's public profile only (no phone, e-mail, birth), and
/// the farewell of someone who has just withdrawn.
final class UserRendererTests: XCTestCase {
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")

    func testMyRecordHasMyPhoneAndAProfileHasNone() {
        let mine = UserRenderer(format: .text(.plain), now: testNow).render(.mine(MyRecord(newUser: me))).stdout
        XCTAssertTrue(mine.contains("phone") && mine.contains("010-1111-1111"), mine)
        let theirs = UserRenderer(format: .text(.plain), now: testNow).render(.other(other.publicProfile)).stdout
        XCTAssertTrue(theirs.contains("너"), theirs)
        XCTAssertFalse(theirs.contains("010-2222-2222") || theirs.contains("birth"), theirs)
        let json = UserRenderer(format: .json, now: testNow).render(.other(other.publicProfile)).stdout
        XCTAssertFalse(json.contains("phoneNumber"), json)
    }

    func testTheFarewell() {
        XCTAssertEqual(UserRenderer(format: .text(.plain), now: testNow).withdrawn(me).stdout,
                       "Withdrawn: 나 (ME). Your account and personal data are gone.\n")
        XCTAssertEqual(UserRenderer(format: .json, now: testNow).withdrawn(me).stdout, #"{"uid":"ME","withdrawn":true}"# + "\n")
    }

    func testWithdrawingGivesTheUserAsTheyWere() throws {
        let storage = InMemoryStorage(InMemoryDatabase(users: [me]))
        XCTAssertEqual(try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid), me)
        XCTAssertNil(storage.database.users[me.uid])
    }
}
