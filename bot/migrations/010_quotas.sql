-- A server's quotas (/plateau settings), NULL where the bot's default holds (README):
-- open lobbies a member hosts, running games a member sits in, open lobbies of one game
-- kind in one channel.
ALTER TABLE guild_settings ADD COLUMN member_lobbies INTEGER;
ALTER TABLE guild_settings ADD COLUMN member_games INTEGER;
ALTER TABLE guild_settings ADD COLUMN channel_lobbies INTEGER;
CREATE INDEX games_host ON games (host_id, status);
