extension Schema {
    /// The first tables. SQLite's first step made the users alone, and each step after it made
    /// more; PostgreSQL's, written later, makes at once what SQLite's first eight made, in the
    /// schema `slp`, with the same meaning per column (times in unix milliseconds, the queue card
    /// and traits in the formats of `QueueCard` and `QueueTraits`); what differs is said where it is.
    static let initial = Migration(
        sqlite: .sql("""
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                phone TEXT NOT NULL UNIQUE,
                email TEXT NOT NULL,
                nick TEXT NOT NULL,
                birth TEXT NOT NULL,
                gender INTEGER NOT NULL CHECK (gender IN (0, 1)),
                study TEXT NOT NULL DEFAULT '',
                rep_good_manners INTEGER NOT NULL DEFAULT 0,
                rep_punctual INTEGER NOT NULL DEFAULT 0,
                rep_quick_reply INTEGER NOT NULL DEFAULT 0,
                rep_kind INTEGER NOT NULL DEFAULT 0,
                rep_skilled INTEGER NOT NULL DEFAULT 0,
                rep_helpful INTEGER NOT NULL DEFAULT 0,
                sesac INTEGER NOT NULL DEFAULT 0,
                background INTEGER NOT NULL DEFAULT 0,
                reported_num INTEGER NOT NULL DEFAULT 0,
                dodge_penalty_until INTEGER,
                dodge_num INTEGER NOT NULL DEFAULT 0,
                age_min INTEGER NOT NULL DEFAULT 18,
                age_max INTEGER NOT NULL DEFAULT 65,
                searchable INTEGER NOT NULL DEFAULT 1,
                created_at INTEGER NOT NULL
            ) STRICT;
            CREATE TABLE user_items (
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('sesac', 'background')),
                item INTEGER NOT NULL,
                PRIMARY KEY (user_id, kind, item)
            ) STRICT, WITHOUT ROWID;
            CREATE TABLE review_comments (
                id INTEGER PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                comment TEXT NOT NULL
            ) STRICT;
            CREATE INDEX review_comments_by_user ON review_comments(user_id, id);
            """),
        postgreSQL: .sql("""
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
                -- retried: a user's events commit in id order (see PGConnection.insertEvent).
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
            """))
}
