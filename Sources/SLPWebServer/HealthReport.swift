/// What `GET /healthz` answers: 200 `{"status":"ok"}` when every part works, else 503
/// `{"status":"unavailable","failed":[…]}` naming the parts that do not. slp's workers answer it;
/// when none answers, lighttpd's own error page for the path says `workers`.
package struct HealthReport: Sendable, Equatable {
    /// A part of `slp serve` the check looks at.
    package enum Part: String, Sendable, CaseIterable {
        /// A fresh connection reads the database.
        case database
        /// The realtime hub answers on its socket.
        case hub
        /// An SCGI worker (or CGI process) answers at all.
        case workers
        /// The push sender runs (checked only when pushes are configured).
        case pushes
    }

    package let failed: [Part]

    package init(failed: [Part]) {
        self.failed = failed
    }

    package var status: Int { failed.isEmpty ? 200 : 503 }

    /// The body; it names parts only, never a path, a database or an error's text.
    package var json: String {
        guard !failed.isEmpty else { return #"{"status":"ok"}"# }
        return #"{"status":"unavailable","failed":["# + failed.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]}"
    }

    /// How long a cache may keep an answer: not at all, as each says how things are now.
    package static let cacheControl = "no-store"
}
