import Foundation

/// The push benchmark's FCM: `Fixtures/fake-fcm/fake_fcm.py`, the tests' fake that checks every
/// request as Google would, run as `count` processes sharing one port of 127.0.0.1
/// (SO_REUSEPORT) because one Python process cannot read and check 2,000 HTTP/2 requests a
/// second over TLS; each answers after `delayMilliseconds`, as Google's endpoint takes about
/// 50 ms. A CA, a certificate for 127.0.0.1 and a service account are made with `openssl` for
/// the run; clients trust the CA through `SSL_CERT_FILE` (`REQUESTS_CA_BUNDLE` for Python).
final class FakeFCMServers {
    let port: UInt16
    let caFile: String
    let serviceAccountPath: String
    let logPaths: [String]
    private let processes: [ServerProcess]

    var baseURL: String { "https://127.0.0.1:\(port)" }
    var pids: [pid_t] { processes.map(\.pid) }

    init(count: Int, delayMilliseconds: Int, scratch: String, script: String) throws {
        let directory = scratch + "/fake-fcm"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = { (name: String) in "\(directory)/\(name)" }
        caFile = path("ca.pem")
        serviceAccountPath = path("service-account.json")
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: path("san.ext"), atomically: true, encoding: .utf8)
        for arguments in [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", caFile, "-days", "1", "-subj", "/CN=slp-bench CA"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", path("server.csr"), "-CA", caFile, "-CAkey", path("ca.key"), "-CAcreateserial", "-days", "1",
             "-extfile", path("san.ext"), "-out", path("server.pem")],
            ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path("account.key")],
        ] {
            let result = try ChildProcess(scratch: path("openssl")).run(["/usr/bin/openssl"] + arguments, environment: ["PATH=/usr/bin:/bin"])
            guard result.status == 0 else { throw LoadFailure("openssl \(arguments[0]) failed: \(result.errorText)") }
        }
        port = try HTTPClient.freePort()
        let account: [String: String] = [
            "type": "service_account", "project_id": "slp-bench", "private_key_id": "bench-key-1",
            "private_key": try String(contentsOfFile: path("account.key"), encoding: .utf8),
            "client_email": "slp-push@slp-bench.iam.gserviceaccount.com", "client_id": "1",
            "token_uri": "https://127.0.0.1:\(port)/token",
        ]
        try JSONSerialization.data(withJSONObject: account, options: [.sortedKeys]).write(to: URL(fileURLWithPath: serviceAccountPath))
        try #"{"delay_ms": \#(delayMilliseconds)}"#.write(toFile: path("control.json"), atomically: true, encoding: .utf8)
        logPaths = (0..<count).map { path("messages-\($0).jsonl") }
        let environment = ["PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")", "HOME=\(NSHomeDirectory())"]
        var started: [ServerProcess] = []
        for log in logPaths {
            let process = try ServerProcess(
                ["/usr/bin/env", "python3", script, "--cert", path("server.pem"), "--key", path("server.key"),
                 "--service-account", serviceAccountPath, "--log", log, "--control", path("control.json"),
                 "--port", "\(port)", "--reuse-port"],
                environment: environment, scratch: log + ".process")
            started.append(process)
            try process.wait(30) { (try? String(contentsOfFile: log + ".process.out", encoding: .utf8))?.hasPrefix("listening") == true }
        }
        processes = started
    }

    /// CPU seconds each of the fake's processes has used so far.
    var cpuSeconds: [Double] {
        pids.map(ProcessTree.cpuSeconds)
    }

    func stop() {
        processes.forEach { $0.stop() }
    }

    /// The fake beside this package's sources, where slp-bench was built from.
    static var defaultScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fake-fcm/fake_fcm.py").path
    }
}
