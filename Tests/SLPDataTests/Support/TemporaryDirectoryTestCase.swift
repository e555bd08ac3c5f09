import Foundation
import SLPData
import XCTest

/// Gives every test a fresh directory under the system temporary directory, removed afterwards.
class TemporaryDirectoryTestCase: XCTestCase {
    private(set) var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("slp-data-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory {
            try FileManager.default.removeItem(at: directory)
        }
        directory = nil
        try super.tearDownWithError()
    }

    /// An absolute path inside the test's directory.
    func path(_ name: String = "slp.sqlite") -> String {
        directory.appendingPathComponent(name).path
    }

    /// The permission bits of a file or directory.
    func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = try XCTUnwrap(attributes[.posixPermissions] as? NSNumber)
        return mode.intValue & 0o777
    }

    /// The bytes of a file, to prove it was not touched.
    func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Names in the test's directory, sorted.
    func directoryListing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}

extension Database {
    /// The first column of the first row as an integer, read in a transaction of its own.
    func integer(_ sql: String) throws -> Int64? {
        try read { try $0.integer(sql) }
    }

    /// The first column of the first row as text, read in a transaction of its own.
    func string(_ sql: String) throws -> String? {
        try read { try $0.string(sql) }
    }
}

extension Connection {
    /// The first column of the first row as an integer.
    func integer(_ sql: String) throws -> Int64? {
        try prepare(sql).first { $0.int64(0) }
    }

    /// The first column of the first row as text.
    func string(_ sql: String) throws -> String? {
        try prepare(sql).first { $0.text(0) }
    }
}

/// An error thrown by test closures on purpose.
struct PlannedFailure: Error, Equatable {}
