#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which messages of a conversation to read.
public enum MessagePage: Equatable, Sendable {
    /// All of them, oldest first.
    case all
    /// The newest `limit`, oldest first (opening a chat).
    case newest(limit: Int)
    /// Those created after `date`, oldest first, at most `limit` (paging forward).
    case after(Date, limit: Int?)
    /// The newest `limit` created before `date`, oldest first (scrolling back).
    case before(Date, limit: Int)
}
