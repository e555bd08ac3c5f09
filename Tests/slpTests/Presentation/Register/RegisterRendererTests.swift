import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// A registration drawn: the new uid alone for people (`uid=$(slp register …)`), the whole user
/// object for programs; a refusal carries SLP's status.
final class RegisterRendererTests: XCTestCase {
    func testTheNewUidForPeopleAndTheUserObjectForPrograms() throws {
        let storage = InMemoryStorage()
        let user = try RegisterUserUseCase(storage: storage, clock: StoppedClock(testNow), ids: SequentialUserIDGenerator())(.stub())
        XCTAssertEqual(RegisterRenderer(format: .text(.plain), now: testNow).render(user).stdout, "U1\n")
        let json = RegisterRenderer(format: .json, now: testNow).render(user).stdout
        XCTAssertTrue(json.hasPrefix(#"{"_id":"#), json)
        XCTAssertTrue(json.contains(#""uid":"U1","phoneNumber":"+821012345678""#), json)
    }

    func testARefusalCarriesSLPsStatus() {
        XCTAssertEqual(Failure(DomainError.alreadyRegistered),
                       Failure(code: "already_registered", status: 201, message: DomainError.alreadyRegistered.message, exitCode: .refused))
        XCTAssertEqual(Failure(DomainError.invalid(InvalidValue(code: "invalid_nick", message: "a nick has at most 10 characters (got 11)"))).exitCode, .usage)
    }
}
