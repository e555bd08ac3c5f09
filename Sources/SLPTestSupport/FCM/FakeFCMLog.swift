import Foundation

/// The fake FCM's `GET /_log`: what it accepted, every send it answered, and its counters.
package struct FakeFCMLog {
    /// One send as answered: its device token (nil when refused before the message was read)
    /// and its status ("cut" for a connection closed unanswered).
    package struct Received {
        package let time: Date
        package let token: String?
        package let status: String
    }

    /// The accepted messages' `message` objects, in the order accepted.
    package let messages: [[String: Any]]
    package let received: [Received]
    /// Why requests were refused (a bad assertion or message): empty when the client spoke well.
    package let rejections: [String]
    package let tokensIssued: Int
    package let tokenRequests: Int
    /// The most sends it was handling at one moment.
    package let maxConcurrency: Int

    init(_ json: Data) throws {
        guard let log = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw FakeFCMFailure(description: "the fake's log is not a JSON object")
        }
        messages = (log["messages"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? [String: Any] }
        received = (log["received"] as? [[String: Any]] ?? []).map {
            Received(time: Date(timeIntervalSince1970: $0["time"] as? Double ?? 0), token: $0["token"] as? String,
                     status: ($0["status"] as? Int).map(String.init) ?? ($0["status"] as? String ?? ""))
        }
        rejections = log["rejections"] as? [String] ?? []
        tokensIssued = log["tokens_issued"] as? Int ?? -1
        tokenRequests = log["token_requests"] as? Int ?? -1
        maxConcurrency = log["max_concurrency"] as? Int ?? -1
    }
}
