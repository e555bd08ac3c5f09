import SLPDomain

/// A value that does not fit the layout of a queue document (the card or the packed traits),
/// refused when it is written; or a stored document that does not have that layout.
struct QueueDocumentError: Error, Equatable, StorageFailure {
    /// What is wrong, for people: `the card has 8 fields, not 7`.
    let description: String

    init(_ description: String) {
        self.description = description
    }

    init(field: QueueCard.Field, _ problem: String) {
        self.init("the card's \(field) field \(problem)")
    }

    // Only a bug lets such a value reach storage: the domain's rules keep it out.
    var storageFailureKind: StorageFailureKind { .internal }
    var storageFailureMessage: String { "cannot store the queue document: \(description)" }
}
