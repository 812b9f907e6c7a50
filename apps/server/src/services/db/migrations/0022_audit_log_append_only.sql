-- audit_log is append-only (issue 25): no UPDATE, DELETE or TRUNCATE, from the app or through the SQL runner with
-- writes allowed. Nothing in the app changes or removes audit records (no retention job), so there is no bypass:
-- a statement run through the runner could use any bypass the app had. The table's owner can still drop the
-- trigger; the runner refuses statements naming audit_log other than reads (statement-audit.ts), and a deployment
-- that wants a hard guarantee makes another role the table's owner and grants the app SELECT and INSERT only.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Where the app's role is not the owner, it keeps SELECT and INSERT only.
DO $$
BEGIN
  REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;
  IF NOT EXISTS (
    SELECT 1 FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE c.oid = 'audit_log'::regclass AND r.rolname = current_user
  ) THEN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'audit_log privileges not revoked: %', SQLERRM;
END
$$;
