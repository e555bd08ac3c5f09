import Foundation
import SLPIdentity
import SLPTestSupport
import XCTest

/// The verifier on its own: slp's HS256 tokens and Firebase's RS256 ones (a key and a
/// self-signed certificate made with the `openssl` command), and every way a token is refused.
final class TokenVerifierTests: XCTestCase {
    private let key = [UInt8](repeating: 42, count: SLPToken.keyLength)
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func verifier(key: [UInt8]? = nil, firebase: FirebaseSettings? = nil, at date: Date? = nil) -> TokenVerifier {
        let stored = key ?? self.key
        return TokenVerifier(slpKey: { stored }, firebase: firebase, now: date ?? now)
    }

    private func slpToken(subject: String = "uid1", phone: String? = nil, issuedAt: Date? = nil, hours: Int = 1) throws -> String {
        try SLPTokenIssuer(key: key).token(subject: subject, phoneNumber: phone, issuedAt: issuedAt ?? now, lifetime: .seconds(hours * 3_600))
    }

    private func rejection(_ body: () throws -> VerifiedIdentity) -> TokenRejection? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? TokenRejection
        }
    }

    func testSLPTokensRoundTripWithTheirPhone() throws {
        let identity = try verifier().verify(try slpToken(phone: "+821012345678"))
        XCTAssertEqual(identity, VerifiedIdentity(subject: "uid1", phoneNumber: "+821012345678", issuer: .slp))
    }

    func testSLPTokensAreRefusedWhenExpiredForgedOrUnsignedOrWithoutAKey() throws {
        let token = try slpToken()
        XCTAssertEqual(rejection { try verifier(at: now.addingTimeInterval(3_600)).verify(token) }, .expired)
        XCTAssertEqual(rejection { try verifier(at: now.addingTimeInterval(-3_600)).verify(token) }, .notYetValid)
        XCTAssertEqual(rejection { try verifier(key: [UInt8](repeating: 1, count: 32)).verify(token) }, .badSignature)
        XCTAssertEqual(rejection { try TokenVerifier(slpKey: { nil }, firebase: nil, now: now).verify(token) }, .badSignature)
        let parts = token.split(separator: ".").map(String.init)
        let none = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        XCTAssertEqual(rejection { try verifier().verify(none + "." + parts[1] + ".") }, .wrongAlgorithm)
        XCTAssertEqual(rejection { try verifier().verify(parts[0] + "." + parts[1]) }, .malformed)
        XCTAssertEqual(rejection { try verifier().verify(parts[0] + "." + parts[1] + "." + parts[2] + "=") }, .malformed)
        XCTAssertEqual(rejection { try verifier().verify(nil) }, .missing)
        let claims = Base64URL.encode(Array(#"{"iss":"other","aud":"slp","sub":"u","iat":1,"exp":9999999999}"#.utf8))
        XCTAssertEqual(rejection { try verifier().verify(parts[0] + "." + claims + "." + parts[2]) }, .unknownIssuer)
        let critical = Base64URL.encode(Array(#"{"alg":"HS256","crit":["exp"]}"#.utf8))
        XCTAssertEqual(rejection { try verifier().verify(critical + "." + parts[1] + "." + parts[2]) }, .malformed)
    }

    func testFirebaseTokensNeedTheirProjectsKeyAndClaims() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyPath = directory.appendingPathComponent("key.pem").path, certificatePath = directory.appendingPathComponent("cert.pem").path
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days", "1", "-subj", "/CN=t"])
        let certificate = try String(contentsOfFile: certificatePath, encoding: .utf8)
        let settings = try FirebaseSettings(projectID: "proj", certificatesJSON: Array(try JSONSerialization.data(withJSONObject: ["k1": certificate])))
        func token(_ claims: [String: Any], kid: String = "k1") throws -> String {
            let header = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: ["alg": "RS256", "kid": kid])))
            let input = header + "." + Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: claims)))
            return input + "." + Base64URL.encode(Array(try openssl(["dgst", "-sha256", "-sign", keyPath], input: Data(input.utf8))))
        }
        let seconds = Int(now.timeIntervalSince1970)
        let genuine: [String: Any] = [
            "iss": "https://securetoken.google.com/proj", "aud": "proj", "sub": "fbuid", "iat": seconds - 10, "exp": seconds + 3_000,
            "auth_time": seconds - 10,
        ]
        XCTAssertEqual(try verifier(firebase: settings).verify(try token(genuine)).issuer, .firebase)
        XCTAssertEqual(rejection { try verifier().verify(try token(genuine)) }, .unknownIssuer, "no Firebase project configured")
        XCTAssertEqual(rejection { try verifier(firebase: settings).verify(try token(genuine, kid: "k2")) }, .unknownKey)
        var claims = genuine
        claims["aud"] = "other"
        XCTAssertEqual(rejection { try verifier(firebase: settings).verify(try token(claims)) }, .wrongAudience)
        claims = genuine
        claims.removeValue(forKey: "auth_time")
        XCTAssertEqual(rejection { try verifier(firebase: settings).verify(try token(claims)) }, .malformed)
        claims = genuine
        claims["sub"] = String(repeating: "x", count: 129)
        XCTAssertEqual(rejection { try verifier(firebase: settings).verify(try token(claims)) }, .noSubject)
        // The Firebase issuer's claims under slp's algorithm: never checked with slp's key.
        let slpSigned = try SLPTokenIssuer(key: key).token(subject: "fbuid", phoneNumber: nil, issuedAt: now, lifetime: .seconds(60))
        let parts = slpSigned.split(separator: ".").map(String.init)
        let firebaseClaims = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: genuine)))
        XCTAssertEqual(rejection { try verifier(firebase: settings).verify(parts[0] + "." + firebaseClaims + "." + parts[2]) }, .wrongAlgorithm)
    }

    @discardableResult
    private func openssl(_ arguments: [String], input: Data? = nil) throws -> Data {
        let outcome = try TimedProcess.run(["/usr/bin/openssl"] + arguments, environment: ProcessInfo.processInfo.environment, stdin: input)
        XCTAssertEqual(outcome.status, 0, "openssl \(arguments[0]): \(outcome.stderrText)")
        return outcome.stdout
    }
}
