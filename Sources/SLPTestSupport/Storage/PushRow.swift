import Foundation
import SLPDomain

/// A queued push in the in-memory outbox: the push of one event to its recipient.
package struct PushRow: Equatable, Sendable {
    package let event: Int64
    package let recipient: UserID
    package let enqueuedAt: Date
    package var due: Date
    package var attempts: Int
    package var leaseOwner: String?
    package var leaseUntil: Date?

    package init(event: Int64, recipient: UserID, enqueuedAt: Date, due: Date, attempts: Int = 0, leaseOwner: String? = nil, leaseUntil: Date? = nil) {
        self.event = event
        self.recipient = recipient
        self.enqueuedAt = enqueuedAt
        self.due = due
        self.attempts = attempts
        self.leaseOwner = leaseOwner
        self.leaseUntil = leaseUntil
    }
}
