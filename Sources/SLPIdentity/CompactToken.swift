/// A JWT in its compact form (RFC 7519), split but not yet trusted: `header.claims.signature`,
/// each base64url, the first two JSON objects.
struct CompactToken {
    /// The longest token read: Firebase's are about 1 KB.
    static let maxLength = 8 * 1024

    let header: [UInt8]
    let claims: [UInt8]
    /// The text the signature covers: `header.claims` as sent.
    let signingInput: [UInt8]
    let signature: [UInt8]

    init(_ token: String) throws(TokenRejection) {
        let text = Array(token.utf8)
        guard !text.isEmpty, text.count <= CompactToken.maxLength else { throw .malformed }
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              let header = Base64URL.decode(parts[0]), let claims = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2])
        else { throw .malformed }
        self.header = header
        self.claims = claims
        self.signingInput = Array(text[..<parts[1].endIndex])
        self.signature = signature
    }
}
