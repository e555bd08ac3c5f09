import SLPDomain
import XCTest

@testable import SLPCommandLine
@testable import slp

/// The command line words `not_registered` itself (the domain says only "not registered"):
/// how to name a user when none was given, whom nobody is registered as otherwise.
final class FailureRendererTests: XCTestCase {
    private let help = HelpFormatter(for: CommandTable.parser)
    private let notRegistered = Failure(DomainError.notRegistered)

    func testNoActingUserGivenSaysHowToNameOne() {
        let failures = FailureRenderer(help: help, actingUser: nil)
        let message = "not registered: pass --as UID|PHONE or set SLP_USER to a registered user"
        XCTAssertEqual(failures.render(notRegistered, format: .text(.plain)), Output(stdout: "", stderr: "Error: \(message)\n", exitCode: .refused))
        XCTAssertEqual(failures.render(notRegistered, format: .json).stderr, """
            Error: \(message)
            {"error":{"code":"not_registered","status":406,"message":"\(message)"}}

            """)
    }

    func testAnActingUserGivenIsNamedBackOnOneLine() {
        let failures = FailureRenderer(help: help, actingUser: "010-9999-9999")
        XCTAssertEqual(failures.render(notRegistered, format: .json), Output(stdout: "", stderr: """
            Error: no registered user '010-9999-9999'
            {"error":{"code":"not_registered","status":406,"message":"no registered user '010-9999-9999'"}}

            """, exitCode: .refused))
        let hostile = FailureRenderer(help: help, actingUser: "a\nb\u{1B}[31m")
        XCTAssertEqual(hostile.render(notRegistered, format: .text(.plain)).stderr, "Error: no registered user 'a\u{FFFD}b\u{FFFD}[31m'\n")
    }

    func testOtherFailuresAreUnchanged() {
        let failures = FailureRenderer(help: help, actingUser: "U1")
        let notMatched = Failure(DomainError.notMatched)
        XCTAssertEqual(failures.render(notMatched, format: .json), FailureRenderer(help: help).render(notMatched, format: .json))
        XCTAssertEqual(failures.render(notMatched, format: .json).stderr, """
            Error: no conversation with that user
            {"error":{"code":"not_matched","status":null,"message":"no conversation with that user"}}

            """)
        XCTAssertEqual(notRegistered.message, "not registered", "the domain's own words are left to the command line")
    }
}
