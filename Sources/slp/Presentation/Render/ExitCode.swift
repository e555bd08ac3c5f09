/// slp's exit codes (sysexits.h where one fits), documented in `slp help exit-codes`.
enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// Refused by a service rule (already registered, penalty, not matched…).
    case refused = 1
    /// Usage error or invalid value.
    case usage = 64
    /// Not an slp database, or a newer schema.
    case dataError = 65
    /// A program slp needs is missing (lighttpd for `serve`).
    case unavailable = 69
    /// Internal error.
    case software = 70
    /// `backup`: the file exists already (a backup never overwrites one).
    case cannotCreate = 73
    /// Storage I/O error: no database there, cannot open, disk full, read-only.
    case ioError = 74
    /// Database still busy after retries.
    case busy = 75
    /// The service's configuration is broken (`serve`: the Firebase settings).
    case configuration = 78
    /// Stopped by Ctrl-C while waiting (`queue --wait`), with everything as it was.
    case interrupted = 130

    var meaning: String {
        switch self {
        case .success: "ok"
        case .refused: "refused by a service rule (the JSON error code says which)"
        case .usage: "usage error or invalid value"
        case .dataError: "not an slp database, or a newer schema than this slp knows"
        case .unavailable: "a program slp needs is missing (lighttpd and its mod_magnet, or slp-push, for serve)"
        case .software: "internal error"
        case .cannotCreate: "backup: the file exists already (never overwritten)"
        case .ioError: "I/O error: no database there, database cannot open, disk full, read-only; stdout unwritable; a port already taken"
        case .busy: "database still busy after retries"
        case .configuration:
            "configuration error: serve's SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS (one without the other, a broken certificates file), or its FCM service account file"
        case .interrupted: "interrupted by Ctrl-C while waiting (queue --wait: you are still in the queue)"
        }
    }
}
