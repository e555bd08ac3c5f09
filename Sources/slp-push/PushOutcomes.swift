#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPPush

/// What FCM's answer to a push makes of it: sent, tried again after a backoff with jitter (never
/// before FCM's `Retry-After`; the domain gives up an hour after the event), its token gone, or
/// refused. A fault of the configuration (the project's APNs key, credentials refused) parks
/// the push and is said once; so is a payload FCM refuses, a bug of slp's.
struct PushOutcomes {
    /// How long a push waits while the configuration is at fault.
    static let parkedFor: TimeInterval = 300

    /// A push is news: after an outage each is tried again within half a minute of FCM's return,
    /// where Google's SDKs wait up to a minute or two.
    static let backoff = Backoff(cap: .seconds(30))

    let clock: any TimeProvider
    private var random = SystemRandomNumberGenerator()

    init(clock: any TimeProvider) {
        self.clock = clock
    }

    mutating func outcome(of push: PendingPush, _ result: FCMResult) -> PushOutcome {
        let now = clock.now
        switch result {
        case .sent:
            return .sent
        case .retry(let after):
            let delay = Self.backoff.delay(attempt: push.attempts, retryAfter: after, using: &random)
            return .retry(at: now.addingTimeInterval(Self.seconds(delay)))
        case .tokenGone:
            return .tokenGone
        case .rejected(let reason):
            // FCM's words may quote what it was sent; the token never goes to the log.
            let words = push.token.value.isEmpty ? reason : reason.replacing(push.token.value, with: "<token>")
            SenderLog.once("rejected " + words, "FCM refused a push as malformed, a bug in slp (not sent again): \(words)")
            return .rejected
        case .thirdPartyAuth:
            SenderLog.once(
                "third party auth",
                "FCM cannot reach Apple's push service for this Firebase project (THIRD_PARTY_AUTH_ERROR): upload the apps' APNs key "
                    + "in the Firebase console (Project settings, Cloud Messaging, Apple app configuration); pushes wait")
            return .parked(until: now.addingTimeInterval(Self.parkedFor))
        case .unauthorized:
            SenderLog.once(
                "unauthorized",
                "the service account's credentials are refused (by its token_uri or by FCM): check the key in the Firebase console "
                    + "(Project settings, Service accounts) and the file given to slp serve; pushes wait")
            return .parked(until: now.addingTimeInterval(Self.parkedFor))
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
