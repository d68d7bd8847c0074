-- The action log is append-only: UPDATE, DELETE and TRUNCATE are refused.
CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the action log is append-only';
END
$$;
CREATE TRIGGER actions_no_change BEFORE UPDATE OR DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_append_only();
CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
    FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only();
