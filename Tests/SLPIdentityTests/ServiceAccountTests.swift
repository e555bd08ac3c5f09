import Foundation
import SLPIdentity
import SLPTestSupport
import XCTest

/// A Google service account file: what is read from it, and one line for each fault, naming
/// neither the file nor its key.
final class ServiceAccountTests: XCTestCase {
    private var directory: URL!
    private var privateKey = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keyPath = directory.appendingPathComponent("key.pem").path
        let made = try TimedProcess.run(["/usr/bin/openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", keyPath],
                                        environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(made.status, 0, made.stderrText)
        privateKey = try String(contentsOfFile: keyPath, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private var genuine: [String: Any] {
        ["type": "service_account", "project_id": "slp-study", "private_key_id": "abc123", "private_key": privateKey,
         "client_email": "firebase-adminsdk@slp-study.iam.gserviceaccount.com", "client_id": "1",
         "token_uri": "https://oauth2.googleapis.com/token", "universe_domain": "googleapis.com"]
    }

    private func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object))
    }

    private func fault(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ServiceAccount(json: bytes)
            return nil
        } catch {
            return error.message
        }
    }

    private func fault(changing field: String, to value: Any?) throws -> String? {
        var object = genuine
        object[field] = value
        return fault(try json(object))
    }

    func testAGoogleServiceAccountFileIsRead() throws {
        let path = directory.appendingPathComponent("account.json").path
        try Data(try json(genuine)).write(to: URL(fileURLWithPath: path))
        let account = try ServiceAccount.load(path: path)
        XCTAssertEqual([account.projectID, account.privateKeyID, account.clientEmail, account.tokenURI],
                       ["slp-study", "abc123", "firebase-adminsdk@slp-study.iam.gserviceaccount.com", "https://oauth2.googleapis.com/token"])
    }

    func testItsDescriptionHidesTheKey() throws {
        let account = try ServiceAccount(json: try json(genuine))
        XCTAssertFalse("\(account)".contains("PRIVATE") || "\(account)".contains(privateKey.split(separator: "\n")[1]), "\(account)")
    }

    func testEachFaultHasItsLine() throws {
        let faults: [(String?, String)] = [
            (fault(Array("not json".utf8)), "the service account file is not a JSON object"),
            (fault(Array("[1]".utf8)), "the service account file is not a JSON object"),
            (try fault(changing: "type", to: "authorized_user"), "the service account file's type is not service_account"),
            (try fault(changing: "type", to: nil), "the service account file has no string field type"),
            (try fault(changing: "project_id", to: nil), "the service account file has no string field project_id"),
            (try fault(changing: "project_id", to: "a/b"), "the service account file's project_id is not made of letters, digits, '-', '.' and ':'"),
            (try fault(changing: "private_key_id", to: 5), "the service account file has no string field private_key_id"),
            (try fault(changing: "client_email", to: ""), "the service account file has no string field client_email"),
            (try fault(changing: "token_uri", to: nil), "the service account file has no string field token_uri"),
            (try fault(changing: "token_uri", to: "http://oauth2.googleapis.com/token"),
             "the service account file's token_uri is not an https URL (or http to a loopback host)"),
            (try fault(changing: "token_uri", to: "ftp://127.0.0.1/token"),
             "the service account file's token_uri is not an https URL (or http to a loopback host)"),
            (try fault(changing: "private_key", to: nil), "the service account file has no string field private_key"),
            (try fault(changing: "private_key", to: "-----BEGIN PRIVATE KEY-----\nMIIBVQ==\n-----END PRIVATE KEY-----\n"),
             "the service account's private_key is unreadable: not an unencrypted PEM RSA key of 2048 bits or more"),
        ]
        XCTAssertEqual(faults.map { $0.0 ?? "accepted" }, faults.map(\.1))
    }

    func testPlainHTTPIsAcceptedOnlyToThisMachine() throws {
        let accepted = try ["http://127.0.0.1:8443/token", "http://localhost/token", "http://[::1]:9/token"].map { uri in
            try fault(changing: "token_uri", to: uri) == nil
        }
        XCTAssertEqual(accepted, [true, true, true])
    }

    func testAnUnreadableFileIsOneLineWithoutItsPath() throws {
        let path = directory.appendingPathComponent("secret-place-missing.json").path
        XCTAssertThrowsError(try ServiceAccount.load(path: path)) { error in
            XCTAssertEqual((error as? ServiceAccountError)?.message, "the service account file cannot be read (No such file or directory)")
        }
    }

    func testNoFaultLineHoldsKeyMaterial() throws {
        var broken = genuine
        broken["private_key"] = privateKey.replacingOccurrences(of: "A", with: "*")
        let line = fault(try json(broken)) ?? ""
        XCTAssertFalse(line.contains("MII") || line.contains("BEGIN") || line.contains("\n"), line)
    }
}
