import Foundation
import XCTest

/// Only a phone-bound identity registers, and only its own number: a Firebase sign-in of
/// another kind, or an slp token for an account, registers nothing, and its answer is the same
/// whether the number it names has an account or not; on every backend.
final class APIRegistrationCLITests: XCTestCase {
    private let now = ISO8601DateFormatter().date(from: "2026-11-21T09:30:00Z")!

    func testOnlyAPhoneBoundIdentityRegistersAndOnlyItsNumber() {
        TestBackend.each(self) { _, database, _ in
            let firebase = try FirebaseTestIssuer()
            let slp = SLPBinary(database: database)
            let existing = try slp.run("register", "--phone", "010-5600-0001", "--nick", "있음", "--birth", "1995-01-01", "--email", "e@example.com", "--gender", "male")
            XCTAssertEqual(existing.status, 0, existing.stderr)
            let server = try ServedSLP(slp, environment: firebase.environment)
            let http = server.client
            func form(_ phone: String) -> String { "birth=1990-05-05&email=s%40example.com&gender=0&nick=squat&phoneNumber=\(phone)" }

            // An e-mail sign-in of the same project: a genuine token, bound to no number.
            var claims = FirebaseTestIssuer.claims(uid: "fbMail000000000000000000001", now: now)
            claims["firebase"] = ["identities": [:], "sign_in_provider": "password"]
            let mail = try firebase.token(claims)
            let free = try http.form("POST", "/v1/user", token: mail, form("%2B821056000002"))
            let taken = try http.form("POST", "/v1/user", token: mail, form("%2B821056000001"))
            XCTAssertEqual(free.status, 401, free.text)
            XCTAssertEqual(taken.text, free.text, "the same answer whether the number has an account or not")
            XCTAssertEqual(try http.get("/v1/user", token: mail).status, 406, "nothing registered")
            // slp's own token for an account names no phone either.
            let account = try slp.run("token", "--as", "010-5600-0001").stdout.trimmingCharacters(in: .newlines)
            XCTAssertEqual(try http.form("POST", "/v1/user", token: account, form("%2B821056000002")).text, free.text)
            // The owner of the free number signs in with it and registers it.
            let owner = try firebase.token(FirebaseTestIssuer.claims(uid: "fbPhone00000000000000000002", now: now, phone: "+821056000002"))
            XCTAssertEqual(try http.form("POST", "/v1/user", token: owner, form("%2B821056000002")).status, 200)
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
