import SLPDomain

/// An open study request, a row of the `requests` table: `from` asked `to`.
package struct RequestRow: Hashable, Sendable {
    package let from: UserID
    package let to: UserID

    package init(from: UserID, to: UserID) {
        self.from = from
        self.to = to
    }

    /// True when `uid` sent or received this request.
    func involves(_ uid: UserID) -> Bool { from == uid || to == uid }
}
