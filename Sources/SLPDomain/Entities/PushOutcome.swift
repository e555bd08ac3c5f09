#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What became of one push a sender tried (`RecordPushOutcomesUseCase`).
public enum PushOutcome: Equatable, Sendable {
    /// FCM took it.
    case sent
    /// Try again at this time (FCM busy or down, the network cut): given up once past an hour
    /// from the event.
    case retry(at: Date)
    /// FCM no longer knows the token (or it belongs to another project): the recipient's token
    /// is cleared if it is still the one sent.
    case tokenGone
    /// FCM refused the message itself: never retried.
    case rejected
    /// The service cannot send now through no fault of the push (the Firebase project's APNs
    /// key): kept, and looked at again at this time.
    case parked(until: Date)
}
