/// The steps since PostgreSQL's first: most on both backends.
extension Schema {
    /// Uids and phone numbers compare as bytes: they are identifiers, and bulk loads sort
    /// and index them faster than under a language's collation.
    ///
    /// A search reads what it needs of the queue from one index in cell order, without
    /// visiting the table (an index-only scan, SQLite's queue being a table in cell order):
    /// neighbours share pages. Index entries have a size limit, so the rare rows with huge
    /// cards (long combining sequences) have an index of their own and are read from the table.
    static let byteOrderAndIndexOnlySearch = Migration(
        sqlite: .notNeeded(because: "SQLite compares text as bytes, and its queue is itself a table in cell order"),
        postgreSQL: .sql("""
            ALTER TABLE slp.users ALTER COLUMN uid TYPE text COLLATE "C", ALTER COLUMN phone TYPE text COLLATE "C";
            CREATE INDEX queue_nearby ON slp.queue (cell) INCLUDE (user_id, lat, long, traits, uid, card, study_keys)
                WHERE \(compactQueueRow);
            CREATE INDEX queue_nearby_large ON slp.queue (cell) WHERE NOT (\(compactQueueRow));
            DROP INDEX slp.queue_by_cell;
            """))

    /// How often a user was reported is counted from the reports themselves: a reporter who
    /// withdraws takes their reports along, and they stop counting.
    static let reportsCounted = Migration(
        sqlite: .sql("""
            ALTER TABLE users DROP COLUMN reported_num;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.users DROP COLUMN reported_num;
            """))

    /// The API (issue 30): where each user's app receives pushes (SLP's `FCMtoken`), and the
    /// service's own secrets, such as the key that signs `slp token`'s tokens (hex text, made
    /// once by the first process that needs it).
    static let pushTokensAndSecrets = Migration(
        sqlite: .sql("""
            ALTER TABLE users ADD COLUMN fcm_token TEXT NOT NULL DEFAULT '';
            CREATE TABLE secrets (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) STRICT, WITHOUT ROWID;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.users ADD COLUMN fcm_token text NOT NULL DEFAULT '';
            CREATE TABLE slp.secrets (
                name text COLLATE "C" PRIMARY KEY,
                value text NOT NULL
            );
            """))

    /// Sanctions stay with the phone number (issue 38): a withdrawn account leaves its report
    /// ban, dodge penalty and dodge count under a keyed hash of its number (`PhoneKey`), and
    /// the same number registering again starts under them; a report ban so carried is the
    /// user's own column, as the reports behind it are gone.
    static let sanctions = Migration(
        sqlite: .sql("""
            ALTER TABLE users ADD COLUMN report_ban INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE sanctions (
                phone_key TEXT PRIMARY KEY,
                report_ban INTEGER NOT NULL,
                dodge_penalty_until INTEGER,
                dodge_num INTEGER NOT NULL
            ) STRICT, WITHOUT ROWID;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.users ADD COLUMN report_ban boolean NOT NULL DEFAULT false;
            CREATE TABLE slp.sanctions (
                phone_key text COLLATE "C" PRIMARY KEY,
                report_ban boolean NOT NULL,
                dodge_penalty_until bigint,
                dodge_num integer NOT NULL
            );
            """))

    /// Where the API shows each waiting person (issue 38): the displacement drawn as they
    /// entered, kept while they wait (packed in `shift`; `shownByCell` replaced it), copied into SQLite's study rows; and the
    /// point it gives, with its cell, in indexes of their own that hold what a search reads, so
    /// that the API's searches read the cells around where people are shown, as the command
    /// line's read those around where they are. People waiting before get theirs in the rebuild
    /// that follows.
    static let shownPlaces = Migration(
        sqlite: .sql("""
            ALTER TABLE queue ADD COLUMN shift INTEGER NOT NULL DEFAULT -1;
            ALTER TABLE queue ADD COLUMN shown_cell INTEGER NOT NULL DEFAULT -1;
            ALTER TABLE queue ADD COLUMN shown_lat REAL NOT NULL DEFAULT 0;
            ALTER TABLE queue ADD COLUMN shown_long REAL NOT NULL DEFAULT 0;
            CREATE INDEX queue_shown ON queue(shown_cell, shown_lat, shown_long, traits, card);
            ALTER TABLE queue_studies ADD COLUMN shift INTEGER NOT NULL DEFAULT -1;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.queue ADD COLUMN shift bigint NOT NULL DEFAULT -1,
                ADD COLUMN shown_cell bigint NOT NULL DEFAULT -1,
                ADD COLUMN shown_lat double precision NOT NULL DEFAULT 0,
                ADD COLUMN shown_long double precision NOT NULL DEFAULT 0;
            CREATE INDEX queue_shown ON slp.queue (shown_cell) INCLUDE (user_id, shown_lat, shown_long, traits, uid, card, study_keys)
                WHERE \(compactQueueRow);
            CREATE INDEX queue_shown_large ON slp.queue (shown_cell) WHERE NOT (\(compactQueueRow));
            """),
        rebuildsQueueRows: true)

