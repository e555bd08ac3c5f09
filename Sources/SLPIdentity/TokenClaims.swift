import SLPSupport

/// A JWT's claims as slp and Firebase write them; times are seconds since 1970 (NumericDate).
struct TokenClaims: Encodable {
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

extension TokenClaims {
    /// The claims `members` hold; nil when a claim slp reads is missing or of the wrong kind.
    init?(_ members: [String: JSONScalar]) {
        guard case .string(let iss)? = members["iss"], case .string(let aud)? = members["aud"],
              case .string(let sub)? = members["sub"], case .number(let iat)? = members["iat"],
              case .number(let exp)? = members["exp"], let phone = TokenHeader.optionalString(members["phone_number"])
        else { return nil }
        let authTime: Double?
        switch members["auth_time"] {
        case nil, .null?: authTime = nil
        case .number(let seconds)?: authTime = seconds
        default: return nil
        }
        self.init(iss: iss, aud: aud, sub: sub, iat: iat, exp: exp, auth_time: authTime, phone_number: phone)
    }
}
