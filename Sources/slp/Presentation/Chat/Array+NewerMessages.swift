import SLPDomain

extension [ChatMessage] {
    /// These messages but those not newer than the last of `seen`: a look repeated, or one
    /// that overlaps the last, never shows a message twice.
    func newer(than seen: [ChatMessage]) -> [ChatMessage] {
        let last = seen.last?.createdAt ?? .distantPast
        return filter { $0.createdAt > last }
    }
}
