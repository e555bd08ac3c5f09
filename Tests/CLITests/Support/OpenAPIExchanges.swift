import Foundation
import SLPTestSupport

/// Requests sent to `slp serve` and their answers, kept to be validated against
/// docs/openapi.yaml by `Fixtures/openapi/validate.py` (PyPI's openapi-core), as a second
/// opinion independent of slp's code.
final class OpenAPIExchanges {
    private let client: HTTPTestClient
    private var exchanges: [[String: Any]] = []

    init(_ client: HTTPTestClient) {
        self.client = client
    }

    /// The repository's `docs/openapi.yaml`.
    static let document = repository.appendingPathComponent("docs/openapi.yaml").path
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Sends `method target` (a form `body`, when given, as the apps send it) and keeps the
    /// exchange; `documented` says whether the request itself must be as the document describes
    /// it (false for a request made to be refused). The answer.
    @discardableResult
    func send(
        _ method: String, _ target: String, token: String?, form body: String? = nil,
        contentType: String = "application/x-www-form-urlencoded", documented: Bool = true
    ) throws -> HTTPTestClient.Response {
        var headers: [(String, String)] = []
        if let token { headers.append(("idtoken", token)) }
        if body != nil { headers.append(("Content-Type", contentType)) }
        let response = try client.send(method, target, headers: headers, body: body.map { Data($0.utf8) })
        record(method, target, headers, body ?? "", response, documented: documented)
        return response
    }

    /// Keeps an exchange sent some other way (a request no client library would write).
    func record(_ method: String, _ target: String, _ headers: [(String, String)], _ body: String, _ response: HTTPTestClient.Response, documented: Bool) {
        exchanges.append([
            "method": method, "target": target, "requestHeaders": headers.map { [$0.0, $0.1] }, "requestBody": body,
            "status": response.status, "responseHeaders": response.headers.map { [$0.0, $0.1] }, "responseBody": response.text,
            "checkRequest": documented,
        ])
    }

    /// What openapi-core finds wrong with the exchanges against `document`, one line each; empty
    /// when every one holds.
    func problems(against document: String = OpenAPIExchanges.document, in directory: TemporaryDirectory) throws -> String {
        let file = directory.path("exchanges-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: exchanges).write(to: URL(fileURLWithPath: file))
        let script = Self.repository.appendingPathComponent("Fixtures/openapi/validate.py").path
        let outcome = try TimedProcess.run(["/usr/bin/env", "python3", script, document, file], environment: ProcessInfo.processInfo.environment)
        if outcome.stderrText.contains("No module named 'openapi_core'") {
            throw ToolError("the openapi-core package is missing: pip install openapi-core (Scripts/test installs it)")
        }
        if outcome.status == 0, Int(outcome.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) == exchanges.count { return "" }
        return outcome.stdoutText + outcome.stderrText
    }
}
