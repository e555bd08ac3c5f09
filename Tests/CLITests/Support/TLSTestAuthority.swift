import Foundation
import SLPTestSupport

/// A certificate authority of the test's own, made with the `openssl` command, and the server
/// certificates it issues for 127.0.0.1 and localhost, installed as an ACME client renews them:
/// written under other names, then renamed over the files `slp serve` was given.
struct TLSTestAuthority {
    let directory: TemporaryDirectory
    /// The CA's certificate, which clients trust.
    var caPath: String { directory.path("ca.pem") }
    /// The files given to `slp serve --tls-cert --tls-key`.
    var certificatePath: String { directory.path("served-cert.pem") }
    var keyPath: String { directory.path("served-key.pem") }

    init() throws {
        directory = try TemporaryDirectory()
        try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", directory.path("ca.key"),
                          "-out", caPath, "-days", "2", "-subj", "/CN=slp-test-ca"])
        try Data("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=critical,CA:FALSE\n".utf8).write(to: URL(fileURLWithPath: directory.path("server.ext")))
    }

    /// A new key and a certificate for it with serial number `serial`: (certificate, key) paths.
    func issue(serial: Int) throws -> (certificate: String, key: String) {
        let (certificate, key, request) = (directory.path("cert-\(serial).pem"), directory.path("key-\(serial).pem"), directory.path("req-\(serial).csr"))
        try Self.openssl(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", request,
                          "-subj", "/CN=localhost"])
        try Self.openssl(["x509", "-req", "-in", request, "-CA", caPath, "-CAkey", directory.path("ca.key"), "-set_serial", String(serial),
                          "-days", "2", "-extfile", directory.path("server.ext"), "-out", certificate])
        return (certificate, key)
    }

    /// Puts `file`'s content in place of `target` by a rename, as certbot and other ACME clients do.
    func install(_ file: String, as target: String) throws {
        let next = target + ".next"
        try? FileManager.default.removeItem(atPath: next)
        try FileManager.default.copyItem(atPath: file, toPath: next)
        guard rename(next, target) == 0 else { throw HTTPTestError("cannot rename \(next) to \(target)") }
    }

    /// The serial number `serial` as Python's ssl module gives a peer's: upper-case hex.
    static func hex(_ serial: Int) -> String { String(format: "%04X", serial) }

    private static func openssl(_ arguments: [String]) throws {
        let outcome = try TimedProcess.run(["/usr/bin/openssl"] + arguments, environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0 else { throw HTTPTestError("openssl \(arguments.first ?? "") failed: \(outcome.stderrText)") }
    }
}
