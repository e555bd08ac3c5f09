import SLPDomain

/// SLP's status codes for the domain's refusals, as its JSON clients saw them: the one table
/// the command line's JSON errors and the API's answers share. Refusals SLP never numbered
/// have none.
enum SLPStatus {
    /// Where SLP numbered a refusal differently from everywhere else.
    enum Operation: Sendable {
        /// `studyaccept` (`match accept`): being matched already is 203 there.
        case accept
        case other
    }

    static func of(_ error: DomainError, during operation: Operation = .other) -> Int? {
        switch error {
        case .notRegistered: 406
        case .alreadyMatched: operation == .accept ? 203 : 201
        case .alreadyRegistered, .reported, .otherMatched, .notPartner, .alreadyReported, .studyEnded, .itemNotOwned: 201
        case .nickNotAllowed, .otherNotSearching: 202
        case .dodgePenalty(let level, _): 202 + min(max(level, 1), 3)
        case .invalid, .userNotFound, .noRequest, .notSearching, .matchedNotSearching, .alreadyReviewed, .notMatched,
             .itemAlreadyOwned:
            nil
        }
    }
}
