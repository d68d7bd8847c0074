-- The shard count (PLATEAU_SHARD_COUNT, 1 unsharded) the bot processes on this database run
-- with: one row, written by the first process to claim its shards, rewritten only while no
-- process holds a claim (bot.storage SqlStorage.take_count).
CREATE TABLE shard_count (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    shards INTEGER NOT NULL
);
