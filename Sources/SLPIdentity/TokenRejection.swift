/// Why a token was refused (HTTP 401). Says nothing of the token's text: a token is a secret.
public enum TokenRejection: Error, Equatable, Sendable {
    /// No token was sent.
    case missing
    /// Not a JWT: wrong shape, encoding or JSON.
    case malformed
    /// From no issuer slp accepts.
    case unknownIssuer
    /// Signed with an algorithm its issuer does not use (`none`, HS256 under a Firebase key…).
    case wrongAlgorithm
    /// Names a signing key its issuer does not have.
    case unknownKey
    /// The signature does not match.
    case badSignature
    /// Meant for another service.
    case wrongAudience
    /// Past its expiry.
    case expired
    /// Issued, or signed in, in the future.
    case notYetValid
    /// Names no user.
    case noSubject

    public var message: String {
        switch self {
        case .missing: "no idtoken header"
        case .malformed: "the idtoken is not a well-formed token"
        case .unknownIssuer: "the idtoken comes from an issuer this service does not accept"
        case .wrongAlgorithm: "the idtoken is signed with an algorithm its issuer does not use"
        case .unknownKey: "the idtoken names a signing key this service does not know"
        case .badSignature: "the idtoken's signature is not valid"
        case .wrongAudience: "the idtoken is for another audience"
        case .expired: "the idtoken has expired"
        case .notYetValid: "the idtoken was issued in the future"
        case .noSubject: "the idtoken names no user"
        }
    }
}
