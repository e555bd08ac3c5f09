import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

final class DocumentIDTests: XCTestCase {
    /// Expected values computed outside Swift (FNV-1a 64 of the uid, one SplitMix64 step).
    func testRegistrationSecondThenSixtyFourBitsOfTheUid() {
        let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나", createdAt: testNow)
        XCTAssertEqual(DocumentID.of(me), "6b016498" + "3bd12a6de6d429b5")
        let early = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너", createdAt: Date(timeIntervalSince1970: 0.999))
        XCTAssertEqual(DocumentID.of(early), "00000000" + "62d2295f5e829955")
    }

    func testDependsOnTheUidAndTheRegistrationOnlyNotThePhoneOrWhatChanges() throws {
        var me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나", createdAt: testNow)
        let before = DocumentID.of(me)
        me.nick = try Nick("새 이름")
        me.sesac = 3
        XCTAssertEqual(DocumentID.of(me), before)
        XCTAssertEqual(DocumentID.of(User.stub(uid: "ME", phone: "010-9999-9999", nick: "나", createdAt: testNow)), before)
        XCTAssertNotEqual(DocumentID.of(User.stub(uid: "ME2", phone: "010-1111-1111", nick: "나", createdAt: testNow)), before)
    }
}
