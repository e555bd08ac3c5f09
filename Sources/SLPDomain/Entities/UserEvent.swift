#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Something that happened to me, as SLP pushed it to the phone: stored in the transaction of
/// the change that causes it, numbered in commit order.
public struct UserEvent: Equatable, Sendable {
    /// Increases in commit order and is never reused, so `events --since ID` resumes after it.
    public let id: Int64
    public let createdAt: Date
    public let kind: UserEventKind

    public init(id: Int64, createdAt: Date, kind: UserEventKind) {
        self.id = id
        self.createdAt = createdAt
        self.kind = kind
    }
}
