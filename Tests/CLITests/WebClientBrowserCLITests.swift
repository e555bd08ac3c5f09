import Foundation
import SLPTestSupport
import XCTest

/// The web client (SPEC §8) in headless Chromium driven by Selenium, against a real `slp serve`
/// on every backend: `Fixtures/web-client/browser_story.py` tells the story and says which step
/// did not hold. Nothing leaves the machine: the browsers resolve no host but 127.0.0.1, so map
/// tiles fail and the map must read without them. Screenshots at 360 and 1,440 px are kept in
/// `.build/test-artefacts/web-client/<backend>/`; with `SLP_UPDATE_DOC_IMAGES=1` the SQLite run
/// also copies the map and the chat at 1,440 px to `docs/images/` for README.
final class WebClientBrowserCLITests: XCTestCase {
    private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Two browsers through the whole story, on a machine five times slower.
    private static let storyBound = 300.0

    /// Seconds a fresh token of the Firebase stand-in lasts: the page, idle, must renew it when
    /// the hub ends its socket then. Longer than one API call on a slow machine (a call refused
    /// for expiry is renewed and tried again once).
    private static let tokenLifetime = 5

    /// Two people, one reading Korean and one English, 170 m apart, sharing one study.
    private static let people: [(phone: String, nick: String, lat: Double, long: Double, language: String, studies: String)] = [
        ("010-5200-0001", "지우", 37.517819, 126.886329, "ko-KR", "swift, ios"),
        ("010-5200-0002", "Minho", 37.5190, 126.8880, "en-US", "swift, rust"),
    ]

    /// Keyboard only: both register through links, queue, see each other on the map and in the
    /// list, request, accept, chat both ways (each message on the other screen within 1 s), read
    /// a message sent with `slp chat send`, and the page says the partner cancelled; no CSP
    /// violation; screenshots at 360 and 1,440 px.
    func testTwoPeopleMeetOnTheMapChatLiveAndThePageSaysWhenThePartnerCancels() {
        TestBackend.each(self) { backend, database, directory in
            let output = try story("meet", backend, database, directory)
            XCTAssertTrue(output.contains("no Content-Security-Policy violation"), output)
            if backend == .sqlite, ProcessInfo.processInfo.environment["SLP_UPDATE_DOC_IMAGES"] == "1" {
                for name in ["map", "chat"] {
                    let image = Self.package.appendingPathComponent("docs/images/web-\(name).png")
                    try? FileManager.default.removeItem(at: image)
                    try FileManager.default.copyItem(at: Self.artefacts(backend).appendingPathComponent("\(name)-1440.png"), to: image)
                }
            }
        }
    }

