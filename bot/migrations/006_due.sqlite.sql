-- When an unfinished game next has something to do by itself (a decision's deadline, its
-- clock's next wake-up: the earlier of meta's "deadline" and "wake"), so the time-out tick
-- reads the games that are due and not every unfinished one. Written by every save.
ALTER TABLE games ADD COLUMN due REAL;
UPDATE games SET due = json_extract(meta, '$.deadline') WHERE status IN ('lobby', 'running');
UPDATE games SET due = json_extract(meta, '$.wake')
    WHERE status IN ('lobby', 'running') AND json_extract(meta, '$.wake') IS NOT NULL
    AND (due IS NULL OR json_extract(meta, '$.wake') < due);
CREATE INDEX games_due ON games (due) WHERE due IS NOT NULL;
