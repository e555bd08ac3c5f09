import Foundation
import SLPTestSupport
import XCTest

/// Pushes end to end: a fake FCM (`Fixtures/fake-fcm`, HTTPS on 127.0.0.1 with a CA `openssl`
/// made for the test, trusted through `SSL_CERT_FILE`) and `slp serve` started with its service
/// account, so that serve runs `slp-push` against it. On the wall clock: leases, retries and an
/// hour's freshness are real time, which `SLP_NOW` would stop.
final class PushTestBed {
    let fake: FakeFCM
    let slp: SLPBinary
    /// What `slp serve` gets to send pushes to the fake.
    let serveEnvironment: [String: String]

    init(database: String) throws {
        fake = try FakeFCM()
        slp = SLPBinary(database: database, now: nil)
        serveEnvironment = [
            "SSL_CERT_FILE": fake.caFile, "SLP_FCM_URL": fake.baseURL, "GOOGLE_APPLICATION_CREDENTIALS": fake.serviceAccountPath,
        ]
    }

    /// `slp serve` with pushes on.
    func serve(port: Int? = nil, environment: [String: String] = [:]) throws -> ServedSLP {
        try ServedSLP(slp, environment: serveEnvironment.merging(environment) { $1 }, port: port)
    }

    /// The person numbered `index` (phone 010-5050-INDEX, nick `p<index>`), signed up through the
    /// API with `fcmToken` (none when nil), queued at one place with everyone else.
    func person(_ http: HTTPTestClient, _ index: Int, fcmToken: String?) throws -> PushPerson {
        let phone = String(format: "010-5050-%04d", index)
        let token = try slp.run("token", "--phone", phone).stdout.trimmingCharacters(in: .newlines)
        let response = try http.form(
            "POST", "/v1/user", token: token,
            "FCMtoken=\(fcmToken ?? "")&birth=1995-01-01&email=p\(index)%40example.com&gender=\(index % 2)&nick=p\(index)&phoneNumber=\(phone)")
        XCTAssertEqual(response.status, 200, response.text)
        let uid = try JSONDecoder().decode(SLPUser.self, from: response.body).uid
        XCTAssertEqual(try http.form("POST", "/v1/queue", token: token, "lat=37.5665&long=126.978&studylist=anything").status, 200)
        return PushPerson(index: index, phone: phone, token: token, uid: uid, nick: "p\(index)", fcmToken: fcmToken)
    }

    /// Persons `first` and `first + 1` (tokens `device-N`) matched, the first having asked: each
    /// push sent before the next step, as a request accepted before its push went is not pushed.
    func pair(_ http: HTTPTestClient, _ first: Int) throws -> (asker: PushPerson, partner: PushPerson) {
        let asker = try person(http, first, fcmToken: "device-\(first)"), partner = try person(http, first + 1, fcmToken: "device-\(first + 1)")
        let sent = try counts()["sent"] ?? 0
        try asker.post(http, "/v1/queue/studyrequest", "otheruid=\(partner.uid)")
        XCTAssertTrue(settled(sent: sent + 1), "the request's push: \(countsText)")
        try partner.post(http, "/v1/queue/studyaccept", "otheruid=\(asker.uid)")
        XCTAssertTrue(settled(sent: sent + 2), "the acceptance's push: \(countsText)")
        return (asker, partner)
    }

    /// `slp --json pushes`.
    func counts() throws -> [String: Int] {
        let result = try slp.run("--json", "pushes")
        XCTAssertEqual(result.status, 0, result.stderr)
        return try result.jsonObject().compactMapValues { $0 as? Int }
    }

    /// The counts for a failure's message.
    var countsText: String { (try? counts()).map { "\($0)" } ?? "unreadable" }

    /// Waits until nothing is pending and `sent` pushes were sent in all (polling the counts);
    /// whether that happened within `seconds`.
    func settled(sent: Int, within seconds: Double = SLPBinary.patience) -> Bool {
        Polling.until(seconds, every: 0.1) {
            guard let counts = try? counts() else { return false }
            return counts["pending"] == 0 && counts["sent"] == sent
        }
    }

    /// The messages the fake accepted, as (device token, data) in the order accepted.
    func delivered() throws -> [(token: String, data: [String: String], collapseID: String)] {
        try fake.log().messages.map { message in
            let apns = message["apns"] as? [String: Any], headers = apns?["headers"] as? [String: String]
            return (message["token"] as? String ?? "", message["data"] as? [String: String] ?? [:], headers?["apns-collapse-id"] ?? "")
        }
    }
}

/// A person of the push tests: their uid, nick and phone, their API token, and the FCM token
/// their phone registered.
struct PushPerson {
    let index: Int
    let phone: String
    let token: String
    let uid: String
    let nick: String
    let fcmToken: String?

    /// `POST path` with `form` as this person, which must answer 200.
    func post(_ http: HTTPTestClient, _ path: String, _ form: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try http.form("POST", path, token: token, form)
        XCTAssertEqual(response.status, 200, "\(path): \(response.text)", file: file, line: line)
    }
}
