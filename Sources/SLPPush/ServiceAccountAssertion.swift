#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPIdentity
import SLPSupport

/// The signed JWT a service account trades for an access token (RFC 7523, Google's OAuth 2.0
/// for service accounts): RS256 under the account's key, for FCM's scope, an hour at most.
enum ServiceAccountAssertion {
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// Google refuses an assertion that lives longer.
    static let lifetime = 3_600

    /// The compact JWT, issued at `now`.
    static func make(for account: ServiceAccount, at now: Date) throws(CryptoError) -> String {
        var header = JSONWriter(capacity: 128)
        header.beginObject()
        header.key("alg")
        header.string("RS256")
        header.key("typ")
        header.string("JWT")
        header.key("kid")
        header.string(account.privateKeyID)
        header.endObject()
        let issuedAt = Int(now.timeIntervalSince1970.rounded(.down))
        var claims = JSONWriter(capacity: 256)
        claims.beginObject()
        claims.key("iss")
        claims.string(account.clientEmail)
        claims.key("scope")
        claims.string(scope)
        claims.key("aud")
        claims.string(account.tokenURI)
        claims.key("iat")
        claims.int(issuedAt)
        claims.key("exp")
        claims.int(issuedAt + lifetime)
        claims.endObject()
        let input = Base64URL.encode(header.text.utf8) + "." + Base64URL.encode(claims.text.utf8)
        return input + "." + Base64URL.encode(try account.privateKey.sign(rs256: Array(input.utf8)))
    }

    /// The form body POSTed to `token_uri`.
    static func form(_ assertion: String) -> [UInt8] {
        // The assertion is base64url and dots: nothing in it needs escaping.
        Array(("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + assertion).utf8)
    }
}
