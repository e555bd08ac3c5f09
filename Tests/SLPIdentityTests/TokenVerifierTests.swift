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
        XCTAssertEqual(identity.subject, "uid1")
        XCTAssertEqual(identity.phoneNumber, "+821012345678")
        XCTAssertEqual(identity.issuer, .slp)
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
        // Clocks differ a little: `iat` and `auth_time` up to five minutes ahead pass, no more.
        for (field, ahead, expected) in [("iat", 299, nil), ("iat", 301, TokenRejection.notYetValid), ("auth_time", 299, nil),
                                         ("auth_time", 301, .notYetValid)] as [(String, Int, TokenRejection?)] {
            claims = genuine
            claims[field] = seconds + ahead
            XCTAssertEqual(rejection { try verifier(firebase: settings).verify(try token(claims)) }, expected, "\(field) \(ahead) s ahead")
        }
        // Certificates that cannot be read now: the project's tokens are neither accepted nor refused.
        let unavailable = try FirebaseSettings.unavailable(projectID: "proj")
        XCTAssertThrowsError(try verifier(firebase: unavailable).verify(try token(genuine))) { XCTAssertEqual($0 as? FirebaseKeysUnavailable, FirebaseKeysUnavailable()) }
        XCTAssertEqual(try verifier(firebase: unavailable).verify(try slpToken()).issuer, .slp, "slp's own tokens work on")
        // The Firebase issuer's claims under slp's algorithm: never checked with slp's key.
        let slpSigned = try SLPTokenIssuer(key: key).token(subject: "fbuid", phoneNumber: nil, issuedAt: now, lifetime: .seconds(60))
        let parts = slpSigned.split(separator: ".").map(String.init)
        let firebaseClaims = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: genuine)))
        XCTAssertEqual(rejection { try verifier(firebase: settings).verify(parts[0] + "." + firebaseClaims + "." + parts[2]) }, .wrongAlgorithm)
    }

    func testSLPTokensForAnotherAudienceAreRefusedThoughGenuinelySigned() throws {
        let header = Base64URL.encode(Array(#"{"alg":"HS256","kid":"slp","typ":"JWT"}"#.utf8))
        for (audience, expected) in [("slp", nil), ("another", TokenRejection.wrongAudience)] as [(String, TokenRejection?)] {
            let claims = #"{"aud":"\#(audience)","exp":\#(Int(now.timeIntervalSince1970) + 60),"iat":\#(Int(now.timeIntervalSince1970)),"iss":"slp","sub":"uid1"}"#
            let input = header + "." + Base64URL.encode(Array(claims.utf8))
            let token = input + "." + Base64URL.encode(try HMACSHA256.mac(key: key, Array(input.utf8)))
            XCTAssertEqual(rejection { try verifier().verify(token) }, expected, audience)
        }
    }

    func testCertificatesWithKeysUnder2048BitsOrNoCertificateAtAllMakeTheFileBroken() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var published: [String: String] = [:]
        for bits in [1024, 2048] {
            let certificate = directory.appendingPathComponent("cert\(bits).pem").path
            try openssl(["req", "-x509", "-newkey", "rsa:\(bits)", "-nodes", "-keyout", directory.appendingPathComponent("key\(bits).pem").path,
                         "-out", certificate, "-days", "1", "-subj", "/CN=t"])
            published["k\(bits)"] = try String(contentsOfFile: certificate, encoding: .utf8)
        }
        func settings(_ certificates: [String: String]) throws -> FirebaseSettings {
            try FirebaseSettings(projectID: "proj", certificatesJSON: Array(try JSONSerialization.data(withJSONObject: certificates)))
        }
        XCTAssertNoThrow(try settings(["k2048": published["k2048"]!]))
        XCTAssertThrowsError(try settings(published)) {
            XCTAssertEqual(($0 as? CryptoError)?.message,
                           "the certificate of key id 'k1024' is not an X.509 certificate with an RSA key of 2048 bits or more")
        }
        XCTAssertThrowsError(try settings(["k": "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"]))
        XCTAssertThrowsError(try FirebaseSettings(projectID: "proj", certificatesJSON: Array("{}".utf8)))
    }

    @discardableResult
    private func openssl(_ arguments: [String], input: Data? = nil) throws -> Data {
        let outcome = try TimedProcess.run(["/usr/bin/openssl"] + arguments, environment: ProcessInfo.processInfo.environment, stdin: input)
        XCTAssertEqual(outcome.status, 0, "openssl \(arguments[0]): \(outcome.stderrText)")
        return outcome.stdout
    }
}
