/// What `DatabaseBackup` wrote: the file in place, and how it was made.
public struct BackupCopy: Sendable, Equatable {
    /// The backup's absolute path.
    public let path: String
    /// The file's size in bytes.
    public let bytes: Int64
    /// The copy's schema version (`user_version`), the one this slp knows.
    public let schemaVersion: Int
    /// Pages copied (the database's page count at the snapshot).
    public let pages: Int
    /// From the start of the copy to the rename.
    public let seconds: Double
}
