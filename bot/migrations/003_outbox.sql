-- The transactional outbox: what a change owes players (posts, DMs, edits of slot messages),
-- written in the same transaction as that change and deleted once sent, so that a restart
-- sends what a crash left unsent.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL,
    created_at REAL NOT NULL,
    nonce TEXT NOT NULL,                -- the same on every try: Discord drops a repeat
    delivery TEXT NOT NULL              -- JSON: the Delivery without its files' bytes
);

CREATE TABLE outbox_files (
    outbox_id INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    name TEXT NOT NULL,
    data BLOB NOT NULL,                 -- a rendered PNG, tens of KB
    PRIMARY KEY (outbox_id, n)
);
