#if PostgreSQL
/// How a statement runs on a connection this time (its statement cache): by the name it was
/// prepared under, prepared first under a new name, or unprepared.
enum PGStatementPlan {
    case prepared(String)
    case prepare(String)
    case once

    /// Whether the statement is prepared now, which the server answers separately.
    var isNew: Bool {
        if case .prepare = self { true } else { false }
    }
}
#endif
