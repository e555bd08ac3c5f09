#if PostgreSQL
/// The `slp` schema cannot be used: not slp's, or newer than this binary (exit 65); or there is
/// none and the command may not create it (exit 74).
public enum PGSchemaError: Error, Equatable, Sendable {
    case foreign(target: String)
    case newer(target: String, found: Int, known: Int)
    case missing(target: String)

    public var message: String {
        switch self {
        case .missing(let target): "no slp database in PostgreSQL database \(target) (it has no schema slp)"
        case .foreign(let target): "the schema slp of PostgreSQL database \(target) is not slp's; it was left untouched"
        case .newer(let target, let found, let known):
            "the schema slp of PostgreSQL database \(target) is version \(found), newer than this slp knows (\(known)); it was left untouched"
        }
    }
}
#endif
