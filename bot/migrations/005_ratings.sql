-- Ratings (openskill's Weng-Lin model, bot/ratings.py) per server, game family and person,
-- and each rated game's result per person (the profile's history). Both are written in the
-- transaction that saves the game's end: a rating never moves without its game.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    family TEXT NOT NULL,               -- a game kind and its variant family: loka-4, loa...
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,                 -- the name last shown at a rated game's table
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, family, user_id)
);

CREATE TABLE results (
    game_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    family TEXT NOT NULL,
    place INTEGER NOT NULL,             -- 1 the winners (everyone in a draw), 2 the others
    mu REAL NOT NULL,                   -- the rating after this game
    sigma REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX results_by_person ON results (guild_id, user_id, at);