    /// PostgreSQL: the transaction that wrote each event. Ids are drawn before commit, so they do
    /// not follow commit order across users; the realtime hub reads everyone's events from the
    /// oldest transaction its last read could not see (`eventsCommitted(since:)`).
    static let eventTransactions = Migration(
        sqlite: .notNeeded(because: "SQLite's writers take turns on the file, so event ids follow commit order"),
        postgreSQL: .sql("""
            ALTER TABLE slp.events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
            CREATE INDEX events_by_xid ON slp.events (xid);
            """))

    /// The realtime hub tells everyone whose penalty has run out, once a second: the few
    /// with a notice due, by when.
    static let penaltyNoticesDue = Migration(
        sqlite: .sql("""
            CREATE INDEX users_penalty_due ON users(penalty_event_due) WHERE penalty_event_due IS NOT NULL;
            """),
        postgreSQL: .sql("""
            CREATE INDEX users_penalty_due ON slp.users (penalty_event_due) WHERE penalty_event_due IS NOT NULL;
            """))

    /// Reports stay with the phone numbers (issue 49): each side of a report is an account
    /// (`*_id`) or, once that account has withdrawn, its number's keyed hash (`*_key`, as
    /// `sanctions` keeps it), never both; the number's next account takes its side up again.
    /// A report counts while its reporter has an account (`reporter_id`); `carried` marks one
    /// that either side has withdrawn from since, which the reporter's record no longer lists.
    /// SQLite rebuilds the table (its primary key named the two accounts).
    static let reportsKeptWithTheNumber = Migration(
        sqlite: .sql("""
            CREATE TABLE reports_by_number (
                reporter_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
                reporter_key TEXT,
                reported_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
                reported_key TEXT,
                reason TEXT NOT NULL,
                comment TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                carried INTEGER NOT NULL DEFAULT 0,
                CHECK ((reporter_id IS NULL) <> (reporter_key IS NULL) AND (reported_id IS NULL) <> (reported_key IS NULL))
            ) STRICT;
            INSERT INTO reports_by_number (reporter_id, reported_id, reason, comment, created_at)
                SELECT reporter_id, reported_id, reason, comment, created_at FROM reports;
            DROP TABLE reports;
            ALTER TABLE reports_by_number RENAME TO reports;
            CREATE UNIQUE INDEX reports_pair ON reports(reporter_id, reported_id);
            CREATE INDEX reports_reported ON reports(reported_id, reporter_id);
            CREATE INDEX reports_reporter_key ON reports(reporter_key) WHERE reporter_key IS NOT NULL;
            CREATE INDEX reports_reported_key ON reports(reported_key) WHERE reported_key IS NOT NULL;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.reports DROP CONSTRAINT reports_pkey,
                ALTER COLUMN reporter_id DROP NOT NULL, ALTER COLUMN reported_id DROP NOT NULL,
                ADD COLUMN reporter_key text COLLATE "C", ADD COLUMN reported_key text COLLATE "C",
                ADD COLUMN carried boolean NOT NULL DEFAULT false,
                ADD CONSTRAINT reports_sides CHECK ((reporter_id IS NULL) <> (reporter_key IS NULL) AND (reported_id IS NULL) <> (reported_key IS NULL));
            CREATE UNIQUE INDEX reports_pair ON slp.reports (reporter_id, reported_id);
            CREATE INDEX reports_reporter_key ON slp.reports (reporter_key) WHERE reporter_key IS NOT NULL;
            CREATE INDEX reports_reported_key ON slp.reports (reported_key) WHERE reported_key IS NOT NULL;
            """))

