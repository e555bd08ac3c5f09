import Foundation
import XCTest

/// A person of the API's tests: registered through `POST /v1/user` with an slp token for their
/// phone, as an app signs up.
struct APIPerson {
    let token: String
    let uid: String

    /// The person numbered `index` in the phone range `block` (010-BLOCK-INDEX).
    static func register(_ slp: SLPBinary, _ http: HTTPTestClient, block: Int, _ index: Int) throws -> APIPerson {
        let phone = String(format: "010-%04d-%04d", block, index)
        let token = try slp.run("token", "--phone", phone).stdout.trimmingCharacters(in: .newlines)
        let response = try http.form(
            "POST", "/v1/user", token: token,
            "birth=1995-01-01&email=p\(block)-\(index)%40example.com&gender=\(index % 2)&nick=p\(index)&phoneNumber=\(phone)")
        XCTAssertEqual(response.status, 200, response.text)
        return APIPerson(token: token, uid: try JSONDecoder().decode(SLPUser.self, from: response.body).uid)
    }

    /// Two people who queued at one place, the first asked and the second accepted.
    static func matched(_ slp: SLPBinary, _ http: HTTPTestClient, block: Int, _ first: Int) throws -> (APIPerson, APIPerson) {
        let a = try register(slp, http, block: block, first), b = try register(slp, http, block: block, first + 1)
        for person in [a, b] {
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: person.token, "lat=37.5665&long=126.978&studylist=anything").status, 200)
        }
        XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: a.token, "otheruid=\(b.uid)").status, 200)
        XCTAssertEqual(try http.form("POST", "/v1/queue/studyaccept", token: b.token, "otheruid=\(a.uid)").status, 200)
        return (a, b)
    }

    /// Sends `text` (form-encoded) to `to`; what `POST /v1/chat/{uid}` answered, as the sockets'
    /// `chat` data is compared with it.
    func send(_ http: HTTPTestClient, to: APIPerson, _ text: String) throws -> [String: String] {
        let response = try http.form("POST", "/v1/chat/\(to.uid)", token: token, "chat=\(text)")
        XCTAssertEqual(response.status, 200, response.text)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return object.mapValues { "\($0)" }
    }
}
