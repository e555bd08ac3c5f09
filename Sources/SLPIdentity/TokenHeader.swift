import SLPSupport

/// A JWT's header (JOSE, RFC 7515): only what slp reads.
struct TokenHeader {
    let alg: String
    let kid: String?
    let typ: String?
    /// Whether the token lists extensions that must be understood (`crit`): slp understands none.
    let hasCritical: Bool

    /// The header `members` hold; nil when a member slp reads is missing or of the wrong kind.
    init?(_ members: [String: JSONScalar]) {
        guard case .string(let alg)? = members["alg"], let kid = TokenHeader.optionalString(members["kid"]),
              let typ = TokenHeader.optionalString(members["typ"])
        else { return nil }
        self.alg = alg
        self.kid = kid
        self.typ = typ
        hasCritical = (members["crit"] ?? .null) != .null
    }

    /// `.some(nil)` for a member absent or null, `.some(text)` for a string, nil for anything else.
    static func optionalString(_ value: JSONScalar?) -> String?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }
}
