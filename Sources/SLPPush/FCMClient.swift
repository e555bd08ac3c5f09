#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPIdentity
import SLPSupport

/// FCM HTTP v1 for one service account: every message of a batch in flight at once through one
/// curl multi handle on a thread of its own (HTTP/2 multiplexed, TLS verified), each answer
/// turned into what the sender should do with it. Holds no domain knowledge: tokens, texts and
/// collapse ids come ready-made. Sendable: what it holds is immutable or an actor.
package final class FCMClient: Sendable {
    private let account: ServiceAccount
    private let sendURL: String
    private let loop: CurlLoop
    private let tokens: AccessTokenSource

    /// A client sending for `account` to `baseURL` (`SLP_FCM_URL` in tests), at most
    /// `maxInFlight` requests at once (as Google's SDKs send a batch); nil when libcurl cannot
    /// be set up. `now` is the clock of the access tokens' lifetimes (tests move it).
    package init?(
        account: ServiceAccount, baseURL: String = "https://fcm.googleapis.com", maxInFlight: Int = 500,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        guard let loop = CurlLoop(settings: .fromEnvironment(), maxInFlight: maxInFlight) else { return nil }
        self.account = account
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        sendURL = base + "/v1/projects/" + account.projectID + "/messages:send"
        self.loop = loop
        tokens = AccessTokenSource(account: account, loop: loop, now: now)
    }

    deinit {
        loop.stop()
    }

    /// How many access tokens were fetched so far.
    package var accessTokenFetches: Int {
        get async { await tokens.fetches }
    }

    /// What became of each of `messages`, in their order; all sent concurrently.
    package func send(_ messages: [FCMMessage]) async -> [FCMResult] {
        await withTaskGroup(of: (Int, FCMResult).self) { group in
            for (index, message) in messages.enumerated() {
                group.addTask { (index, await self.send(message)) }
            }
            var results = [FCMResult](repeating: .retry(after: nil), count: messages.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    /// One message: with a refreshed access token once more when FCM says the token is not valid.
    private func send(_ message: FCMMessage) async -> FCMResult {
        let body = message.json
        for attempt in 0..<2 {
            let token: String
            switch await tokens.token() {
            case .success(let value): token = value
            case .failure(.unavailable(let retryAfter)): return .retry(after: retryAfter)
            case .failure(.refused): return .unauthorized
            }
            let request = CurlRequest(
                url: sendURL, headers: ["Authorization: Bearer " + token, "Content-Type: application/json; charset=UTF-8"], body: body)
            switch await loop.perform(request) {
            case .failed:
                return .retry(after: nil)
            case .response(let status, let retryAfter, let replyBody):
                let result = FCMResultReading.result(status: status, retryAfter: retryAfter, body: replyBody)
                guard case .unauthorized = result, FCMErrorReply.read(replyBody).fcmErrorCode == nil, status == 401, attempt == 0 else {
                    return result
                }
                await tokens.invalidate(token)
            }
        }
        return .unauthorized
    }
}
