@testable import SLPData
import XCTest

/// A long-lived process reads each secret from storage once; a secret not made yet is asked
/// for again, since another process may make it meanwhile.
final class KeptSecretsTests: XCTestCase {
    func testASecretIsReadFromTheStoreOnceAndThenKept() throws {
        let store = CountingSecrets(["token-signing-key": [1, 2, 3]])
        let kept = KeptSecrets(store)
        XCTAssertEqual(try kept.secret(named: "token-signing-key"), [1, 2, 3])
        XCTAssertEqual(try kept.secret(named: "token-signing-key"), [1, 2, 3])
        XCTAssertEqual(try kept.secret(named: "token-signing-key") { [9] }, [1, 2, 3])
        XCTAssertEqual(store.reads, 1)
    }

    func testASecretNotMadeYetIsAskedForAgain() throws {
        let store = CountingSecrets([:])
        let kept = KeptSecrets(store)
        XCTAssertNil(try kept.secret(named: "token-signing-key"))
        store.values["token-signing-key"] = [7]
        XCTAssertEqual(try kept.secret(named: "token-signing-key"), [7], "made by another process meanwhile")
        XCTAssertEqual(try kept.secret(named: "token-signing-key"), [7])
        XCTAssertEqual(store.reads, 2)
    }

    func testASecretMadeThroughItIsKept() throws {
        let store = CountingSecrets([:])
        let kept = KeptSecrets(store)
        XCTAssertEqual(try kept.secret(named: "phone-key") { [4, 5] }, [4, 5])
        XCTAssertEqual(try kept.secret(named: "phone-key"), [4, 5])
        XCTAssertEqual(store.reads, 1, "only the read that made it")
    }
}

/// Secrets in a dictionary, counting the reads that reach it.
private final class CountingSecrets: SecretStore {
    var values: [String: [UInt8]]
    private(set) var reads = 0

    init(_ values: [String: [UInt8]]) {
        self.values = values
    }

    func secret(named name: String) throws -> [UInt8]? {
        reads += 1
        return values[name]
    }

    func secret(named name: String, creatingWith make: () throws -> [UInt8]) throws -> [UInt8] {
        if let found = try secret(named: name) { return found }
        let made = try make()
        values[name] = made
        return made
    }
}
