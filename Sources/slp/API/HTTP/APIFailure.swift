/// The API's own refusals, before any use case runs, as `Failure`s that carry their HTTP status.
enum APIFailure {
    /// A parameter missing or unreadable: SLP's "client error" (501).
    static func invalid(_ key: String, _ why: String) -> Failure {
        Failure(code: "invalid_parameter", status: 501, message: "\(key) \(why)", exitCode: .usage)
    }

    static func missing(_ key: String) -> Failure {
        Failure(code: "missing_parameter", status: 501, message: "\(key) is missing", exitCode: .usage)
    }

    /// A request slp cannot read at all (501).
    static func malformed(_ what: String) -> Failure {
        Failure(code: "malformed_request", status: 501, message: "the request has \(what)", exitCode: .usage)
    }

    static let bodyTooLarge = Failure(
        code: "body_too_large", status: 501, message: "the body is larger than \(CGIRequestReader.maxBody / 1024) KiB", exitCode: .usage)

    static let notFound = Failure(code: "not_found", status: 404, message: "no such path", exitCode: .usage)

    static let methodNotAllowed = Failure(code: "method_not_allowed", status: 405, message: "this path does not take that method", exitCode: .usage)

    /// A Firebase token while the project's certificates cannot be read: neither accepted nor
    /// refused, but asked to come again (503, `Retry-After`).
    static let firebaseUnavailable = Failure(
        code: "firebase_keys_unavailable", status: 503, message: "Firebase sign-in cannot be checked just now; try again",
        exitCode: .busy)

    /// A write past its caller's bucket (`WriteLimits`): 429, nothing done.
    static func tooManyWrites(_ kind: WriteKind, retryAfter seconds: Int64) -> Failure {
        let bucket = kind.bucket
        return Failure(
            code: "too_many_writes", status: 429,
            message: "too many \(kind.name): \(bucket.capacity) at once, then \(1_000_000_000 / bucket.interval) a second; try again in \(seconds) s",
            exitCode: .busy)
    }

    static func unauthorized(_ message: String) -> Failure {
        Failure(code: "unauthorized", status: 401, message: message, exitCode: .refused)
    }
}
