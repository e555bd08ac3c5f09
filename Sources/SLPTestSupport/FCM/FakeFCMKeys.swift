import Foundation

/// The keys every fake FCM of one test process shares, made once with `openssl` (RSA key
/// generation is most of a fake's start): a CA, a certificate it signed for IP 127.0.0.1 with
/// its key, and a service account's PKCS#8 key. Kept in a directory of their own until the
/// process ends.
struct FakeFCMKeys: Sendable {
    let caFile: String
    let serverCertificate: String
    let serverKey: String
    let accountKeyPEM: String

    static let shared: Result<FakeFCMKeys, FakeFCMFailure> = Result { () throws(FakeFCMFailure) in try make() }

    private static func make() throws(FakeFCMFailure) -> FakeFCMKeys {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-fake-fcm-keys-\(UUID().uuidString)")
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "subjectAltName=IP:127.0.0.1\n".write(toFile: path("san.ext"), atomically: true, encoding: .utf8)
            try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
                         "-subj", "/CN=slp test CA"])
            try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"])
            try openssl(["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
                         "-days", "2", "-extfile", path("san.ext"), "-out", path("server.pem")])
            try openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path("account.key")])
            return FakeFCMKeys(caFile: path("ca.pem"), serverCertificate: path("server.pem"), serverKey: path("server.key"),
                               accountKeyPEM: try String(contentsOfFile: path("account.key"), encoding: .utf8))
        } catch let failure as FakeFCMFailure {
            throw failure
        } catch {
            throw FakeFCMFailure(description: "cannot make the fake FCM's keys: \(error)")
        }
    }

    private static func openssl(_ arguments: [String]) throws {
        let outcome = try TimedProcess.run(["/usr/bin/openssl"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        guard outcome.status == 0 else { throw FakeFCMFailure(description: "openssl \(arguments[0]): \(outcome.stderrText)") }
    }
}
