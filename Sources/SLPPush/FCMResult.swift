/// What became of one message, as FCM's documented errors say what to do next.
package enum FCMResult: Sendable, Equatable {
    /// Accepted by FCM.
    case sent
    /// 429, 500, 503 (or another 5xx), a network error or timeout: send again later, not
    /// before `after` when FCM said so (`Retry-After`; a 429 without one: a minute).
    case retry(after: Duration?)
    /// The device token is no longer valid for this project (404 UNREGISTERED, 403
    /// SENDER_ID_MISMATCH, 400 INVALID_ARGUMENT naming the token): clear it. The error code.
    case tokenGone(String)
    /// Refused for our payload or another request fault (400 not about the token, other 4xx):
    /// a bug, never retried. One line for the log: status, code and FCM's message.
    case rejected(String)
    /// 401 THIRD_PARTY_AUTH_ERROR: the Firebase project's APNs key is missing or wrong.
    case thirdPartyAuth
    /// The credentials are not accepted: a 401 again after one refresh of the access token, a
    /// 403 other than SENDER_ID_MISMATCH, or the token endpoint refusing the service account.
    case unauthorized
}
