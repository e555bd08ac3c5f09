import Foundation
import SLPIdentity
import SLPPush
import SLPTestSupport
import Synchronization
import XCTest

/// FCMClient against the fake FCM over real HTTPS (HTTP/2, its CA trusted through
/// SSL_CERT_FILE): what arrives, how access tokens are fetched and reused, and what each of
/// FCM's answers becomes.
final class FCMClientTests: XCTestCase {
    private var fake: FakeFCM!
    private var savedCertFile: String?

    override func setUpWithError() throws {
        fake = try FakeFCM()
        savedCertFile = ProcessInfo.processInfo.environment["SSL_CERT_FILE"]
        setenv("SSL_CERT_FILE", fake.caFile, 1)
    }

    override func tearDown() {
        if let savedCertFile { setenv("SSL_CERT_FILE", savedCertFile, 1) } else { unsetenv("SSL_CERT_FILE") }
        fake = nil
    }

    private func client(now: @escaping @Sendable () -> Date = { Date() }) throws -> FCMClient {
        let account = try ServiceAccount.load(path: fake.serviceAccountPath)
        return try XCTUnwrap(FCMClient(account: account, baseURL: fake.baseURL, now: now))
    }

    private func message(_ token: String, text: String = "안녕하세요") -> FCMMessage {
        FCMMessage(token: token, title: "새싹", body: text, data: [(key: "matched", value: "1"), (key: "Uid", value: "u1"),
                                                                 (key: "Nick", value: "새싹"), (key: "body", value: text)],
                   collapseID: "42")
    }

    func testASendArrivesAsFCMDocumentsItWithTheBearerFromTheServiceAccountsToken() async throws {
        let results = try await client().send([message("device-1", text: "줄\n바꿈 \"인용\"")])
        XCTAssertEqual(results, [.sent])
        let log = try fake.log()
        XCTAssertEqual(log.rejections, [])
        XCTAssertEqual(log.messages.count, 1)
        let expected: [String: Any] = [
            "token": "device-1", "notification": ["title": "새싹", "body": "줄\n바꿈 \"인용\""],
            "data": ["matched": "1", "Uid": "u1", "Nick": "새싹", "body": "줄\n바꿈 \"인용\""],
            "apns": ["headers": ["apns-priority": "10", "apns-push-type": "alert", "apns-collapse-id": "42"],
                     "payload": ["aps": ["sound": "default"]]],
            "android": ["priority": "high"],
        ]
        XCTAssertEqual(log.messages.first.map { NSDictionary(dictionary: $0) }, NSDictionary(dictionary: expected))
    }

    func testOneAccessTokenServesManySendsUntilShortlyBeforeItExpires() async throws {
        // Tokens of 300 s are reused for 300 − 225 s; the client's clock is moved past that.
        try fake.control(["token_lifetime": 300])
        let offset = Mutex<TimeInterval>(0)
        let client = try client(now: { Date().addingTimeInterval(offset.withLock { $0 }) })
        for round in 0..<3 {
            let results = await client.send((0..<10).map { message("device-\(round)-\($0)") })
            XCTAssertEqual(results, Array(repeating: .sent, count: 10))
        }
        XCTAssertEqual(try fake.log().tokensIssued, 1, "one token for 30 sends")
        offset.withLock { $0 = 80 }
        let later = await client.send((0..<10).map { message("device-later-\($0)") })
        XCTAssertEqual(later, Array(repeating: .sent, count: 10))
        XCTAssertEqual(try fake.log().tokensIssued, 2, "one more once the first was due for refresh")
    }

    func testA401WithoutAnFCMErrorCodeRefreshesTheTokenOnceAndSendsAgain() async throws {
        let client = try client()
        let first = await client.send([message("device-1")])
        XCTAssertEqual(first, [.sent])
        try fake.control(["script": [["status": 401]]])
        let second = await client.send([message("device-2")])
        XCTAssertEqual(second, [.sent])
        XCTAssertEqual(try fake.log().tokensIssued, 2)
    }

    func testA401AgainAfterTheRefreshIsUnauthorized() async throws {
        try fake.control(["script": [["status": 401, "count": 2]]])
        let results = try await client().send([message("device-1")])
        XCTAssertEqual(results, [.unauthorized])
    }

