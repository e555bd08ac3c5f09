import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import slp

/// Variables are read from the process's real environment when asked.
final class ProcessEnvironmentTests: XCTestCase {
    private let names = ["SLP_ENV_TEST", "SLP_ENV_TEST_LONGER", "SLP_ENV_TEST_EMPTY"]

    override func tearDown() {
        for name in names { unsetenv(name) }
        super.tearDown()
    }

    func testValuesAreSplitAtTheFirstEqualsSign() {
        setenv("SLP_ENV_TEST", "a=b=c 새싹", 1)
        let environment = ProcessEnvironment.current()
        XCTAssertEqual(environment.value(of: "SLP_ENV_TEST"), "a=b=c 새싹")
        XCTAssertEqual(environment["SLP_ENV_TEST"], "a=b=c 새싹")
    }

    func testANameIsMatchedWholeNotAsAPrefix() {
        setenv("SLP_ENV_TEST_LONGER", "long", 1)
        let environment = ProcessEnvironment.current()
        XCTAssertNil(environment.value(of: "SLP_ENV_TEST"))
        XCTAssertNil(environment.value(of: "SLP_ENV_TEST_LONGE"))
        XCTAssertEqual(environment.value(of: "SLP_ENV_TEST_LONGER"), "long")
    }

    func testEmptyIsAValueButTheSubscriptTreatsItAsUnset() {
        setenv("SLP_ENV_TEST_EMPTY", "", 1)
        let environment = ProcessEnvironment.current()
        XCTAssertEqual(environment.value(of: "SLP_ENV_TEST_EMPTY"), "")
        XCTAssertNil(environment["SLP_ENV_TEST_EMPTY"])
    }

    func testHiddenVariablesReadAsUnset() {
        setenv("SLP_ENV_TEST", "shown", 1)
        var environment = ProcessEnvironment.current()
        environment.hidden = ["SLP_ENV_TEST"]
        XCTAssertNil(environment.value(of: "SLP_ENV_TEST"))
        XCTAssertNil(environment["SLP_ENV_TEST"])
        XCTAssertEqual(ProcessEnvironment.current()["SLP_ENV_TEST"], "shown")
    }
}
