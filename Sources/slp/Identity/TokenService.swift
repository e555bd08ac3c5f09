#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain
import SLPIdentity

/// Who calls, from a token: issues slp's own (`slp token`) and verifies both kinds the API
/// accepts. An outer layer: the use cases only ever get the uid it verified.
@MainActor
final class TokenService {
    private let secrets: any SecretStore
    private let clock: any TimeProvider
    private let firebase: FirebaseSettings?

    init(secrets: any SecretStore, clock: any TimeProvider, firebase: FirebaseSettings?) {
        self.secrets = secrets
        self.clock = clock
        self.firebase = firebase
    }

    /// A token naming `uid` (bound to `phone` when given), valid for `lifetime` from now; the
    /// signing key is made and stored on first use.
    func issue(uid: UserID, phone: PhoneNumber?, lifetime: Duration) throws -> IssuedToken {
        let key = try secrets.secret(named: SLPToken.keyName) { try SecureRandom.bytes(SLPToken.keyLength) }
        let now = clock.now
        let token = try SLPTokenIssuer(key: key).token(subject: uid.rawValue, phoneNumber: phone?.e164, issuedAt: now, lifetime: lifetime)
        let expires = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down) + Double(lifetime.components.seconds))
        return IssuedToken(token: token, uid: uid, phone: phone, expiresAt: expires)
    }

    /// The caller `token` names; `TokenRejection` when it is refused. Verifying never makes a key.
    func verify(_ token: String?) throws -> VerifiedIdentity {
        let secrets = secrets
        return try TokenVerifier(slpKey: { try secrets.secret(named: SLPToken.keyName) }, firebase: firebase, now: clock.now).verify(token)
    }
}
