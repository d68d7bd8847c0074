-- What a server's admins chose for the whole server (/plateau settings): one row per guild,
-- a column per setting, NULL where the bot decides by itself.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT                       -- the public posts' language of its new games
);
