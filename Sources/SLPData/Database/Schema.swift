import Foundation

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
    ]

    /// The newest version this binary knows.
    static var currentVersion: Int { migrations.last?.version ?? 0 }
}
