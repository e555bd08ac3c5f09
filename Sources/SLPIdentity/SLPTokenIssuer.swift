#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Signs slp's own tokens: a JWT (HS256) naming a uid, and the phone number it is bound to for
/// a person not yet registered.
public struct SLPTokenIssuer {
    private let key: [UInt8]

    public init(key: [UInt8]) {
        self.key = key
    }

    public func token(subject: String, phoneNumber: String?, issuedAt: Date, lifetime: Duration) throws -> String {
        let header = #"{"alg":"\#(SLPToken.algorithm)","kid":"\#(SLPToken.keyID)","typ":"JWT"}"#
        let issued = issuedAt.timeIntervalSince1970.rounded(.down)
        let seconds = Double(lifetime.components.seconds)
        let claims = TokenClaims(
            iss: SLPToken.issuer, aud: SLPToken.audience, sub: subject, iat: issued, exp: issued + seconds,
            phone_number: phoneNumber)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(try encoder.encode(claims)))
        let signature = try HMACSHA256.mac(key: key, Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
