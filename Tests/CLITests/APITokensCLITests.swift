import Foundation
import XCTest

/// Who calls the API is only what a verified `idtoken` says: slp's own tokens and Firebase ID
/// tokens (checked as Firebase's Admin SDK checks them) are accepted; forged, expired,
/// unsigned, wrong-audience and wrong-issuer tokens get 401; on every backend.
final class APITokensCLITests: XCTestCase {
    /// The servers' clock (SLPBinary's default `SLP_NOW`).
    private let now = ISO8601DateFormatter().date(from: "2026-11-21T09:30:00Z")!

    func testFirebaseIDTokensAreCheckedAsTheAdminSDKChecksThem() {
        TestBackend.each(self) { _, database, _ in
            let firebase = try FirebaseTestIssuer()
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp, environment: firebase.environment)
            let http = server.client
            let uid = "fbUser0000000000000000000001"
            let genuine = try firebase.token(FirebaseTestIssuer.claims(uid: uid, now: now, phone: "+821050000001"))

            // A genuine token: the app signs up and logs in as that uid.
            XCTAssertEqual(try http.get("/v1/user", token: genuine).status, 406)
            let registered = try http.form(
                "POST", "/v1/user", token: genuine, "FCMtoken=f&birth=1990-05-05&email=f%40example.com&gender=0&nick=fire&phoneNumber=%2B821050000001")
            XCTAssertEqual(registered.status, 200, registered.text)
            XCTAssertEqual(try JSONDecoder().decode(SLPUser.self, from: try http.get("/v1/user", token: genuine).body).uid, uid)

            func refused(_ token: String?, _ why: String, file: StaticString = #filePath, line: UInt = #line) throws {
                let response = try http.get("/v1/user", token: token)
                XCTAssertEqual(response.status, 401, "\(why): \(response.text)", file: file, line: line)
                let error = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                XCTAssertEqual((error?["error"] as? [String: Any])?["status"] as? Int, 401, file: file, line: line)
                if let token { XCTAssertFalse(response.text.contains(token), "the answer never repeats the token", file: file, line: line) }
            }
            var claims = FirebaseTestIssuer.claims(uid: uid, now: now)
            try refused(nil, "no token")
            try refused("", "an empty token")
            try refused("not-a-token", "not a JWT")
            // Forged: a genuine token with its claims changed, or its signature.
            let parts = genuine.split(separator: ".").map(String.init)
            let otherClaims = FirebaseTestIssuer.base64URL(try JSONSerialization.data(withJSONObject: FirebaseTestIssuer.claims(uid: "someoneElse000000000000000001", now: now)))
            try refused([parts[0], otherClaims, parts[2]].joined(separator: "."), "claims swapped under a genuine signature")
            var signature = Array(parts[2])
            signature[10] = signature[10] == "A" ? "B" : "A"
            try refused([parts[0], parts[1], String(signature)].joined(separator: "."), "a signature changed")
            // Not signed, or signed with the public certificate as an HMAC key under Firebase's kid.
            try refused(try firebase.unsignedToken(claims), "alg none")
            try refused(
                try firebase.hmacToken(claims, key: Data(firebase.certificatePEM.utf8), header: ["alg": "HS256", "kid": firebase.keyID, "typ": "JWT"]),
                "HS256 under a Firebase kid")
            try refused(try firebase.token(claims, header: ["alg": "RS256", "kid": "unknown-kid", "typ": "JWT"]), "an unknown kid")
            // Genuinely signed, but for another project, from another issuer, expired, from the future, for nobody.
            claims["aud"] = "another-project"
            try refused(try firebase.token(claims), "wrong audience")
            claims = FirebaseTestIssuer.claims(uid: uid, now: now)
            claims["iss"] = "https://securetoken.google.com/another-project"
            try refused(try firebase.token(claims), "wrong issuer")
            claims = FirebaseTestIssuer.claims(uid: uid, now: now)
            claims["exp"] = Int(now.timeIntervalSince1970) - 1
            try refused(try firebase.token(claims), "expired")
            claims = FirebaseTestIssuer.claims(uid: uid, now: now)
            claims["iat"] = Int(now.timeIntervalSince1970) + 3_600
            try refused(try firebase.token(claims), "issued in the future")
            claims = FirebaseTestIssuer.claims(uid: uid, now: now)
            claims["auth_time"] = Int(now.timeIntervalSince1970) + 3_600
            try refused(try firebase.token(claims), "signed in in the future")
            claims = FirebaseTestIssuer.claims(uid: uid, now: now)
            claims["sub"] = ""
            try refused(try firebase.token(claims), "no subject")
            // A Firebase phone sign-in registers only its own number.
            let other = try firebase.token(FirebaseTestIssuer.claims(uid: "fbUser0000000000000000000002", now: now, phone: "+821050000002"))
            XCTAssertEqual(try http.form(
                "POST", "/v1/user", token: other, "birth=1990-05-05&email=g%40example.com&gender=0&nick=g&phoneNumber=%2B821050000003").status, 401)
            XCTAssertEqual(server.stop(), 0)
            XCTAssertFalse(server.process.stderr.contains(genuine), "no token in the log")
        }
    }

    func testSLPTokensNameAnAccountOrAPhoneAndExpire() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let registered = try slp.run("register", "--phone", "010-5100-0001", "--nick", "토큰", "--birth", "1995-02-02", "--email", "t@example.com", "--gender", "male")
            XCTAssertEqual(registered.status, 0, registered.stderr)
            let uid = registered.stdout.trimmingCharacters(in: .newlines)
            let account = try slp.run("token", "--as", "010-5100-0001")
            XCTAssertEqual(account.status, 0, account.stderr)
            XCTAssertEqual(account.stdout.filter { $0 == "\n" }.count, 1, "one token, one line")
            let token = account.stdout.trimmingCharacters(in: .newlines)
            XCTAssertEqual(token.split(separator: ".").count, 3)
            // Made an hour and a half before the server's now: it lived one hour.
            let expired = try slp.run(["token", "--as", uid], environment: ["SLP_NOW": "2026-11-21T08:00:00.000Z"]).stdout.trimmingCharacters(in: .newlines)
            let longer = try slp.run(["token", "--as", uid, "--hours", "2"], environment: ["SLP_NOW": "2026-11-21T08:00:00.000Z"]).stdout.trimmingCharacters(in: .newlines)
            // Refusals of the command itself: a phone with an account, both --as and --phone, bad hours, nobody.
            XCTAssertEqual(try slp.run("token", "--phone", "010-5100-0001").status, 1, "use --as for an account")
            XCTAssertEqual(try slp.run("token", "--phone", "010-5100-0002", "--as", uid).status, 64)
            XCTAssertEqual(try slp.run("token", "--as", uid, "--hours", "0").status, 64)
            XCTAssertEqual(try slp.run("token", "--phone", "12345").status, 64)
            XCTAssertEqual(try slp.run("token", "--as", "010-5100-0009").status, 1)
            let json = try slp.run("--json", "token", "--as", uid).jsonObject()
            XCTAssertEqual(json["uid"] as? String, uid)
            XCTAssertEqual(json["expiresAt"] as? String, "2026-11-21T10:30:00.000Z")

            let server = try ServedSLP(slp)
            let http = server.client
            XCTAssertEqual(try http.get("/v1/user", token: token).status, 200)
            XCTAssertEqual(try http.get("/v1/user", token: longer).status, 200)
            XCTAssertEqual(try http.get("/v1/user", token: expired).status, 401)
            // Forged: signed with another key, or its claims changed.
            let parts = token.split(separator: ".").map(String.init)
            let claims: [String: Any] = ["iss": "slp", "aud": "slp", "sub": "someoneElse000000000000000001", "iat": 1_795_000_000, "exp": 1_895_000_000]
            let swapped = FirebaseTestIssuer.base64URL(try JSONSerialization.data(withJSONObject: claims))
            XCTAssertEqual(try http.get("/v1/user", token: [parts[0], swapped, parts[2]].joined(separator: ".")).status, 401)
            let firebase = try FirebaseTestIssuer()
            let otherKey = try firebase.hmacToken(claims, key: Data(repeating: 7, count: 32), header: ["alg": "HS256", "kid": "slp", "typ": "JWT"])
            XCTAssertEqual(try http.get("/v1/user", token: otherKey).status, 401)
            XCTAssertEqual(try http.get("/v1/user", token: try firebase.unsignedToken(claims)).status, 401, "alg none")
            var audience = claims
            audience["aud"] = "another"
            XCTAssertEqual(try http.get("/v1/user", token: try firebase.unsignedToken(audience)).status, 401)
            // Firebase tokens are refused when slp serve has no Firebase project.
            XCTAssertEqual(try http.get("/v1/user", token: try firebase.token(FirebaseTestIssuer.claims(uid: uid, now: now))).status, 401)
            XCTAssertEqual(server.stop(), 0)
            XCTAssertFalse(server.process.stderr.contains(token), "no token in the log")
        }
    }

    /// `--link`: one line, `{base}/#token=…`, whose token the API accepts: for an account, and
    /// for a phone about to register (406 until it does); the base from `--base`, else
    /// `SLP_BASE_URL`, else serve's default address; a base that is no web address is refused.
    func testALinkSignsTheWebClientInWithATokenTheAPIAccepts() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let registered = try slp.run("register", "--phone", "010-5100-0011", "--nick", "링크", "--birth", "1995-02-02", "--email", "l@example.com", "--gender", "male")
            XCTAssertEqual(registered.status, 0, registered.stderr)
            let server = try ServedSLP(slp)
            let base = "http://127.0.0.1:\(server.port)"
            /// The token of a one-line link that starts with `base`.
            func token(_ result: SLPBinary.Result, _ base: String, file: StaticString = #filePath, line: UInt = #line) -> String {
                XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
                XCTAssertEqual(result.stdout.filter { $0 == "\n" }.count, 1, "one link, one line", file: file, line: line)
                let link = result.stdout.trimmingCharacters(in: .newlines)
                XCTAssertTrue(link.hasPrefix(base + "/#token="), link, file: file, line: line)
                return String(link.dropFirst(base.count + "/#token=".count))
            }
            let account = token(try slp.run("token", "--as", "010-5100-0011", "--link", "--base", base + "/"), base)
            XCTAssertEqual(try server.client.get("/v1/user", token: account).status, 200)
            XCTAssertEqual(try server.client.get("/", token: nil).status, 200, "the link's page")
            let newcomer = token(try slp.run(["token", "--phone", "010-5100-0012", "--link"], environment: ["SLP_BASE_URL": "https://slp.example.org"]), "https://slp.example.org")
            XCTAssertEqual(try server.client.get("/v1/user", token: newcomer).status, 406)
            _ = token(try slp.run("token", "--as", "010-5100-0011", "--link"), "http://127.0.0.1:1210")
            let json = try slp.run("--json", "token", "--as", "010-5100-0011", "--link", "--base", base).jsonObject()
            XCTAssertEqual(json["link"] as? String, base + "/#token=" + (json["idtoken"] as? String ?? "none"))
            for refused in [["--link", "--base", "ftp://example.org"], ["--link", "--base", "https://"], ["--link", "--base", "https://x/?a=1"], ["--base", base]] {
                XCTAssertEqual(try slp.run(["token", "--as", "010-5100-0011"] + refused).status, 64, "\(refused)")
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
