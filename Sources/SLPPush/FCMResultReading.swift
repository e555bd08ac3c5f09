/// FCM's answer to one send turned into what to do, as FCM documents its errors.
enum FCMResultReading {
    /// How long a 429 without `Retry-After` waits, as FCM's documentation asks.
    static let quotaWait: Duration = .seconds(60)

    static func result(status: Int, retryAfter: Duration?, body: [UInt8]) -> FCMResult {
        if (200..<300).contains(status) { return .sent }
        let reply = FCMErrorReply.read(body)
        switch (status, reply.code) {
        case (_, "UNREGISTERED"?), (_, "SENDER_ID_MISMATCH"?):
            return .tokenGone(reply.code ?? "")
        case (401, "THIRD_PARTY_AUTH_ERROR"?):
            return .thirdPartyAuth
        case (429, _), (_, "QUOTA_EXCEEDED"?):
            return .retry(after: retryAfter ?? quotaWait)
        case (500..., _), (_, "UNAVAILABLE"?), (_, "INTERNAL"?):
            return .retry(after: retryAfter)
        case (401, _), (403, _):
            return .unauthorized
        case (400, _) where reply.namesToken:
            return .tokenGone(reply.code ?? "INVALID_ARGUMENT")
        default:
            return .rejected("HTTP \(status) " + reply.summary)
        }
    }
}
