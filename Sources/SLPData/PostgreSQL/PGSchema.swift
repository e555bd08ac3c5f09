#if PostgreSQL
/// slp's tables in the PostgreSQL schema `slp`, as numbered migrations. Other schemas are never
/// touched; a `slp` schema that is not slp's, or is newer than this binary, is refused untouched.
enum PGSchema {
    /// Marks the schema as slp's: `slp.meta` holds this application and the schema's version.
    static let application = "slp"

    /// Each migration runs once, in order, in its own transaction. The tables mirror the SQLite
    /// file's, with the same meaning per column (times in unix milliseconds, the queue card and
    /// traits in the formats of `QueueCard` and `QueueTraits`); what differs is said where it is.
    static let migrations: [(version: Int, sql: String)] = [
        (1, """
            CREATE TABLE slp.users (
                id bigserial PRIMARY KEY,
                uid text NOT NULL UNIQUE,
                phone text NOT NULL UNIQUE,
                email text NOT NULL,
                nick text NOT NULL,
                birth text NOT NULL,
                gender smallint NOT NULL CHECK (gender IN (0, 1)),
                study text NOT NULL DEFAULT '',
                rep_good_manners integer NOT NULL DEFAULT 0,
                rep_punctual integer NOT NULL DEFAULT 0,
                rep_quick_reply integer NOT NULL DEFAULT 0,
                rep_kind integer NOT NULL DEFAULT 0,
                rep_skilled integer NOT NULL DEFAULT 0,
                rep_helpful integer NOT NULL DEFAULT 0,
                sesac integer NOT NULL DEFAULT 0,
                background integer NOT NULL DEFAULT 0,
                reported_num integer NOT NULL DEFAULT 0,
                dodge_penalty_until bigint,
                dodge_num integer NOT NULL DEFAULT 0,
                age_min integer NOT NULL DEFAULT 18,
                age_max integer NOT NULL DEFAULT 65,
                searchable boolean NOT NULL DEFAULT true,
                created_at bigint NOT NULL,
                penalty_event_due bigint,
                -- The id of the user's latest event. Every event recorded for a user updates this
                -- row, so two transactions telling the same user something conflict and one is
                -- retried: a user's events commit in id order (see PGEventRows).
                last_event_id bigint NOT NULL DEFAULT 0
            );
            CREATE TABLE slp.user_items (
                user_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                kind text NOT NULL CHECK (kind IN ('sesac', 'background')),
                item integer NOT NULL,
                PRIMARY KEY (user_id, kind, item)
            );
            CREATE TABLE slp.review_comments (
                id bigserial PRIMARY KEY,
                user_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                comment text NOT NULL
            );
            CREATE INDEX review_comments_by_user ON slp.review_comments(user_id, id);
            -- One row per waiting user; `cell` is `SpatialGrid`'s, so a search reads the same
            -- candidate cells as on SQLite, and the study keys (`StudyKeys`) are a JSON array instead of rows.
            CREATE TABLE slp.queue (
                user_id bigint PRIMARY KEY REFERENCES slp.users(id) ON DELETE CASCADE,
                cell bigint NOT NULL,
                lat double precision NOT NULL,
                long double precision NOT NULL,
                traits bigint NOT NULL,
                card text NOT NULL,
                uid text NOT NULL,
                studies text NOT NULL,
                study_keys jsonb NOT NULL,
                entered_at bigint NOT NULL
            );
            CREATE INDEX queue_by_cell ON slp.queue(cell);
            CREATE TABLE slp.requests (
                from_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                to_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                created_at bigint NOT NULL,
                PRIMARY KEY (from_id, to_id)
            );
            CREATE INDEX requests_to ON slp.requests(to_id, from_id);
            CREATE TABLE slp.reports (
                reporter_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                reported_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                reason text NOT NULL,
                comment text NOT NULL,
                created_at bigint NOT NULL,
                PRIMARY KEY (reporter_id, reported_id)
            );
            CREATE INDEX reports_reported ON slp.reports(reported_id, reporter_id);
            CREATE TABLE slp.seed_state (
                id integer PRIMARY KEY CHECK (id = 1),
                drawn bigint NOT NULL
            );
            CREATE TABLE slp.matches (
                id bigserial PRIMARY KEY,
                created_at bigint NOT NULL,
                ended_at bigint
            );
            -- The partial unique index is the database's own guarantee that nobody is ever in two
            -- current matches, whatever hosts race.
            CREATE TABLE slp.match_members (
                match_id bigint NOT NULL REFERENCES slp.matches(id) ON DELETE CASCADE,
                user_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                partner_id bigint REFERENCES slp.users(id) ON DELETE SET NULL,
                partner_uid text NOT NULL,
                ending text CHECK (ending IN ('dodged', 'reviewed')),
                reviewed_partner boolean NOT NULL DEFAULT false,
                is_current boolean NOT NULL DEFAULT true,
                PRIMARY KEY (match_id, user_id)
            );
            CREATE UNIQUE INDEX match_members_current ON slp.match_members(user_id) WHERE is_current;
            CREATE INDEX match_members_by_user ON slp.match_members(user_id, match_id);
            CREATE INDEX match_members_by_partner ON slp.match_members(partner_id);
            CREATE TABLE slp.messages (
                match_id bigint NOT NULL REFERENCES slp.matches(id) ON DELETE CASCADE,
                seq bigint NOT NULL,
                from_uid text NOT NULL,
                to_uid text NOT NULL,
                chat text NOT NULL,
                created_at bigint NOT NULL,
                PRIMARY KEY (match_id, seq),
                UNIQUE (match_id, created_at)
            );
            CREATE TABLE slp.events (
                id bigint PRIMARY KEY,
                user_id bigint NOT NULL REFERENCES slp.users(id) ON DELETE CASCADE,
                type text NOT NULL CHECK (type IN ('request', 'matched', 'dodged', 'reviewed', 'message', 'penalty_over')),
                created_at bigint NOT NULL,
                other_uid text,
                other_nick text,
                distance integer,
                titles text,
                message_id text,
                chat text
            );
            CREATE SEQUENCE slp.event_ids OWNED BY slp.events.id;
            CREATE INDEX events_by_user ON slp.events(user_id, id);
            """),
        // Uids and phone numbers compare as bytes: they are identifiers, and bulk loads sort
        // and index them faster than under a language's collation.
        //
        // A search reads what it needs of the queue from one index in cell order, without
        // visiting the table (an index-only scan, SQLite's queue being a table in cell order):
        // neighbours share pages. Index entries have a size limit, so the rare rows with huge
        // cards (long combining sequences) have an index of their own and are read from the table.
        (2, """
            ALTER TABLE slp.users ALTER COLUMN uid TYPE text COLLATE "C", ALTER COLUMN phone TYPE text COLLATE "C";
            CREATE INDEX queue_nearby ON slp.queue (cell) INCLUDE (user_id, lat, long, traits, uid, card, study_keys)
                WHERE \(compactQueueRow);
            CREATE INDEX queue_nearby_large ON slp.queue (cell) WHERE NOT (\(compactQueueRow));
            DROP INDEX slp.queue_by_cell;
            """),
        // How often a user was reported is counted from the reports themselves (as on SQLite).
        (3, """
            ALTER TABLE slp.users DROP COLUMN reported_num;
            """),
        // The API: push tokens and the service's secrets (as on SQLite).
        (4, """
            ALTER TABLE slp.users ADD COLUMN fcm_token text NOT NULL DEFAULT '';
            CREATE TABLE slp.secrets (
                name text COLLATE "C" PRIMARY KEY,
                value text NOT NULL
            );
            """),
        // Sanctions stay with the phone number (as on SQLite).
        (5, """
            ALTER TABLE slp.users ADD COLUMN report_ban boolean NOT NULL DEFAULT false;
            CREATE TABLE slp.sanctions (
                phone_key text COLLATE "C" PRIMARY KEY,
                report_ban boolean NOT NULL,
                dodge_penalty_until bigint,
                dodge_num integer NOT NULL
            );
            """),
        // Where the API shows each waiting person (as on SQLite), and the indexes the API's
        // searches read, by the cell of that point. People waiting before get theirs in the
        // rebuild that follows.
        (6, """
            ALTER TABLE slp.queue ADD COLUMN shift bigint NOT NULL DEFAULT -1,
                ADD COLUMN shown_cell bigint NOT NULL DEFAULT -1,
                ADD COLUMN shown_lat double precision NOT NULL DEFAULT 0,
                ADD COLUMN shown_long double precision NOT NULL DEFAULT 0;
            CREATE INDEX queue_shown ON slp.queue (shown_cell) INCLUDE (user_id, shown_lat, shown_long, traits, uid, card, study_keys)
                WHERE \(compactQueueRow);
            CREATE INDEX queue_shown_large ON slp.queue (shown_cell) WHERE NOT (\(compactQueueRow));
            """),
        // The transaction that wrote each event: ids are drawn before commit, so they do not
        // follow commit order across users; the realtime hub reads everyone's events from the
        // oldest transaction its last read could not see (`eventsCommitted(since:)`).
        (7, """
            ALTER TABLE slp.events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
            CREATE INDEX events_by_xid ON slp.events (xid);
            """),
        // The penalties whose end is due to be told (as on SQLite).
        (8, """
            CREATE INDEX users_penalty_due ON slp.users (penalty_event_due) WHERE penalty_event_due IS NOT NULL;
            """),
    ]