    /// Where the API shows each waiting person depends on their cell of about 100 m alone
    /// (issue 49, `ShownPlaces`): a displacement kept per entry gave their place away. The row
    /// holds the point itself (`PackedPoint`, copied into SQLite's study rows) where it held the
    /// displacement; the rebuild that follows shows everyone waiting by their cell.
    static let shownByCell = Migration(
        sqlite: .sql("""
            ALTER TABLE queue RENAME COLUMN shift TO shown;
            ALTER TABLE queue_studies RENAME COLUMN shift TO shown;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.queue RENAME COLUMN shift TO shown;
            """),
        rebuildsQueueRows: true)

    /// Pushes to closed apps (issue 50): an outbox row per push, written with its event and
    /// keyed by it, due now or at a retry, leased to one sender at a time (`lease_owner` until
    /// `lease_until`, when `due_at` comes again); found by due time, and by user for each user's
    /// oldest (one at a time, in commit order) and for forgetting a user's stale ones. The
    /// senders' counters, one row each, so that a counter added later needs no migration. Users
    /// by push token, for one phone, one account.
    ///
    /// The kinds of events are `UserEventKind`'s one list: `events.type` loses its CHECK, so a new
    /// kind needs no migration (a CHECK generated from the list would still need one per kind, as a
    /// shipped migration's SQL never changes; on SQLite each a table rebuild). SQLite rebuilds the
    /// table to drop it, carrying its AUTOINCREMENT counter over so that no id is given twice.
    static let pushOutbox = Migration(
        sqlite: .sql("""
            CREATE TABLE events_of_any_kind (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                type TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                other_uid TEXT,
                other_nick TEXT,
                distance INTEGER,
                titles TEXT,
                message_id TEXT,
                chat TEXT
            ) STRICT;
            INSERT INTO events_of_any_kind (id, user_id, type, created_at, other_uid, other_nick, distance, titles, message_id, chat)
                SELECT id, user_id, type, created_at, other_uid, other_nick, distance, titles, message_id, chat FROM events;
            DELETE FROM sqlite_sequence WHERE name = 'events_of_any_kind';
            INSERT INTO sqlite_sequence (name, seq) SELECT 'events_of_any_kind', seq FROM sqlite_sequence WHERE name = 'events';
            DROP TABLE events;
            ALTER TABLE events_of_any_kind RENAME TO events;
            CREATE INDEX events_by_user ON events(user_id, id);
            CREATE TABLE push_outbox (
                event_id INTEGER PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                enqueued_at INTEGER NOT NULL,
                due_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                lease_owner TEXT,
                lease_until INTEGER
            ) STRICT;
            CREATE INDEX push_outbox_due ON push_outbox(due_at);
            CREATE INDEX push_outbox_by_user ON push_outbox(user_id, event_id);
            CREATE TABLE push_counts (
                name TEXT PRIMARY KEY,
                count INTEGER NOT NULL
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX users_by_fcm_token ON users(fcm_token) WHERE fcm_token <> '';
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.events DROP CONSTRAINT events_type_check;
            CREATE TABLE slp.push_outbox (
                event_id bigint PRIMARY KEY,
                user_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                enqueued_at bigint NOT NULL,
                due_at bigint NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                lease_owner text,
                lease_until bigint
            );
            CREATE INDEX push_outbox_due ON slp.push_outbox (due_at);
            CREATE INDEX push_outbox_by_user ON slp.push_outbox (user_id, event_id);
            CREATE TABLE slp.push_counts (
                name text COLLATE "C" PRIMARY KEY,
                count bigint NOT NULL
            );
            CREATE INDEX users_by_fcm_token ON slp.users (fcm_token) WHERE fcm_token <> '';
            """))

    /// When each event was written by the machine's wall clock (unix microseconds), beside
    /// `created_at`, the domain's time (which `SLP_NOW` may stop): the realtime hub times its
    /// deliveries from it. Null for events written before it was kept.
    static let eventsWrittenAt = Migration(
        sqlite: .sql("""
            ALTER TABLE events ADD COLUMN written_at INTEGER;
            """),
        postgreSQL: .sql("""
            ALTER TABLE slp.events ADD COLUMN written_at bigint;
            """))
}
