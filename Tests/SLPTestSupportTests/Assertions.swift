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
