import Foundation
@testable import SLPWebServer
import XCTest

/// docs/openapi.yaml names exactly the paths and methods of `RouteTable`: a route added to the
/// table without its description (or one described that serve does not answer) fails here.
final class OpenAPIPathsTests: XCTestCase {
    /// `METHOD template` for every operation under the document's `paths:` (two spaces before a
    /// path, four before a method, as the file is written).
    private func documentedOperations() throws -> Set<String> {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let methods: Set<Substring> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        var operations: Set<String> = []
        var inPaths = false
        var path: Substring?
        for line in lines {
            if !line.hasPrefix(" "), !line.hasPrefix("#"), !line.isEmpty {
                inPaths = line == "paths:"
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = line.dropFirst(2).dropLast()
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path,
                      let key = line.dropFirst(4).split(separator: ":").first, methods.contains(key) {
                operations.insert("\(key.uppercased()) \(path)")
            }
        }
        return operations
    }

    func testTheDocumentNamesEveryRouteAndMethodAndNoOther() throws {
        let served = Set(RouteTable.routes.flatMap { route in route.methods.map { "\($0) \(route.template)" } })
        let documented = try documentedOperations()
        XCTAssertEqual(served.subtracting(documented).sorted(), [], "served but not in docs/openapi.yaml")
        XCTAssertEqual(documented.subtracting(served).sorted(), [], "in docs/openapi.yaml but not served")
        XCTAssertFalse(documented.isEmpty)
    }
}
