#if PostgreSQL
/// A failure reported by libpq or the server: what kind (for the retry policy and the exit
/// status), the SQLSTATE when the server gave one, and a message that names the host and the
/// database but never a password.
public struct PGError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The server cannot be reached, refused the credentials, or has no such database.
        case connection
        /// Serialization failure or deadlock (40001, 40P01): the whole transaction may be retried.
        case conflict
        /// A unique or exclusion constraint (23505, 23P01).
        case constraint
        /// A statement or lock timeout, or the query was cancelled (57014, 55P03).
        case timeout
        /// Anything else.
        case other
    }

    public let kind: Kind
    public let sqlState: String?
    public let message: String

    public init(kind: Kind, sqlState: String? = nil, message: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
    }

    /// The kind a SQLSTATE stands for.
    static func kind(of sqlState: String?) -> Kind {
        switch sqlState {
        case "40001", "40P01": .conflict
        case "23505", "23P01": .constraint
        case "57014", "55P03": .timeout
        case let state? where state.hasPrefix("08") || state.hasPrefix("28") || state == "3D000": .connection
        default: .other
        }
    }

    /// libpq's text on one line: its messages end in a newline and may hold several lines.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { line in line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed() }
            .filter { !$0.isEmpty }.map { String($0) }.joined(separator: "; ")
    }
}
#endif
