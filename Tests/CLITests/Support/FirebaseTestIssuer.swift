import Foundation
import SLPTestSupport

/// Plays Firebase for the tests: its own RSA key and self-signed certificate, made with the
/// `openssl` command, published as Google publishes securetoken's (`{kid: PEM}`), and ID tokens
/// signed with them (or forged in the ways attackers try).
struct FirebaseTestIssuer {
    static let project = "slp-test-project"

    /// The key id the certificate is published under.
    let keyID: String
    let directory: TemporaryDirectory
    /// The `SLP_FIREBASE_CERTS` file.
    var certificatesPath: String { directory.path("certs.json") }
    /// The private key (PKCS#8 PEM), for a stand-in that signs tokens itself.
    var keyPath: String { directory.path("key.pem") }
    let certificatePEM: String

    /// A new key and certificate, published as `keyID`; `bits` below 2048 makes a key slp must
    /// not trust.
    init(keyID: String = "test-key-1", bits: Int = 2048) throws {
        self.keyID = keyID
        directory = try TemporaryDirectory()
        try Self.openssl([
            "req", "-x509", "-newkey", "rsa:\(bits)", "-nodes", "-keyout", directory.path("key.pem"), "-out", directory.path("cert.pem"),
            "-days", "2", "-subj", "/CN=securetoken.test",
        ])
        certificatePEM = try String(contentsOfFile: directory.path("cert.pem"), encoding: .utf8)
        try Self.publish([keyID: certificatePEM], to: directory.path("certs.json"))
    }

    /// What `slp serve` needs to accept this issuer's tokens.
    var environment: [String: String] { ["SLP_FIREBASE_PROJECT": Self.project, "SLP_FIREBASE_CERTS": certificatesPath] }

    /// The claims of a genuine ID token for `uid`, issued at `now`, valid an hour.
    static func claims(uid: String, now: Date, phone: String? = nil) -> [String: Any] {
        let seconds = Int(now.timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": "https://securetoken.google.com/\(project)", "aud": project, "auth_time": seconds - 60, "user_id": uid, "sub": uid,
            "iat": seconds - 60, "exp": seconds + 3_540, "firebase": ["identities": [:], "sign_in_provider": "phone"],
        ]
        claims["phone_number"] = phone
        return claims
    }

    /// Writes `certificates` (PEM by key id) to `path` as Google publishes them, replacing the file
    /// at once (a new file renamed over the old), as a fetcher of Google's keys would.
    static func publish(_ certificates: [String: String], to path: String) throws {
        let fresh = path + ".new"
        try JSONSerialization.data(withJSONObject: certificates).write(to: URL(fileURLWithPath: fresh))
        guard rename(fresh, path) == 0 else { throw HTTPTestError("rename: \(errno)") }
    }

    /// A token signed RS256 with this issuer's key, under its key id unless `header` says otherwise.
    func token(_ claims: [String: Any], header: [String: Any]? = nil) throws -> String {
        let input = try Self.signingInput(header ?? ["alg": "RS256", "kid": keyID, "typ": "JWT"], claims)
        let signature = try Self.openssl(["dgst", "-sha256", "-sign", keyPath], input: Data(input.utf8))
        return input + "." + Self.base64URL(signature)
    }

    /// A token signed HS256 with `key` (the attack that passes a public key off as a shared secret).
    func hmacToken(_ claims: [String: Any], key: Data, header: [String: Any]) throws -> String {
        let input = try Self.signingInput(header, claims)
        let hex = key.map { String(format: "%02x", $0) }.joined()
        let signature = try Self.openssl(["dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:\(hex)", "-binary"], input: Data(input.utf8))
        return input + "." + Self.base64URL(signature)
    }

    /// A token with no signature at all (`alg: none`).
    func unsignedToken(_ claims: [String: Any]) throws -> String {
        try Self.signingInput(["alg": "none", "typ": "JWT"], claims) + "."
    }

    static func signingInput(_ header: [String: Any], _ claims: [String: Any]) throws -> String {
        base64URL(try JSONSerialization.data(withJSONObject: header, options: .sortedKeys)) + "."
            + base64URL(try JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @discardableResult
    private static func openssl(_ arguments: [String], input: Data? = nil) throws -> Data {
        let outcome = try TimedProcess.run(["/usr/bin/openssl"] + arguments, environment: ProcessInfo.processInfo.environment, stdin: input)
        guard outcome.status == 0 else { throw HTTPTestError("openssl \(arguments.first ?? "") failed: \(outcome.stderrText)") }
        return outcome.stdout
    }
}
