/// How fast one simulated person writes: within the API's per-user write limits (docs/API.md,
/// "Limits": chat messages 20 at once, then 5 a second; every other write 10 at once, then 2 a
/// second), kept in the same token-bucket arithmetic as the server's buckets, each held as the
/// instant it is full again. A person's write waits until their bucket has a token, as a person
/// does not tap faster than that; the mix of what they do is left as it is.
struct WritePace: Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        /// `POST /v1/chat/{uid}`.
        case chat
        /// Every other request that changes something.
        case other

        /// Writes at once from a full bucket, as the server counts them.
        var capacity: UInt64 {
            switch self {
            case .chat: 20
            case .other: 10
            }
        }

        /// Nanoseconds to get one token back.
        var interval: UInt64 {
            switch self {
            case .chat: 200_000_000
            case .other: 500_000_000
            }
        }
    }

    /// Tokens never spent: the server times a write when it handles it, not when it was sent,
    /// so two writes sent an interval apart may reach it closer together.
    static let spare: UInt64 = 2

    /// Per kind, the monotonic instant (ns) the bucket is full again; at or before now, it is full.
    private var fullAt: [UInt64] = Kind.allCases.map { _ in 0 }

    /// The monotonic instant (ns) from which a write of `kind` keeps `spare` tokens in the bucket.
    func readyAt(_ kind: Kind) -> UInt64 {
        let allowed = (kind.capacity - 1 - Self.spare) * kind.interval
        return fullAt[kind.rawValue] > allowed ? fullAt[kind.rawValue] - allowed : 0
    }

    /// One write of `kind` sent at `now`.
    mutating func take(_ kind: Kind, now: UInt64) {
        fullAt[kind.rawValue] = max(fullAt[kind.rawValue], now) + kind.interval
    }

    /// The server refused a write of `kind` at `now` (429): its bucket is taken as empty.
    mutating func refused(_ kind: Kind, now: UInt64) {
        fullAt[kind.rawValue] = max(fullAt[kind.rawValue], now + kind.capacity * kind.interval)
    }
}
