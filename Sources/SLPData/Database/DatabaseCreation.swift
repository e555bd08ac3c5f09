/// What opening a database may create when there is none yet.
public enum DatabaseCreation: Sendable, Equatable {
    /// Nothing: the database must exist already (a command that only reads, or that acts for a
    /// user, who must be in it), else `DatabaseError.noDatabase`.
    case none
    /// The file (and slp's schema), in a directory that must exist: a path someone typed, where a
    /// mistyped directory must not become a new, empty service.
    case file
    /// The file and its missing directories (0700): slp's default location.
    case fileAndDirectories
}
