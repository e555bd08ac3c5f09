
/// slp's schema as a list of migrations.
enum Schema {
    /// Written to the file header: this is how a file is recognised as slp's ("SLP1").
    static let applicationID: Int32 = 0x534C_5031

    static let migrations: [Migration] = [
        Migration(version: 1, sql: """
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
        // The queue is stored for search: each waiting user's row is a self-contained search
        // document clustered by grid cell, so a radius query reads a few contiguous key ranges.
        Migration(version: 2, sql: """
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
        // Matches: each member has a row; the partial unique index is the storage's own
        // guarantee that nobody is ever in two current matches, whatever processes race.
        Migration(version: 3, sql: """
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
        // Conversations: a match's messages in order. (match_id, seq) orders them; the unique
        // (match_id, created_at) index makes times strictly increasing, so paging by time is exact.
        // Uids are kept as text so a withdrawn partner's messages stay with the other member.
        Migration(version: 4, sql: """
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
        // Search reads every column of every row it scans, and SQLite's cost per row grows with
        // the columns: the person rules' inputs become one `traits` integer and the card one
        // `card` text (`QueueTraits`, `QueueCard`), written by the rebuild that follows.
        Migration(version: 5, sql: """
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
            """, rebuildsQueueRows: true),
        // A study search read each candidate's document from `queue` by key, one B-tree seek
        // per candidate; the study rows now carry a copy of the document (a trigger keeps it
        // current), so a study search reads contiguous rows only.
        Migration(version: 6, sql: """
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
        // Every process parses the whole schema when it first reads: no view that only migrations used.
        Migration(version: 7, sql: """
            DROP VIEW IF EXISTS queue_documents;
            """),
        // Events (SLP's pushes), written in the transaction of the change that causes them: an
        // outbox per user. AUTOINCREMENT: ids follow commit order (writers take turns) and are
        // never reused after pruning, so `events --since ID` resumes exactly.
        Migration(version: 8, sql: """
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
        // How often a user was reported is counted from the reports themselves: a reporter who
        // withdraws takes their reports along, and they stop counting.
        Migration(version: 9, sql: """
            ALTER TABLE users DROP COLUMN reported_num;
            """),
        // The API (issue 30): where each user's app receives pushes (SLP's `FCMtoken`), and the
        // service's own secrets, such as the key that signs `slp token`'s tokens (hex text, made
        // once by the first process that needs it).
        Migration(version: 10, sql: """
            ALTER TABLE users ADD COLUMN fcm_token TEXT NOT NULL DEFAULT '';
            CREATE TABLE secrets (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) STRICT, WITHOUT ROWID;
            """),
        // Sanctions stay with the phone number (issue 38): a withdrawn account leaves its report
        // ban, dodge penalty and dodge count under a keyed hash of its number (`PhoneKey`), and
        // the same number registering again starts under them; a report ban so carried is the
        // user's own column, as the reports behind it are gone.
        Migration(version: 11, sql: """
            ALTER TABLE users ADD COLUMN report_ban INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE sanctions (
                phone_key TEXT PRIMARY KEY,
                report_ban INTEGER NOT NULL,
                dodge_penalty_until INTEGER,
                dodge_num INTEGER NOT NULL
            ) STRICT, WITHOUT ROWID;
            """),
        // Where the API shows each waiting person (issue 38): the displacement drawn as they
        // entered, kept while they wait (`QueueShift`), copied into the study rows; and the point
        // it gives, with its cell, in an index of its own that holds what a search reads, so that
        // the API's searches read the cells around where people are shown, as the command line's
        // read those around where they are. People waiting before get theirs in the rebuild that
        // follows.
        Migration(version: 12, sql: """
            ALTER TABLE queue ADD COLUMN shift INTEGER NOT NULL DEFAULT -1;
            ALTER TABLE queue ADD COLUMN shown_cell INTEGER NOT NULL DEFAULT -1;
            ALTER TABLE queue ADD COLUMN shown_lat REAL NOT NULL DEFAULT 0;
            ALTER TABLE queue ADD COLUMN shown_long REAL NOT NULL DEFAULT 0;
            CREATE INDEX queue_shown ON queue(shown_cell, shown_lat, shown_long, traits, card);
            ALTER TABLE queue_studies ADD COLUMN shift INTEGER NOT NULL DEFAULT -1;
            """, rebuildsQueueRows: true),
        // The realtime hub tells everyone whose penalty has run out, once a second: the few
        // with a notice due, by when.
        Migration(version: 13, sql: """
            CREATE INDEX users_penalty_due ON users(penalty_event_due) WHERE penalty_event_due IS NOT NULL;
            """),
    ]

    /// The newest version this binary knows.
    static var currentVersion: Int { migrations.last?.version ?? 0 }
}
