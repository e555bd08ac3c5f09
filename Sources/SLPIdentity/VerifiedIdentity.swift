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

    public init(subject: String, phoneNumber: String?, issuer: Issuer) {
        self.subject = subject
        self.phoneNumber = phoneNumber
        self.issuer = issuer
    }
}
