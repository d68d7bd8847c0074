-- The action log is append-only against every statement: an INSERT OR REPLACE, a REPLACE
-- or an upsert on a row that exists would delete it (SQLite's REPLACE fires no DELETE
-- trigger) or update it. Refused before the insert, whatever its conflict clause says.
CREATE TRIGGER actions_no_replace BEFORE INSERT ON actions
WHEN EXISTS (SELECT 1 FROM actions WHERE (game_id = NEW.game_id AND n = NEW.n) OR id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