    func testRevokedTokensAreReplacedWithoutLosingASend() async throws {
        let client = try client()
        let first = await client.send([message("device-1")])
        XCTAssertEqual(first, [.sent])
        try fake.control(["revoke_tokens": true])
        let again = await client.send((0..<20).map { message("device-again-\($0)") })
        XCTAssertEqual(again, Array(repeating: .sent, count: 20))
    }

    func testEachOfFCMsErrorsBecomesItsResultInTheMessagesOrder() async throws {
        let registrationToken = "The registration token is not a valid FCM registration token"
        try fake.control(["tokens": [
            "gone": ["status": 404, "error_code": "UNREGISTERED"],
            "other-project": ["status": 403, "error_code": "SENDER_ID_MISMATCH"],
            "bad-token": ["status": 400, "error_code": "INVALID_ARGUMENT", "message": registrationToken],
            "bad-payload": ["status": 400, "error_code": "INVALID_ARGUMENT", "message": "Invalid JSON payload received."],
            "apns-key": ["status": 401, "error_code": "THIRD_PARTY_AUTH_ERROR"],
            "denied": ["status": 403, "error_status": "PERMISSION_DENIED"],
            "quota": ["status": 429, "error_code": "QUOTA_EXCEEDED"],
            "quota-later": ["status": 429, "error_code": "QUOTA_EXCEEDED", "retry_after": 7],
            "unavailable": ["status": 503, "error_code": "UNAVAILABLE", "retry_after": 2],
            "internal": ["status": 500, "error_code": "INTERNAL"],
        ]])
        let tokens = ["gone", "other-project", "bad-token", "bad-payload", "apns-key", "denied", "quota", "quota-later", "unavailable", "internal", "fine"]
        let results = try await client().send(tokens.map { message($0) })
        XCTAssertEqual(results, [
            .tokenGone("UNREGISTERED"), .tokenGone("SENDER_ID_MISMATCH"), .tokenGone("INVALID_ARGUMENT"),
            .rejected("HTTP 400 INVALID_ARGUMENT: Invalid JSON payload received."), .thirdPartyAuth, .unauthorized,
            .retry(after: .seconds(60)), .retry(after: .seconds(7)), .retry(after: .seconds(2)), .retry(after: nil), .sent,
        ])
    }

    func testAServerTheCAsDoNotVouchForIsNeverSentTo() async throws {
        unsetenv("SSL_CERT_FILE")
        let results = try await client().send([message("device-1")])
        XCTAssertEqual([results.first.map { "\($0)" } ?? "", String(try fake.log().tokenRequests)], ["retry(after: nil)", "0"])
    }

    func testCURLCABundleNamesTheCAsAsWell() async throws {
        unsetenv("SSL_CERT_FILE")
        setenv("CURL_CA_BUNDLE", fake.caFile, 1)
        defer { unsetenv("CURL_CA_BUNDLE") }
        let results = try await client().send([message("device-1")])
        XCTAssertEqual(results, [.sent])
    }

    func testAConnectionCutMidRequestIsToBeRetried() async throws {
        try fake.control(["script": [["cut": true]]])
        let results = try await client().send([message("device-1")])
        XCTAssertEqual(results, [.retry(after: nil)])
    }

    func testAnEndpointThatIsDownIsToBeRetried() async throws {
        try fake.control(["down_for": 600])
        let results = try await client().send([message("device-1")])
        XCTAssertEqual(results, [.retry(after: nil)])
    }

    func test500MessagesAreInFlightAtOnceOverSharedConnections() async throws {
        // No answer before all 500 are being handled at once (20 s at most), then 50 ms each.
        try fake.control(["gather": 500, "delay_ms": 50])
        let results = try await client().send((0..<500).map { message("device-\($0)") })
        XCTAssertEqual(results, Array(repeating: .sent, count: 500))
        let log = try fake.log()
        XCTAssertEqual(Set(log.messages.compactMap { $0["token"] as? String }).count, 500)
        // The fake allows 100 streams per HTTP/2 connection: libcurl spread them over several.
        XCTAssertEqual(log.maxConcurrency, 500, "sends handled at once")
    }
}
