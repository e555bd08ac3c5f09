import Foundation
import XCTest

/// Firebase's certificates file as `slp serve` keeps it: checked before serving (a broken file
/// is one line and no start), read again when it changes (Google rotates its keys), and when it
/// breaks while serving, Firebase tokens get 503 with `Retry-After` while slp's own tokens work
/// on; no answer names the file. On every backend.
final class APIFirebaseCertificatesCLITests: XCTestCase {
    private let now = ISO8601DateFormatter().date(from: "2026-11-21T09:30:00Z")!

    func testServeRefusesABrokenCertificatesFileInOneLineAndStartsNothing() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["TMPDIR": scratch, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        let weak = try FirebaseTestIssuer(keyID: "weak", bits: 1024)
        let file = directory.path("certs.json")
        for (contents, why) in [
            ("{}", "not a JSON object of key ids and PEM certificates"), ("garbage", "not a JSON object of key ids and PEM certificates"),
            (String(decoding: try JSONSerialization.data(withJSONObject: ["weak": weak.certificatePEM]), as: UTF8.self),
             "the certificate of key id 'weak' is not an X.509 certificate with an RSA key of 2048 bits or more"),
            (nil, "cannot be read"),
        ] as [(String?, String)] {
            try? FileManager.default.removeItem(atPath: file)
            if let contents { try contents.write(toFile: file, atomically: true, encoding: .utf8) }
            let port = try HTTPTestClient.freePort()
            let result = try slp.run(
                ["serve", "--port", String(port)], environment: ["SLP_FIREBASE_PROJECT": FirebaseTestIssuer.project, "SLP_FIREBASE_CERTS": file])
            XCTAssertEqual(result.status, 78, result.stderr)
            XCTAssertEqual(result.stderr, "Error: SLP_FIREBASE_CERTS (\(file)): \(why)\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "nothing started")
        }
        let half = try slp.run(["serve", "--port", String(try HTTPTestClient.freePort())], environment: ["SLP_FIREBASE_PROJECT": "p"])
        XCTAssertEqual(half.status, 78, half.stderr)
        XCTAssertEqual(half.stderr, "Error: set both SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS, or neither\n")
    }

    func testRotatedKeysCountAtOnceAndABrokenFileHoldsOnlyFirebaseTokens() {
        TestBackend.each(self) { _, database, _ in
            let first = try FirebaseTestIssuer(keyID: "key-1"), second = try FirebaseTestIssuer(keyID: "key-2")
            let slp = SLPBinary(database: database)
            let registered = try slp.run("register", "--phone", "010-5700-0001", "--nick", "슬프", "--birth", "1995-01-01", "--email", "s@example.com", "--gender", "male")
            XCTAssertEqual(registered.status, 0, registered.stderr)
            let own = try slp.run("token", "--as", "010-5700-0001").stdout.trimmingCharacters(in: .newlines)
            let server = try ServedSLP(slp, environment: first.environment)
            let http = server.client
            let claims = FirebaseTestIssuer.claims(uid: "fbRotate0000000000000000001", now: now)
            let old = try first.token(claims), new = try second.token(claims)
            XCTAssertEqual(try http.get("/v1/user", token: old).status, 406, "a known key: the user is just not registered")
            XCTAssertEqual(try http.get("/v1/user", token: new).status, 401, "an unknown kid")

            // Google publishes the next key beside the current one, then drops the old one.
            try FirebaseTestIssuer.publish([first.keyID: first.certificatePEM, second.keyID: second.certificatePEM], to: first.certificatesPath)
            XCTAssertEqual(try http.get("/v1/user", token: new).status, 406)
            XCTAssertEqual(try http.get("/v1/user", token: old).status, 406)
            try FirebaseTestIssuer.publish([second.keyID: second.certificatePEM], to: first.certificatesPath)
            XCTAssertEqual(try http.get("/v1/user", token: old).status, 401)
            XCTAssertEqual(try http.get("/v1/user", token: new).status, 406)

            // Broken while serving: Firebase tokens are asked to come back; slp's own work on.
            try "{}".write(toFile: first.certificatesPath, atomically: true, encoding: .utf8)
            let held = try http.get("/v1/user", token: new)
            XCTAssertEqual(held.status, 503, held.text)
            XCTAssertEqual(held.header("Retry-After"), "30")
            XCTAssertEqual(held.text, #"{"error":{"code":"firebase_keys_unavailable","status":503,"message":"Firebase sign-in cannot be checked just now; try again"}}"# + "\n")
            XCTAssertEqual(try http.get("/v1/user", token: own).status, 200)
            XCTAssertEqual(try http.get("/v1/user", token: "not-a-token").status, 401)
            try FileManager.default.removeItem(atPath: first.certificatesPath)
            XCTAssertEqual(try http.get("/v1/user", token: new).status, 503, "a missing file too")
            // Mended: Firebase tokens are checked again.
            try FirebaseTestIssuer.publish([second.keyID: second.certificatePEM], to: first.certificatesPath)
            XCTAssertEqual(try http.get("/v1/user", token: new).status, 406)
            XCTAssertEqual(server.stop(), 0)
            XCTAssertTrue(server.process.stderr.contains("SLP_FIREBASE_CERTS (\(first.certificatesPath)): not a JSON object"), "why goes to the error log: \(server.process.stderr)")
        }
    }
}
