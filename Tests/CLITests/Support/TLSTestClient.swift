import Foundation
import SLPTestSupport

/// Clients nobody here wrote, talking TLS to `slp serve` and checking its certificate against
/// the test's CA: `curl` for requests (HTTP/1.1 or HTTP/2, a TLS version pinned), Python's ssl
/// module for the handshake alone (which certificate, which version, or why it was refused).
struct TLSTestClient {
    struct Answer {
        let status: Int
        /// As curl says it: "1.1" or "2".
        let httpVersion: String
        let body: String
    }

    static let handshakeScript = #"""
        import json, socket, ssl, sys
        port, ca, version = int(sys.argv[1]), sys.argv[2], sys.argv[3]
        context = ssl.create_default_context(cafile=ca)
        if version != "any":
            context.minimum_version = context.maximum_version = getattr(ssl.TLSVersion, version)
            # The client's own floor must not be what refuses an old version: the server must.
            context.set_ciphers("DEFAULT:@SECLEVEL=0")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
                with context.wrap_socket(raw, server_hostname="localhost") as tls:
                    print(json.dumps({"serial": tls.getpeercert()["serialNumber"], "version": tls.version()}))
        except (ssl.SSLError, OSError) as error:
            print(json.dumps({"refused": str(error)}))
        """#

    let port: Int
    let caPath: String

    /// `method path` with `token`'s idtoken header and `form` as the body, over TLS `tls`
    /// ("1.2" or "1.3") only, HTTP/2 when `http2`.
    func request(_ method: String, _ path: String, token: String, form: String? = nil, tls: String, http2: Bool) throws -> Answer {
        var arguments = [
            "/usr/bin/curl", "-sS", "--max-time", "60", "--cacert", caPath, "--tlsv\(tls)", "--tls-max", tls, http2 ? "--http2" : "--http1.1",
            "-X", method, "-H", "idtoken: \(token)", "-w", "\n%{http_code} %{http_version}",
        ]
        if let form { arguments += ["--data-raw", form] }
        let outcome = try TimedProcess.run(arguments + ["https://127.0.0.1:\(port)\(path)"], environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0, let last = outcome.stdoutText.split(separator: "\n").last else {
            throw HTTPTestError("curl failed (\(outcome.status)): \(outcome.stderrText)")
        }
        let fields = last.split(separator: " ")
        guard fields.count == 2, let status = Int(fields[0]) else { throw HTTPTestError("curl said \(outcome.stdoutText)") }
        return Answer(status: status, httpVersion: String(fields[1]), body: String(outcome.stdoutText.dropLast(last.count + 1)))
    }

    /// A handshake alone, at `version` (`TLSv1_1`…`TLSv1_3`, or "any"): the certificate's serial
    /// and the version agreed, or why it was refused.
    func handshake(_ version: String = "any") throws -> [String: String] {
        let outcome = try TimedProcess.run(
            ["/usr/bin/env", "python3", "-c", Self.handshakeScript, String(port), caPath, version], environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0, let object = try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: String] else {
            throw HTTPTestError("the handshake script failed: \(outcome.stderrText)")
        }
        return object
    }
}
