-- Tournaments (issue 35): a server's Swiss, round robin or arena, its entrants, and its
-- games round by round (bot/tournaments/model.py says what each field means).
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    kind TEXT NOT NULL,                 -- the game: loa, loka, chess...
    format TEXT NOT NULL,               -- swiss, round-robin, arena
    rounds INTEGER NOT NULL,
    clock TEXT,                         -- every game's clock, as /<kind> new takes it
    options TEXT NOT NULL,              -- the variant options, as /<kind> new takes them
    starts_at REAL,
    organizer_id INTEGER NOT NULL,
    status TEXT NOT NULL,               -- signup, running, paused, finished, cancelled
    table_size INTEGER NOT NULL,        -- players per game
    round INTEGER NOT NULL,             -- the current round, 0 before the start
    arena_ends_at REAL,
    message_id INTEGER,                 -- the sign-up post
    thread_id INTEGER,
    created_at REAL NOT NULL
);
-- What a restart resumes.
CREATE INDEX tournaments_live ON tournaments (created_at)
    WHERE status IN ('signup', 'running', 'paused');

CREATE TABLE tournament_entrants (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL,           -- a computer player's id is negative
    n INTEGER NOT NULL,                 -- the order of sign-up: 0, 1, ...
    name TEXT NOT NULL,
    joined_round INTEGER NOT NULL,
    withdrawn_round INTEGER,
    computer TEXT,                      -- a computer player's level
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    seats TEXT NOT NULL,                -- JSON list of user ids, in seat order
    game_id TEXT,                       -- the table game (NULL: a bye, or not open yet)
    points TEXT,                        -- JSON list per seat (NULL: not finished)
    places TEXT,                        -- JSON list per seat, 1 = first (NULL: none)
    awarded INTEGER NOT NULL,           -- 1: the organizer awarded it
    PRIMARY KEY (tournament_id, round, table_no)
);
-- Which tournament game a table game is.
CREATE UNIQUE INDEX tournament_games_game ON tournament_games (game_id) WHERE game_id IS NOT NULL;
