
/// A value rejected by a domain rule, with the rule's code (`invalid_nick`, `too_young`…).
public struct InvalidValue: Equatable, Sendable {
    /// Machine-readable code, printed as the JSON error code.
    public let code: String
    /// What was wrong, for people.
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

extension DomainError {
    /// Shorthand for `.invalid(InvalidValue(code:message:))`.
    static func invalid(_ code: String, _ message: String) -> DomainError {
        .invalid(InvalidValue(code: code, message: message))
    }
}
