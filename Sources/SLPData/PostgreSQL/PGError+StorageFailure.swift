#if PostgreSQL
import SLPDomain

extension PGError: StorageFailure {
    public var storageFailureKind: StorageFailureKind {
        switch kind {
        case .connection: .io
        case .conflict, .timeout: .busy
        case .constraint, .other: .internal
        }
    }

    public var storageFailureMessage: String {
        switch kind {
        case .conflict, .timeout: "the database is still busy after retrying: \(message)"
        default: message
        }
    }
}

extension PGSchemaError: StorageFailure {
    public var storageFailureKind: StorageFailureKind {
        switch self {
        case .missing: .missing
        case .foreign, .newer: .incompatible
        }
    }
    public var storageFailureMessage: String { message }
}
#endif
