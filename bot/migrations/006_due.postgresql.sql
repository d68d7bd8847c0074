-- When an unfinished game next has something to do by itself (a decision's deadline, its
-- clock's next wake-up: the earlier of meta's "deadline" and "wake"), so the time-out tick
-- reads the games that are due and not every unfinished one. Written by every save.
ALTER TABLE games ADD COLUMN due DOUBLE PRECISION;
UPDATE games SET due = LEAST(
    (meta::jsonb ->> 'deadline')::double precision, (meta::jsonb ->> 'wake')::double precision
) WHERE status IN ('lobby', 'running');
CREATE INDEX games_due ON games (due) WHERE due IS NOT NULL;
