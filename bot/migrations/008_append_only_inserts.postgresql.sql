-- Nothing to add on PostgreSQL: it has no REPLACE, and an upsert's DO UPDATE fires the
-- log's BEFORE UPDATE trigger (004), which refuses it. (SQLite's 008 closes its REPLACE.)
SELECT 1;
