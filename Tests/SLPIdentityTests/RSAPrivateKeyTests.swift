import Foundation
import SLPIdentity
import SLPTestSupport
import XCTest

/// RS256 signatures from a PKCS#8 key `openssl genpkey` made, checked by `openssl dgst -verify`.
final class RSAPrivateKeyTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-rsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func openssl(_ arguments: [String], input: Data? = nil) throws -> ProcessOutcome {
        try TimedProcess.run(["/usr/bin/openssl"] + arguments, environment: ["PATH": "/usr/bin:/bin"], stdin: input)
    }

    private func key(bits: Int = 2048) throws -> String {
        _ = try openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", path("key.pem")])
        _ = try openssl(["pkey", "-in", path("key.pem"), "-pubout", "-out", path("public.pem")])
        return try String(contentsOfFile: path("key.pem"), encoding: .utf8)
    }

    func testItsRS256SignaturesVerifyWithItsPublicKey() throws {
        let key = try XCTUnwrap(RSAPrivateKey(pkcs8PEM: try key()))
        let message = Data("header.claims of a JWT".utf8)
        try Data(try key.sign(rs256: Array(message))).write(to: URL(fileURLWithPath: path("signature")))
        let verified = try openssl(["dgst", "-sha256", "-verify", path("public.pem"), "-signature", path("signature")], input: message)
        XCTAssertEqual(verified.status, 0, verified.stdoutText + verified.stderrText)
    }

    func testASignatureOfOtherBytesDoesNotVerify() throws {
        let key = try XCTUnwrap(RSAPrivateKey(pkcs8PEM: try key()))
        try Data(try key.sign(rs256: Array("one text".utf8))).write(to: URL(fileURLWithPath: path("signature")))
        let verified = try openssl(["dgst", "-sha256", "-verify", path("public.pem"), "-signature", path("signature")], input: Data("another".utf8))
        XCTAssertNotEqual(verified.status, 0)
    }

    func testWeakEncryptedOrNonKeyPEMIsRefusedAndTheKeyIsNeverPrinted() throws {
        let weak = try key(bits: 1024)
        _ = try openssl(["pkcs8", "-topk8", "-in", path("key.pem"), "-passout", "pass:secret", "-out", path("encrypted.pem")])
        let encrypted = try String(contentsOfFile: path("encrypted.pem"), encoding: .utf8)
        XCTAssertNil(RSAPrivateKey(pkcs8PEM: weak))
        XCTAssertNil(RSAPrivateKey(pkcs8PEM: encrypted))
        XCTAssertNil(RSAPrivateKey(pkcs8PEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"))
        let strong = try XCTUnwrap(RSAPrivateKey(pkcs8PEM: try key()))
        XCTAssertEqual("\(strong)", "RSAPrivateKey(hidden)")
    }
}
