#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPIdentity
import SLPSupport

/// The access token FCM requests carry: fetched from the service account's `token_uri` with a
/// signed assertion, reused by every send until shortly before it expires, fetched once however
/// many sends ask at the same moment, and dropped when FCM says it is no longer valid.
actor AccessTokenSource {
    private let account: ServiceAccount
    private let loop: CurlLoop
    private let now: @Sendable () -> Date
    private var current: AccessToken?
    /// The fetch in flight, which every caller arriving meanwhile waits for.
    private var fetching: Task<Result<AccessToken, AccessTokenFailure>, Never>?
    /// How many tokens were fetched (for the tests and the sender's counts).
    private(set) var fetches = 0

    init(account: ServiceAccount, loop: CurlLoop, now: @escaping @Sendable () -> Date) {
        self.account = account
        self.loop = loop
        self.now = now
    }

    /// A token to send with, fetched when none is current.
    func token() async -> Result<String, AccessTokenFailure> {
        if let current, now() < current.reuseUntil { return .success(current.value) }
        let task: Task<Result<AccessToken, AccessTokenFailure>, Never>
        if let fetching {
            task = fetching
        } else {
            let (account, loop, now) = (account, loop, now)
            task = Task { await Self.fetch(account: account, loop: loop, now: now) }
            fetching = task
            fetches += 1
        }
        let result = await task.value
        // The first caller back from the fetch keeps its token; a later fetch is not undone.
        if fetching == task {
            fetching = nil
            if case .success(let token) = result { current = token }
        }
        return result.map(\.value)
    }

    /// Forgets `token` (FCM answered 401 for it): the next caller fetches a new one. A token
    /// already replaced stays replaced.
    func invalidate(_ token: String) {
        if current?.value == token { current = nil }
    }

    private static func fetch(account: ServiceAccount, loop: CurlLoop, now: @Sendable () -> Date) async -> Result<AccessToken, AccessTokenFailure> {
        let issuedAt = now()
        let assertion: String
        do {
            assertion = try ServiceAccountAssertion.make(for: account, at: issuedAt)
        } catch {
            return .failure(.refused)
        }
        let request = CurlRequest(
            url: account.tokenURI, headers: ["Content-Type: application/x-www-form-urlencoded", "Accept: application/json"],
            body: ServiceAccountAssertion.form(assertion))
        switch await loop.perform(request) {
        case .failed:
            return .failure(.unavailable(retryAfter: nil))
        case .response(let status, let retryAfter, let body):
            guard status == 200 else {
                return .failure(status == 429 || status >= 500 ? .unavailable(retryAfter: retryAfter) : .refused)
            }
            guard let members = JSONReader.object(body), case .string(let value)? = members["access_token"], !value.isEmpty,
                  value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), case .number(let lifetime)? = members["expires_in"], lifetime > 0
            else { return .failure(.unavailable(retryAfter: nil)) }
            return .success(AccessToken(value: value, reuseUntil: issuedAt.addingTimeInterval(lifetime - AccessToken.refreshMargin)))
        }
    }
}
