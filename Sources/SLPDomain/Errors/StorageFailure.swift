
/// What kind of storage trouble stopped an operation; the presentation maps it to an exit code.
public enum StorageFailureKind: Sendable, Equatable {
    /// Still locked by other writers after every retry.
    case busy
    /// Cannot open, read or write the storage (permissions, disk full, read-only).
    case io
    /// There is no storage of this service there, and this operation does not create one.
    case missing
    /// The storage is not this service's, or is of a newer version.
    case incompatible
    /// Anything else: a bug or a broken invariant.
    case `internal`
}

/// An error thrown by storage because of the storage itself, not a domain rule.
///
/// The domain never sees the storage technology; implementations conform their own error type.
public protocol StorageFailure: Error {
    /// The class of failure, which decides the exit code.
    var storageFailureKind: StorageFailureKind { get }
    /// A one-line description for people.
    var storageFailureMessage: String { get }
}
