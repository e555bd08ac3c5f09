/// Who a verified token says is calling.
public struct VerifiedIdentity: Equatable, Sendable {
    public enum Issuer: Equatable, Sendable {
        /// `slp token`, signed with the service's own key.
        case slp
        /// Firebase Authentication of the configured project.
        case firebase
    }

    /// The token's subject: the uid.
    public let subject: String
    /// The phone number the identity is bound to, when the token carries one.
    public let phoneNumber: String?
    public let issuer: Issuer
    /// The token's `exp`, seconds since 1970: when the identity stops holding.
    public let expires: Double

    public init(subject: String, phoneNumber: String?, issuer: Issuer, expires: Double = .infinity) {
        self.subject = subject
        self.phoneNumber = phoneNumber
        self.issuer = issuer
        self.expires = expires
    }
}