    /// Without WebSocket the socket polls; a hidden tab gets a notice; a reload keeps the session;
    /// a forged or an expired token gets the sign-in screen and nobody's data.
    func testThePageHoldsWithoutWebSocketHiddenReloadedAndWithABadToken() {
        TestBackend.each(self) { backend, database, directory in
            let output = try story("away", backend, database, directory) { slp in
                var forged = try slp.run(["token", "--phone", "010-5200-0009"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                forged.replaceSubrange(forged.index(forged.endIndex, offsetBy: -4)..., with: forged.hasSuffix("AAAA") ? "BBBB" : "AAAA")
                let expired = try slp.run(["token", "--phone", "010-5200-0010"], environment: ["SLP_NOW": "2026-01-01T00:00:00.000Z"])
                return ["forged": forged, "expired": expired.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
            }
            XCTAssertTrue(output.contains("a forged and an expired token get the sign-in screen"), output)
        }
    }

    /// A page signed in with a token that expires within seconds: at its exp the hub ends the
    /// page's socket saying why (`closing`, 401), and the page shows the sign-in screen, opens no
    /// other socket and shows nobody's data.
    func testThePageSignsOutWhenTheHubEndsItsSocketAtTheTokensExp() {
        TestBackend.each(self) { backend, database, directory in
            // The page and the hub's timers decide, not the storage: SQLite's run is enough.
            guard backend == .sqlite else { return }
            let output = try story("expiry", backend, database, directory)
            XCTAssertTrue(output.contains("at the token's exp the hub ends the page's socket"), output)
        }
    }

    /// Where the operator configured Firebase, a person signs in with their phone through a
    /// stand-in of the Firebase JS SDK (`Fixtures/web-client/firebase_standin.js`, served on a
    /// loopback port of its own) that signs ID tokens with the test's key, the first already
    /// expired: a wrong code leaves no session, the right one signs in, the page renews the
    /// expired token when the API refuses it (`getIdToken(true)`), the person registers (uid the
    /// token's `sub`); idle, the page renews again when the hub ends its socket at the fresh
    /// token's expiry, and stays signed in; it queues; no CSP violation, the policy letting in
    /// the stand-in's origin.
    func testAPersonSignsInWithTheirPhoneThroughFirebaseRegistersAndQueues() {
        TestBackend.each(self) { backend, database, directory in
            let issuer = try FirebaseTestIssuer()
            let port = try HTTPTestClient.freePort()
            let module = "http://127.0.0.1:\(port)/firebase_standin.js"
            let web = directory.path("firebase-web.json")
            var config = APIFirebaseWebConfigCLITests.config
            config["sdk"] = ["app": module, "auth": module]
            try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: web))
            let uid = "Xk9fQ2mPhoneSignInStandInAbc"
            let firebase: [String: Any] = [
                "port": port, "code": "204863", "phone": "010-5200-0021", "nick": "하늘", "uid": uid,
                "key": issuer.keyPath, "keyID": issuer.keyID, "project": FirebaseTestIssuer.project, "lifetime": Self.tokenLifetime,
            ]
            let output = try story("phone", backend, database, directory, environment: issuer.environment.merging(["SLP_FIREBASE_WEB_CONFIG": web]) { $1 }) { _ in
                ["firebase": firebase]
            }
            XCTAssertTrue(output.contains("signed in with Firebase (the expired token renewed) and registered as 하늘: uid \(uid)"), output)
            XCTAssertTrue(output.contains("no Content-Security-Policy violation"), output)
        }
    }

    private static func artefacts(_ backend: TestBackend) -> URL {
        package.appendingPathComponent(".build/test-artefacts/web-client/\(backend)")
    }

    /// Runs `Fixtures/web-client/browser_story.py`'s `name` against a fresh `slp serve`; what it
    /// printed, once it says every step held.
    private func story(
        _ name: String, _ backend: TestBackend, _ database: String, _ directory: TemporaryDirectory, environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line, extra: (SLPBinary) throws -> [String: Any] = { _ in [:] }
    ) throws -> String {
        let slp = SLPBinary(database: database, now: nil)
        let server = try ServedSLP(slp, environment: environment)
        let base = "http://127.0.0.1:\(server.port)"
        let artefacts = Self.artefacts(backend)
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        var people: [[String: Any]] = []
        for person in Self.people {
            let token = try slp.run(["token", "--phone", person.phone])
            XCTAssertEqual(token.status, 0, token.stderr, file: file, line: line)
            people.append([
                "link": "\(base)/#token=\(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))", "phone": person.phone,
                "nick": person.nick, "lat": person.lat, "long": person.long, "language": person.language, "studies": person.studies,
            ])
        }
        let config = directory.path("story.json")
        let document = try extra(slp).merging(["story": name, "base": base, "people": people, "slp": [SLPBinary.url.path], "artefacts": artefacts.path]) { $1 }
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: config))
        let script = Self.package.appendingPathComponent("Fixtures/web-client/browser_story.py").path
        let outcome = try TimedProcess.run(
            ["/usr/bin/env", "python3", script, config],
            environment: ProcessInfo.processInfo.environment.merging(slp.environment.filter { $0.key.hasPrefix("SLP_") }) { $1 },
            timeout: Self.storyBound)
        XCTAssertEqual(outcome.status, 0, outcome.stdoutText + outcome.stderrText, file: file, line: line)
        XCTAssertEqual(server.stop(), 0, file: file, line: line)
        // The browsers asked for nothing that is not there (as an icon the page does not name).
        let missing = server.process.stderr.split(separator: "\n").filter { $0.hasSuffix(" ms") && $0.split(separator: " ").dropFirst(2).first == "404" }
        XCTAssertEqual(missing, [], "asked for and not found", file: file, line: line)
        return outcome.stdoutText
    }
}
