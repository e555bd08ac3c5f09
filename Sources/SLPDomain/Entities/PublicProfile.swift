#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The part of a user anyone registered may see.
public struct PublicProfile: Equatable, Sendable {
    public let uid: UserID
    public let nick: Nick
    public let gender: Gender
    public let study: FavoriteStudy
    public let reputation: Reputation
    public let comments: [String]
    public let sesac: Int
    public let background: Int
    public let createdAt: Date
}
