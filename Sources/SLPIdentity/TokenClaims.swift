/// A JWT's claims as slp and Firebase write them; times are seconds since 1970 (NumericDate).
struct TokenClaims: Codable {
    let iss: String
    let aud: String
    let sub: String
    let iat: Double
    let exp: Double
    /// When the person signed in (Firebase).
    var auth_time: Double? = nil
    /// The phone number the identity is bound to: slp's tokens for a person not yet registered,
    /// Firebase's phone sign-in.
    var phone_number: String? = nil
}
