/// A JWT's header (JOSE, RFC 7515): only what slp reads.
struct TokenHeader: Decodable {
    let alg: String
    let kid: String?
    let typ: String?
    /// Extensions the token says must be understood: slp understands none.
    let crit: [String]?
}
