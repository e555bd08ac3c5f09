import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif
import SLPTestSupport
import XCTest

/// A kind of store the CLI tests run `slp` on: a SQLite file always, and with the package trait
/// `PostgreSQL` also a database on the tests' PostgreSQL server (`PrivateCluster`).
enum TestBackend: String, CustomStringConvertible {
    case sqlite = "SQLite"
    #if PostgreSQL
    case postgreSQL = "PostgreSQL"
    #endif

    /// Every backend this build has, SQLite first, narrowed by `SLP_TEST_BACKENDS`
    /// (`BackendSelection`).
    static var all: [TestBackend] {
        #if PostgreSQL
        let built: [TestBackend] = [.sqlite, .postgreSQL]
        #else
        let built: [TestBackend] = [.sqlite]
        #endif
        let chosen = BackendSelection.chosen(from: built.map(\.rawValue))
        return built.filter { chosen.contains($0.rawValue) }
    }

    var description: String { rawValue }

    /// The `SLP_DB` of a new, empty store: `file` in `directory`, or a fresh PostgreSQL database.
    func freshStore(in directory: TemporaryDirectory, file: String = "slp.sqlite") throws -> String {
        switch self {
        case .sqlite:
            return directory.path(file)
        #if PostgreSQL
        case .postgreSQL:
            return try PrivateCluster.shared().freshDatabase()
        #endif
        }
    }

    /// Runs `body` once per backend, each time on a fresh store (the directory it gets lives as
    /// long as the call). An error thrown on one backend fails the test and the next backend
    /// still runs; failures are followed by one naming the backend they happened on, as XCTest
    /// cannot tell.
    static func each(
        _ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line,
        _ body: (_ backend: TestBackend, _ database: String, _ directory: TemporaryDirectory) throws -> Void
    ) {
        for backend in all {
            let failuresBefore = test.testRun?.totalFailureCount ?? 0
            do {
                let directory = try TemporaryDirectory()
                try body(backend, try backend.freshStore(in: directory), directory)
            } catch {
                XCTFail("\(error)", file: file, line: line)
            }
            if (test.testRun?.totalFailureCount ?? 0) > failuresBefore {
                XCTFail("the failures above happened on \(backend)", file: file, line: line)
            }
        }
    }
}
