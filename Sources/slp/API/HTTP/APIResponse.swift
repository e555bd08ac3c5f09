/// What the API answers: a status, a JSON body (empty for none), and the few headers slp sets.
struct APIResponse: Equatable, Sendable {
    var status: Int
    var body: String
    /// A document that follows `body`, written as it is rendered, as `--json` prints it: a
    /// search's thousands of cards go out through one small buffer instead of being built whole
    /// in a String first (which checked every byte of half a megabyte again).
    var document: JSONLine? = nil
    var headers: [(name: String, value: String)] = []

    static func == (lhs: APIResponse, rhs: APIResponse) -> Bool {
        lhs.status == rhs.status && lhs.bodyText == rhs.bodyText && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// The whole body as text (for tests and comparisons).
    var bodyText: String { body + (document?.text ?? "") }

    /// A document a renderer made for `--json`, as it printed it.
    static func document(_ output: Output, status: Int = 200) -> APIResponse {
        APIResponse(status: status, body: output.stdout, document: output.stdoutJSON)
    }

    /// A refusal or an error: its status and slp's JSON error object.
    static func failure(_ failure: Failure) -> APIResponse {
        let (shown, headers) = shown(failure)
        return APIResponse(status: shown.status ?? 500, body: shown.json.text + "\n", headers: headers)
    }

    /// A failure as an answer tells it, with the headers that go with it. A 500 says nothing
    /// more than that (its details are for the server's log); a 503 asks to try again: in a
    /// second when the database is busy, in half a minute when Firebase's certificates are
    /// unreadable.
    static func shown(_ failure: Failure) -> (failure: Failure, headers: [(name: String, value: String)]) {
        let status = HTTPStatus.of(failure)
        switch status {
        case 500:
            return (Failure(code: "internal_error", status: 500, message: "internal error", exitCode: .software), [])
        case 503 where failure.status == 503:
            // The API's own (Firebase's certificates unreadable): not over in a second.
            return (failure, [("Retry-After", "30")])
        case 503:
            return (Failure(code: failure.code, status: 503, message: "the service is busy; try again", exitCode: .busy), [("Retry-After", "1")])
        default:
            return (Failure(code: failure.code, status: status, message: failure.message, exitCode: failure.exitCode), [])
        }
    }
}