    /// The migrations after which the queue's rows are written anew (`Migration.rebuildsQueueRows`).
    static let rebuildsQueueRows: Set<Int> = [6]

    /// Queue rows small enough to be copied into the index `queue_nearby`.
    static let compactQueueRow = "octet_length(card) + octet_length(study_keys::text) <= 2000"

    static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the schema to `currentVersion`. Processes starting together on an empty database
    /// take turns on an advisory lock, so exactly one creates and the others find it made.
    static func prepare(_ connection: PGConnection, creating: Bool = true) throws {
        let seen = try version(connection)
        if seen == currentVersion { return }
        // Only a command that may create the service makes the schema; any other finds none.
        if seen == 0 && !creating { throw PGSchemaError.missing(target: connection.target) }
        try connection.execute("SELECT pg_advisory_lock(hashtext('slp schema'))")
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock(hashtext('slp schema'))") }
        let found = try version(connection)
        if found == 0 && !creating { throw PGSchemaError.missing(target: connection.target) }
        guard found < currentVersion else {
            if found > currentVersion { throw PGSchemaError.newer(target: connection.target, found: found, known: currentVersion) }
            return
        }
        for migration in migrations where migration.version > found {
            try connection.execute("BEGIN")
            do {
                if migration.version == 1 {
                    try connection.execute("CREATE SCHEMA slp")
                    try connection.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
                    try connection.execute("INSERT INTO slp.meta VALUES ($1, 0)", [application])
                }
                try connection.executeScript(migration.sql)
                // With the last migration, as this version lays the rows out.
                let rebuilds = migrations.contains { $0.version > found && rebuildsQueueRows.contains($0.version) }
                if migration.version == currentVersion, rebuilds {
                    try SQLTransaction(connection, search: PGQueueSearch()).rebuildQueueRows()
                }
                try connection.execute("UPDATE slp.meta SET version = $1", [migration.version])
                try connection.execute("COMMIT")
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The version of slp's schema: 0 when there is no schema `slp`; refused when there is one
    /// that is not slp's.
    private static func version(_ connection: PGConnection) throws -> Int {
        let found = try connection.execute("""
            SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'slp'), to_regclass('slp.meta') IS NOT NULL
            """)
        guard found.text(0, 0) == "t" else { return 0 }
        guard found.text(0, 1) == "t" else { throw PGSchemaError.foreign(target: connection.target) }
        let rows = try connection.execute("SELECT application, version FROM slp.meta")
        guard rows.rowCount == 1, rows.text(0, 0) == application, let version = rows.text(0, 1).flatMap({ Int($0) }) else {
            throw PGSchemaError.foreign(target: connection.target)
        }
        return version
    }
}

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
