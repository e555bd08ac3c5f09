/// The steps that made SQLite's tables one by one, which PostgreSQL's first migration made at
/// once (`initial`).
extension Schema {
    /// The queue is stored for search: each waiting user's row is a self-contained search
    /// document clustered by grid cell, so a radius query reads a few contiguous key ranges.
    static let queueAndRequests = Migration(
        sqlite: .sql("""
            CREATE TABLE queue (
                cell INTEGER NOT NULL,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                lat REAL NOT NULL,
                long REAL NOT NULL,
                gender INTEGER NOT NULL,
                birth_day INTEGER NOT NULL,
                age_min INTEGER NOT NULL,
                age_max INTEGER NOT NULL,
                searchable INTEGER NOT NULL,
                uid TEXT NOT NULL,
                nick TEXT NOT NULL,
                reputation TEXT NOT NULL,
                reviews TEXT NOT NULL,
                sesac INTEGER NOT NULL,
                background INTEGER NOT NULL,
                studies TEXT NOT NULL,
                study_keys TEXT NOT NULL,
                entered_at INTEGER NOT NULL,
                PRIMARY KEY (cell, user_id)
            ) STRICT, WITHOUT ROWID;
            CREATE UNIQUE INDEX queue_by_user ON queue(user_id);
            CREATE TABLE queue_studies (
                study TEXT NOT NULL,
                cell INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                PRIMARY KEY (study, cell, user_id)
            ) STRICT, WITHOUT ROWID;
            -- A queue row owns its study rows: however it goes (leave, refresh, withdrawal), they go too.
            -- (Cheaper than a foreign key, which would need a second index on 4.5 study rows per user.)
            CREATE TRIGGER queue_studies_follow_queue AFTER DELETE ON queue BEGIN
                DELETE FROM queue_studies
                WHERE study IN (SELECT value FROM json_each(old.study_keys)) AND cell = old.cell AND user_id = old.user_id;
            END;
            CREATE TABLE requests (
                from_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                to_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (from_id, to_id)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX requests_to ON requests(to_id, from_id);
            CREATE TABLE reports (
                reporter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                reported_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                reason TEXT NOT NULL,
                comment TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (reporter_id, reported_id)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX reports_reported ON reports(reported_id, reporter_id);
            -- How many synthetic people `slp seed` has drawn, so the next run numbers on after them.
            CREATE TABLE seed_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                drawn INTEGER NOT NULL
            ) STRICT;
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL's first migration made the queue (a row per user, the study keys a JSON array instead of rows), requests, reports and seed_state"))

    /// Matches: each member has a row; the partial unique index is the storage's own
    /// guarantee that nobody is ever in two current matches, whatever processes race.
    static let matches = Migration(
        sqlite: .sql("""
            CREATE TABLE matches (
                id INTEGER PRIMARY KEY,
                created_at INTEGER NOT NULL,
                ended_at INTEGER
            ) STRICT;
            CREATE TABLE match_members (
                match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                partner_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                partner_uid TEXT NOT NULL,
                ending TEXT CHECK (ending IN ('dodged', 'reviewed')),
                reviewed_partner INTEGER NOT NULL DEFAULT 0,
                is_current INTEGER NOT NULL DEFAULT 1,
                PRIMARY KEY (match_id, user_id)
            ) STRICT, WITHOUT ROWID;
            CREATE UNIQUE INDEX match_members_current ON match_members(user_id) WHERE is_current = 1;
            CREATE INDEX match_members_by_user ON match_members(user_id, match_id);
            CREATE INDEX match_members_by_partner ON match_members(partner_id);
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL's first migration made matches and their members"))

    /// Conversations: a match's messages in order. (match_id, seq) orders them; the unique
    /// (match_id, created_at) index makes times strictly increasing, so paging by time is exact.
    /// Uids are kept as text so a withdrawn partner's messages stay with the other member.
    static let messages = Migration(
        sqlite: .sql("""
            CREATE TABLE messages (
                match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL,
                from_uid TEXT NOT NULL,
                to_uid TEXT NOT NULL,
                chat TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (match_id, seq)
            ) STRICT, WITHOUT ROWID;
            CREATE UNIQUE INDEX messages_by_time ON messages(match_id, created_at);
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL's first migration made messages"))

    /// Search reads every column of every row it scans, and SQLite's cost per row grows with
    /// the columns: the person rules' inputs become one `traits` integer and the card one
    /// `card` text (`QueueTraits`, `QueueCard`), written by the rebuild that follows.
    static let packedQueueDocuments = Migration(
        sqlite: .sql("""
            DROP TRIGGER queue_studies_follow_queue;
            DROP VIEW IF EXISTS queue_documents;
            CREATE TABLE queue_v5 (
                cell INTEGER NOT NULL,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                lat REAL NOT NULL,
                long REAL NOT NULL,
                traits INTEGER NOT NULL,
                card TEXT NOT NULL,
                uid TEXT NOT NULL,
                studies TEXT NOT NULL,
                study_keys TEXT NOT NULL,
                entered_at INTEGER NOT NULL,
                PRIMARY KEY (cell, user_id)
            ) STRICT, WITHOUT ROWID;
            INSERT INTO queue_v5
                SELECT cell, user_id, lat, long, 0, '', uid, studies, study_keys, entered_at FROM queue;
            DROP TABLE queue;
            ALTER TABLE queue_v5 RENAME TO queue;
            CREATE UNIQUE INDEX queue_by_user ON queue(user_id);
            CREATE TRIGGER queue_studies_follow_queue AFTER DELETE ON queue BEGIN
                DELETE FROM queue_studies
                WHERE study IN (SELECT value FROM json_each(old.study_keys)) AND cell = old.cell AND user_id = old.user_id;
            END;
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL's first migration made the queue with traits and card"),
        rebuildsQueueRows: true)

    /// A study search read each candidate's document from `queue` by key, one B-tree seek
    /// per candidate; the study rows now carry a copy of the document (a trigger keeps it
    /// current), so a study search reads contiguous rows only.
    static let studyRowDocuments = Migration(
        sqlite: .sql("""
            DROP TRIGGER queue_studies_follow_queue;
            CREATE TABLE queue_studies_v6 (
                study TEXT NOT NULL,
                cell INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                lat REAL NOT NULL,
                long REAL NOT NULL,
                traits INTEGER NOT NULL,
                card TEXT NOT NULL,
                PRIMARY KEY (study, cell, user_id)
            ) STRICT, WITHOUT ROWID;
            INSERT INTO queue_studies_v6
                SELECT s.study, s.cell, s.user_id, q.lat, q.long, q.traits, q.card
                FROM queue_studies s JOIN queue q ON q.cell = s.cell AND q.user_id = s.user_id;
            DROP TABLE queue_studies;
            ALTER TABLE queue_studies_v6 RENAME TO queue_studies;
            CREATE TRIGGER queue_studies_follow_queue AFTER DELETE ON queue BEGIN
                DELETE FROM queue_studies
                WHERE study IN (SELECT value FROM json_each(old.study_keys)) AND cell = old.cell AND user_id = old.user_id;
            END;
            CREATE TRIGGER queue_studies_follow_document AFTER UPDATE OF traits, card ON queue BEGIN
                UPDATE queue_studies SET traits = new.traits, card = new.card
                WHERE study IN (SELECT value FROM json_each(new.study_keys)) AND cell = new.cell AND user_id = new.user_id;
            END;
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL keeps no study rows: its searches test each queue row's study keys"))

    /// Every process parses the whole schema when it first reads: no view that only migrations used.
    static let noQueueDocumentsView = Migration(
        sqlite: .sql("""
            DROP VIEW IF EXISTS queue_documents;
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL never had the view"))

    /// Events (SLP's pushes), written in the transaction of the change that causes them: an
    /// outbox per user. AUTOINCREMENT: ids follow commit order (writers take turns) and are
    /// never reused after pruning, so `events --since ID` resumes exactly.
    static let events = Migration(
        sqlite: .sql("""
            CREATE TABLE events (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                type TEXT NOT NULL CHECK (type IN ('request', 'matched', 'dodged', 'reviewed', 'message', 'penalty_over')),
                created_at INTEGER NOT NULL,
                other_uid TEXT,
                other_nick TEXT,
                distance INTEGER,
                titles TEXT,
                message_id TEXT,
                chat TEXT
            ) STRICT;
            CREATE INDEX events_by_user ON events(user_id, id);
            -- When a penalty's end is still to be told (penalty_over): set by a penalised dodge,
            -- cleared when the event is recorded, by the first reader that finds the end passed.
            ALTER TABLE users ADD COLUMN penalty_event_due INTEGER;
            """),
        postgreSQL: .notNeeded(because: "PostgreSQL's first migration made events (ids from a sequence, see eventTransactions) and users.penalty_event_due"))
}
