-- The admin SQL query runner: a server-side history (who ran what, when, how long, how many rows, which error),
-- and a role without write privileges that the runner's read-only transactions switch to.

CREATE TABLE query_history (
  id bigserial PRIMARY KEY,
  admin_id uuid REFERENCES admin_users (id) ON DELETE SET NULL,
  admin_name text,
  kind text NOT NULL CHECK (kind IN ('query', 'explain', 'export')),
  query text NOT NULL,
  is_read_only boolean NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL,
  row_count bigint,
  error text
);
CREATE INDEX query_history_started_at_idx ON query_history (started_at DESC);

-- Only where the migrating user may create roles (CREATEROLE or superuser); elsewhere the read-only path relies on
-- READ ONLY transactions alone. The role is cluster-wide, so another database may have made it already.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'guildhall_readonly') THEN
        CREATE ROLE guildhall_readonly NOLOGIN;
      END IF;
      -- A superuser may SET ROLE to any role; anyone else needs the membership.
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
        EXECUTE format('GRANT guildhall_readonly TO %I', current_user);
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO guildhall_readonly', current_database());
    GRANT USAGE ON SCHEMA public TO guildhall_readonly;
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO guildhall_readonly;
    GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO guildhall_readonly;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO guildhall_readonly;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON SEQUENCES TO guildhall_readonly;
  END IF;
END
$$;
