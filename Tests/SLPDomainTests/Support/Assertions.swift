import Foundation
import SLPDomain
import XCTest

/// Asserts that `expression` throws exactly `expected`.
func XCTAssertThrowsDomainError<T>(
    _ expression: @autoclosure () throws -> T, _ expected: DomainError,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
        XCTAssertEqual(error as? DomainError, expected, "thrown: \(error)", file: file, line: line)
    }
}

/// Asserts that `expression` throws `DomainError.invalid` with `code`; returns the error for further checks.
@discardableResult
func XCTAssertThrowsInvalid<T>(
    _ expression: @autoclosure () throws -> T, code: String,
    file: StaticString = #filePath, line: UInt = #line
) -> DomainError? {
    var thrown: DomainError?
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
        guard let domainError = error as? DomainError else {
            XCTFail("expected a DomainError, got \(error)", file: file, line: line)
            return
        }
        thrown = domainError
        XCTAssertTrue(domainError.isInvalidValue, "\(domainError) is not an invalid value", file: file, line: line)
        XCTAssertEqual(domainError.code, code, file: file, line: line)
        if case .invalid(let value) = domainError {
            XCTAssertEqual(value.code, code, file: file, line: line)
            XCTAssertFalse(value.message.isEmpty, file: file, line: line)
        }
    }
    return thrown
}

/// The one expected message of an invalid value, for tests that pin the wording.
func XCTAssertInvalidMessage(
    _ error: DomainError?, _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
    guard case .invalid(let value) = error else {
        XCTFail("expected an invalid value, got \(String(describing: error))", file: file, line: line)
        return
    }
    XCTAssertEqual(value.message, message, file: file, line: line)
}
