import SLPDomain

/// A stored row that no longer satisfies the domain's rules (the file was changed by hand).
struct StoredDataError: Error, StorageFailure {
    let table: String
    let id: Int64
    let detail: String

    var storageFailureKind: StorageFailureKind { .incompatible }
    var storageFailureMessage: String { "corrupt data in \(table) row \(id): \(detail)" }
}
