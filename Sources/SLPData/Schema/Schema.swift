/// slp's schema as one list of migrations, each with its SQLite and its PostgreSQL SQL side by
/// side (`Migration`); each backend numbers the migrations it runs (`migrations(for:)`).
enum Schema {
    /// Written to the SQLite file header: this is how a file is recognised as slp's ("SLP1").
    static let applicationID: Int32 = 0x534C_5031

    /// Every migration, oldest first. Append only: a database records how many of its backend's
    /// migrations it has run, so a step is never removed, moved or given SQL for a backend that
    /// has counted past it.
    static let migrations: [Migration] = [
        initial, queueAndRequests, matches, messages, packedQueueDocuments, studyRowDocuments, noQueueDocumentsView, events,
        byteOrderAndIndexOnlySearch, reportsCounted, pushTokensAndSecrets, sanctions, shownPlaces, eventTransactions,
        penaltyNoticesDue, reportsKeptWithTheNumber, shownByCell, pushOutbox, eventsWrittenAt,
    ]

    /// The migrations the backend speaking `dialect` runs, numbered as its databases count them:
    /// SQLite's `user_version`, PostgreSQL's `slp.meta.version`.
    static func migrations(for dialect: SQLDialect) -> [NumberedMigration] {
        migrations.compactMap { migration in
            migration.sql(for: dialect).script.map { (sql: $0, rebuilds: migration.rebuildsQueueRows) }
        }.enumerated().map { index, step in
            NumberedMigration(version: index + 1, sql: step.sql, rebuildsQueueRows: step.rebuilds)
        }
    }

    /// The newest version of a `dialect` database this binary knows.
    static func currentVersion(for dialect: SQLDialect) -> Int {
        migrations.count { $0.sql(for: dialect).script != nil }
    }

    /// The migrations the next transaction runs on a `dialect` database at `version`: the next
    /// one alone, except that one that rebuilds the queue's rows runs with every migration after
    /// it and then the rebuild (as the last layout lays the rows out): were they committed apart,
    /// a database stopped in between would record a version that no longer says its rows are due.
    /// Empty when the database is current.
    static func nextTransaction(for dialect: SQLDialect, after version: Int) -> ArraySlice<NumberedMigration> {
        let pending = migrations(for: dialect).dropFirst(max(version, 0))
        guard let next = pending.first else { return [] }
        return next.rebuildsQueueRows ? pending : pending.prefix(1)
    }

    /// PostgreSQL: queue rows small enough to be copied into the indexes a search reads
    /// (`queue_nearby`, `queue_shown`); the rest have indexes of their own.
    static let compactQueueRow = "octet_length(card) + octet_length(study_keys::text) <= 2000"
}
