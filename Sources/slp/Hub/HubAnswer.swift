import SLPRealtime

/// What the reader answers the loop (`HubQuestion`).
enum HubAnswer: Sendable {
    /// Who called (`identify`, `admit`).
    case caller(HubCaller)
    /// Answer the poll with this now: its events, `[]`, or its refusal.
    case respond(HTTPResponse)
    /// Nothing yet for `uid` after `since`: hold the poll for `wait`, and look again after
    /// `lookAgain` (when a penalty ends, which nothing commits).
    case hold(uid: String, since: Int64, wait: Duration, lookAgain: Duration?)
    /// A held poll's look found nothing yet.
    case nothing
}
