
/// Every way the service can say no, by name. The numbers a client sees (SLP's statuses, HTTP
/// statuses, exit codes) are the presentation's, mapped at the edge; the bracketed statuses
/// below say what SLP answered, for the reader.
///
/// `invalid` is a value that can never be accepted; every other case is a refusal that depends
/// on the service's state.
public enum DomainError: Error, Equatable, Sendable {
    /// A value breaks a rule of its type: wrong phone, nick too long, too young, bad coordinate…
    case invalid(InvalidValue)
    /// The acting user is missing or unknown. [406]
    case notRegistered
    /// The phone number already has an account. [201]
    case alreadyRegistered
    /// The nick contains a forbidden word. [202]
    case nickNotAllowed
    /// Another user asked for does not exist (or has withdrawn).
    case userNotFound
    /// Barred from the queue after three or more reports. [201]
    case reported
    /// Still serving a dodge penalty; `level` is 1, 2 or 3. [203, 204, 205]
    case dodgePenalty(level: Int, secondsLeft: Int)
    /// I am already in a match. [201] (accept answers [203])
    case alreadyMatched
    /// The other user is not waiting in the queue. [202]
    case otherNotSearching
    /// The other user matched someone else. [201]
    case otherMatched
    /// There is no open request from that user to accept.
    case noRequest
    /// I am not waiting in the queue.
    case notSearching
    /// I am not waiting in the queue because I am matched: the same refusal (`not_searching`),
    /// told truly to someone who may think they are still waiting.
    case matchedNotSearching
    /// There is no current match to dodge, or the user is not my partner. [201]
    case notPartner
    /// This match was already reviewed by me.
    case alreadyReviewed
    /// I already reported this user. [201]
    case alreadyReported
    /// The match ended; no more messages. [201]
    case studyEnded
    /// There is no conversation with that user (same answer for strangers and for nobody).
    case notMatched
    /// The item is not in my collection. [201]
    case itemNotOwned
    /// The item is already in my collection.
    case itemAlreadyOwned

    /// Stable machine-readable code, as printed in JSON errors.
    public var code: String {
        switch self {
        case .invalid(let value): value.code
        case .notRegistered: "not_registered"
        case .alreadyRegistered: "already_registered"
        case .nickNotAllowed: "nick_not_allowed"
        case .userNotFound: "user_not_found"
        case .reported: "reported"
        case .dodgePenalty: "dodge_penalty"
        case .alreadyMatched: "already_matched"
        case .otherNotSearching: "other_not_searching"
        case .otherMatched: "other_matched"
        case .noRequest: "no_request"
        case .notSearching, .matchedNotSearching: "not_searching"
        case .notPartner: "not_partner"
        case .alreadyReviewed: "already_reviewed"
        case .alreadyReported: "already_reported"
        case .studyEnded: "study_ended"
        case .notMatched: "not_matched"
        case .itemNotOwned: "item_not_owned"
        case .itemAlreadyOwned: "item_already_owned"
        }
    }

    /// True for values no state of the service could accept.
    public var isInvalidValue: Bool {
        if case .invalid = self { return true }
        return false
    }

    /// One sentence for people.
    public var message: String {
        switch self {
        case .invalid(let value): value.message
        case .notRegistered: "not registered"
        case .alreadyRegistered: "this phone number is already registered"
        case .nickNotAllowed: "this nick contains a word that is not allowed"
        case .userNotFound: "no such user"
        case .reported: "you were reported 3 or more times and cannot enter the queue"
        case .dodgePenalty(let level, let seconds):
            "dodge penalty (\(level)): you can queue again in \(seconds) s"
        case .alreadyMatched: "you are already matched"
        case .otherNotSearching: "that user is not waiting in the queue"
        case .otherMatched: "that user is already matched with someone else"
        case .noRequest: "that user has no open request to you"
        case .notSearching: "you are not waiting in the queue"
        case .matchedNotSearching: "you are matched, not waiting"
        case .notPartner: "you have no match with that user"
        case .alreadyReviewed: "you already reviewed this match"
        case .alreadyReported: "you already reported this user"
        case .studyEnded: "the study has ended; no more messages can be sent"
        case .notMatched: "no conversation with that user"
        case .itemNotOwned: "you do not own that item"
        case .itemAlreadyOwned: "you already own that item"
        }
    }
}
