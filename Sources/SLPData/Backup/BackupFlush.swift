/// How `DatabaseBackup` gets its copy's pages to the disk while it copies. Whichever it is, the
/// finished copy is flushed once more (`fsync`) after its check and before it has its name.
public enum BackupFlush: Sendable, Equatable {
    /// `fdatasync` after each step: on ext4 each one a journal commit (the copy's blocks are
    /// new), which the service's own commits (each waiting for its flush) can queue behind.
    case eachStep
    /// The kernel asked to start writing each step's pages, without waiting for them or for a
    /// journal commit (`sync_file_range`): the disk takes the copy as it goes, and the last
    /// flush finds little left.
    case writeBehind
    /// Nothing until the last flush, which then writes the whole copy at once.
    case atEnd
}
