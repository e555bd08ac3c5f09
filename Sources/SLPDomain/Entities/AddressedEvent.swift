#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An event with whom it is for: what the realtime hub reads for all its users at once.
public struct AddressedEvent: Equatable, Sendable {
    public let recipient: UserID
    public let event: UserEvent
    /// When the storage wrote it by the machine's wall clock, whatever the domain's clock said
    /// (`event.createdAt`): what the hub times its delivery from. Nil if the storage does not know.
    public let writtenAt: Date?

    public init(recipient: UserID, event: UserEvent, writtenAt: Date? = nil) {
        self.recipient = recipient
        self.event = event
        self.writtenAt = writtenAt
    }
}
