#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPSupport

/// Checks an `idtoken` as its issuer signs it, and says whom it names. The unverified `iss`
/// only chooses the issuer; each issuer has exactly one algorithm and its own keys, so a token
/// can never pick how it is checked (`alg: none`, HS256 under a Firebase key id…).
///
/// Firebase ID tokens are checked as Firebase's Admin SDK checks them: RS256, a known `kid`,
/// `aud` the project, `iss` the project's securetoken issuer, `exp` in the future, `iat` and
/// `auth_time` in the past, a non-empty `sub` of at most 128 characters.
public struct TokenVerifier {
    /// How far in the future `iat` and `auth_time` may be, for clocks that disagree a little
    /// (the Admin SDK for Go allows as much); `exp` has no such grace.
    public static let clockSkew: TimeInterval = 300

    private let slpKey: () throws -> [UInt8]?
    private let firebase: FirebaseSettings?
    private let now: Date

    /// `slpKey` gives the service's signing key (nil when none was ever made), read only when a
    /// token claims to be slp's; `firebase` nil accepts no Firebase token.
    public init(slpKey: @escaping () throws -> [UInt8]?, firebase: FirebaseSettings?, now: Date) {
        self.slpKey = slpKey
        self.firebase = firebase
        self.now = now
    }

    /// The identity `token` names; `TokenRejection` when it is refused, `FirebaseKeysUnavailable`
    /// when it claims the Firebase project whose certificates cannot be read now. Other errors
    /// are the key store's.
    public func verify(_ token: String?) throws -> VerifiedIdentity {
        guard let token, !token.isEmpty else { throw TokenRejection.missing }
        let compact = try CompactToken(token)
        guard let header = JSONReader.object(compact.header).flatMap(TokenHeader.init),
              let claims = JSONReader.object(compact.claims).flatMap(TokenClaims.init),
              !header.hasCritical, header.typ.map({ $0.uppercased() == "JWT" }) ?? true
        else { throw TokenRejection.malformed }
        if let firebase, claims.iss == firebase.issuer {
            guard let certificates = firebase.certificates else { throw FirebaseKeysUnavailable() }
            try verifyFirebase(compact, header, claims, project: firebase.projectID, certificates: certificates)
            return VerifiedIdentity(subject: claims.sub, phoneNumber: claims.phone_number, issuer: .firebase, expires: claims.exp)
        }
        if claims.iss == SLPToken.issuer {
            try verifySLP(compact, header, claims)
            return VerifiedIdentity(subject: claims.sub, phoneNumber: claims.phone_number, issuer: .slp, expires: claims.exp)
        }
        throw TokenRejection.unknownIssuer
    }

    private func verifySLP(_ token: CompactToken, _ header: TokenHeader, _ claims: TokenClaims) throws {
        guard header.alg == SLPToken.algorithm else { throw TokenRejection.wrongAlgorithm }
        // No key yet: no token of slp's was ever signed, so none is genuine.
        guard let key = try slpKey(), ConstantTime.equal(try HMACSHA256.mac(key: key, token.signingInput), token.signature)
        else { throw TokenRejection.badSignature }
        guard claims.aud == SLPToken.audience else { throw TokenRejection.wrongAudience }
        try checkTimes(claims, authTime: nil)
        try checkSubject(claims)
    }

    private func verifyFirebase(
        _ token: CompactToken, _ header: TokenHeader, _ claims: TokenClaims, project: String, certificates: [String: String]
    ) throws {
        guard header.alg == "RS256" else { throw TokenRejection.wrongAlgorithm }
        guard let kid = header.kid, let pem = certificates[kid] else { throw TokenRejection.unknownKey }
        guard let key = RSAPublicKey(certificatePEM: pem) else { throw TokenRejection.unknownKey }
        guard key.verifies(token.signature, of: token.signingInput) else { throw TokenRejection.badSignature }
        guard claims.aud == project else { throw TokenRejection.wrongAudience }
        guard let authTime = claims.auth_time else { throw TokenRejection.malformed }
        try checkTimes(claims, authTime: authTime)
        try checkSubject(claims)
    }

    private func checkTimes(_ claims: TokenClaims, authTime: Double?) throws {
        let now = now.timeIntervalSince1970
        guard claims.exp.isFinite, claims.iat.isFinite, authTime?.isFinite ?? true else { throw TokenRejection.malformed }
        guard now < claims.exp else { throw TokenRejection.expired }
        guard claims.iat <= now + TokenVerifier.clockSkew, (authTime ?? now) <= now + TokenVerifier.clockSkew else {
            throw TokenRejection.notYetValid
        }
    }

    private func checkSubject(_ claims: TokenClaims) throws {
        guard !claims.sub.isEmpty, claims.sub.count <= 128 else { throw TokenRejection.noSubject }
    }
}
