import Foundation

/// `Fixtures/fake-fcm/fake_fcm.py` started for one test with `FakeFCMKeys`' certificate, a
/// service account with their key whose token_uri is the fake's, the fake's port read from its
/// first line. It ends when this object goes (its standard input is its lifeline). Clients
/// trust it with `SSL_CERT_FILE=caFile`.
package final class FakeFCM {
    package let directory: URL
    package let port: Int
    package let caFile: String
    package let serviceAccountPath: String
    package let projectID: String
    /// Accepted messages, one JSON line each.
    package let logPath: String
    private let process: Process
    private let lifeline: Pipe

    package var baseURL: String { "https://127.0.0.1:\(port)" }
    package var serviceAccountJSON: Data { FileManager.default.contents(atPath: serviceAccountPath) ?? Data() }

    /// Starts the fake; `maxStreams` is its HTTP/2 limit of concurrent streams per connection.
    package init(projectID: String = "slp-test-project", maxStreams: Int = 100) throws {
        self.projectID = projectID
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-fake-fcm-\(UUID().uuidString)")
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        let keys = try FakeFCMKeys.shared.get()
        caFile = keys.caFile
        serviceAccountPath = path("service-account.json")
        logPath = path("messages.jsonl")

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Fixtures/fake-fcm/fake_fcm.py").path,
                             "--cert", keys.serverCertificate, "--key", keys.serverKey, "--service-account", serviceAccountPath,
                             "--log", logPath, "--max-streams", String(maxStreams), "--lifeline"]
        lifeline = Pipe()
        let output = Pipe()
        process.standardInput = lifeline
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: path("stderr.txt"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: path("stderr.txt"))
        try process.run()
        // Its first line says where it listens; if it dies first, the pipe ends.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening 127.0.0.1:"), let port = Int(text.dropFirst("listening 127.0.0.1:".count).prefix { $0.isNumber }) else {
            let errors = (try? String(contentsOfFile: path("stderr.txt"), encoding: .utf8)) ?? ""
            process.terminate()
            throw FakeFCMFailure(description: "the fake FCM did not start: \(text) \(errors)")
        }
        self.port = port
        let account: [String: String] = [
            "type": "service_account", "project_id": projectID, "private_key_id": "test-key-1",
            "private_key": keys.accountKeyPEM,
            "client_email": "slp-push@\(projectID).iam.gserviceaccount.com", "client_id": "1",
            "token_uri": "https://127.0.0.1:\(port)/token",
        ]
        try JSONSerialization.data(withJSONObject: account, options: [.sortedKeys]).write(to: URL(fileURLWithPath: serviceAccountPath))
    }

    deinit {
        try? lifeline.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Sends `order` (see the script's docstring) to `POST /_control`.
    package func control(_ order: [String: Any]) throws {
        _ = try request("/_control", body: try JSONSerialization.data(withJSONObject: order))
    }

    /// What the fake saw so far (`GET /_log`).
    package func log() throws -> FakeFCMLog {
        try FakeFCMLog(try request("/_log", body: nil))
    }

    /// Through the curl command, a client of its own, over the same TLS.
    private func request(_ path: String, body: Data?) throws -> Data {
        var arguments = ["/usr/bin/curl", "-sS", "--fail", "--cacert", caFile, baseURL + path]
        if body != nil { arguments += ["--data-binary", "@-"] }
        let outcome = try TimedProcess.run(arguments, environment: ["PATH": "/usr/bin:/bin"], stdin: body)
        guard outcome.status == 0 else { throw FakeFCMFailure(description: "curl \(path): \(outcome.stderrText)") }
        return outcome.stdout
    }
}
