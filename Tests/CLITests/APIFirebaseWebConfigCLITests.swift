import Foundation
import XCTest

/// `SLP_FIREBASE_WEB_CONFIG` (SPEC §8): the Firebase web app's config, checked before serve
/// starts anything (one line, exit 78), then handed to the page in a `<meta>` with a policy
/// widened just for phone sign-in. None of this depends on the backend: SQLite only.
final class APIFirebaseWebConfigCLITests: XCTestCase {
    static var config: [String: Any] {
        [
        "apiKey": "AIzaTestKey", "authDomain": "\(FirebaseTestIssuer.project).firebaseapp.com", "projectId": FirebaseTestIssuer.project,
        "appId": "1:1234:web:abcd",
        "sdk": ["app": "https://www.gstatic.com/firebasejs/12.6.0/firebase-app.js", "auth": "https://www.gstatic.com/firebasejs/12.6.0/firebase-auth.js"],
        ]
    }

    private static func variant(_ change: (inout [String: Any]) -> Void) -> String {
        var config = config
        change(&config)
        return String(decoding: try! JSONSerialization.data(withJSONObject: config), as: UTF8.self)
    }

    func testServeRefusesABadWebConfigInOneLineAndStartsNothing() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["TMPDIR": scratch, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        let issuer = try FirebaseTestIssuer()
        let file = directory.path("web.json")
        for (contents, why) in [
            (nil, "cannot be read"),
            ("apiKey: x", "not a JSON object of the Firebase web app's config (apiKey, authDomain, projectId, appId, sdk)"),
            (Self.variant { $0["apiKey"] = nil }, "'apiKey' is missing"),
            (Self.variant { $0["sdk"] = ["app": "https://www.gstatic.com/a.js"] }, "'sdk.auth' is missing"),
            (Self.variant { $0["projectId"] = "someone-else" }, "projectId 'someone-else' is not SLP_FIREBASE_PROJECT '\(FirebaseTestIssuer.project)'"),
            (Self.variant { $0["sdk"] = ["app": "http://cdn.example.com/firebase-app.js", "auth": "https://www.gstatic.com/a.js"] },
             "'sdk.app' is not an https URL of a module (http only from 127.0.0.1, ::1 or localhost)"),
            (Self.variant { $0["sdk"] = ["app": "https://www.gstatic.com/a.js", "auth": "javascript:alert(1)"] },
             "'sdk.auth' is not an https URL of a module (http only from 127.0.0.1, ::1 or localhost)"),
        ] as [(String?, String)] {
            try? FileManager.default.removeItem(atPath: file)
            if let contents { try contents.write(toFile: file, atomically: true, encoding: .utf8) }
            let result = try slp.run(
                ["serve", "--port", String(try HTTPTestClient.freePort())],
                environment: issuer.environment.merging(["SLP_FIREBASE_WEB_CONFIG": file]) { $1 })
            XCTAssertEqual(result.status, 78, result.stderr)
            XCTAssertEqual(result.stderr, "Error: SLP_FIREBASE_WEB_CONFIG (\(file)): \(why)\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "nothing started")
        }
        try Self.variant { _ in }.write(toFile: file, atomically: true, encoding: .utf8)
        let alone = try slp.run(["serve", "--port", String(try HTTPTestClient.freePort())], environment: ["SLP_FIREBASE_WEB_CONFIG": file])
        XCTAssertEqual(alone.status, 78, alone.stderr)
        XCTAssertEqual(alone.stderr, "Error: SLP_FIREBASE_WEB_CONFIG needs SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS\n")
    }

    /// DEPLOY.md's config as written: the page carries it (no inline script) and its policy lets
    /// in the SDK's origin, reCAPTCHA and Firebase Auth's APIs, nothing else.
    func testThePageCarriesTheConfigAndItsPolicyLetsInFirebasePhoneSignInOnly() throws {
        let directory = try TemporaryDirectory()
        let issuer = try FirebaseTestIssuer()
        let file = directory.path("web.json")
        let documented = try DeployDocs.block(containing: "firebasejs")
        try documented.write(toFile: file, atomically: true, encoding: .utf8)
        let server = try ServedSLP(
            SLPBinary(database: directory.path("slp.sqlite")),
            environment: ["SLP_FIREBASE_PROJECT": "my-project", "SLP_FIREBASE_CERTS": issuer.certificatesPath, "SLP_FIREBASE_WEB_CONFIG": file])
        let page = try server.client.send("GET", "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(
            page.header("Content-Security-Policy"),
            "default-src 'self'; script-src 'self' https://www.gstatic.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; "
                + "style-src 'self'; img-src 'self' data: https://tile.openstreetmap.org; "
                + "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com; "
                + "frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/; "
                + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
        let meta = try XCTUnwrap(page.text.firstMatch(of: /<meta name="slp-firebase" content="([^"]*)">\n<\/head>/), page.text)
        let json = String(meta.1).replacingOccurrences(of: "&quot;", with: "\"")
        let carried = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
        XCTAssertEqual(carried, try JSONSerialization.jsonObject(with: Data(documented.utf8)) as? NSDictionary)
        XCTAssertEqual(server.stop(), 0)
    }
}
