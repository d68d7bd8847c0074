-- Games, their seats, and the append-only log of every action.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,        -- where the game lives: its thread, or the channel
    origin_channel_id INTEGER NOT NULL, -- where /new was typed
    host_id INTEGER NOT NULL,
    status TEXT NOT NULL,               -- lobby, running, over, cancelled
    config TEXT NOT NULL,               -- JSON
    state TEXT,                         -- JSON engine snapshot (with its schema version)
    meta TEXT NOT NULL,                 -- JSON table data: seats, names, timers, options
    version INTEGER NOT NULL,           -- optimistic concurrency
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX games_channel ON games (channel_id, status);
CREATE INDEX games_origin ON games (origin_channel_id, status);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,                 -- 1, 2, ... within the game
    user_id INTEGER,
    seat TEXT,
    action TEXT NOT NULL,
    rolls TEXT NOT NULL,                -- JSON [[draw, die, value], ...]
    at REAL NOT NULL,
    UNIQUE (game_id, n)
);

-- The log is append-only: its triggers are migration 004, one file per dialect.

CREATE TABLE users (
    user_id INTEGER PRIMARY KEY,
    locale TEXT NOT NULL
);
