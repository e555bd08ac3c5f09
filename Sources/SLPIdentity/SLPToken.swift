/// What marks slp's own tokens (`slp token`): HS256 under a key the service keeps in its database.
public enum SLPToken {
    public static let issuer = "slp"
    public static let audience = "slp"
    /// The name the signing key is kept under (`SecretStore`).
    public static let keyName = "token-signing-key"
    /// 256 bits, as long as the HMAC-SHA-256 output (RFC 7518 §3.2 asks for at least that).
    public static let keyLength = 32
    static let algorithm = "HS256"
    static let keyID = "slp"
}
