-- Messages edited in place (a game's lobby, an army builder): where each slot's message is,
-- per recipient (a channel id for channel posts, a user id for direct messages), so that
-- edits go on after a restart.
CREATE TABLE posts (
    recipient INTEGER NOT NULL,
    slot TEXT NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (recipient, slot)
);
