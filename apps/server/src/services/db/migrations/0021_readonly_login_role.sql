-- The SQL runner's read-only statements sign in as guildhall_readonly on a connection of their own (issue 25):
-- SET ROLE, which 0006 used, can be undone by the statement itself (set_config('role', …) in a DO block), and the
-- app's own role may be a superuser. Here the role becomes a LOGIN role with no right beyond reading: no superuser,
-- no CREATEDB/CREATEROLE, no membership in any role (pg_read_server_files, pg_execute_server_program,
-- pg_signal_backend…). It is made only where the migrating user may (superuser or CREATEROLE), as in 0006; an
-- operator can make it instead (README). Roles are cluster-wide and several databases may migrate at once, so every
-- step is conditional and tolerates another database's migration doing it first. SELECT on the tables, without the
-- columns that hold credentials, is granted by migrate() after every set of migrations (readonly-grants.ts), so
-- later tables follow the same rule.
DO $$
DECLARE
  is_super boolean;
  may_create_roles boolean;
  membership record;
BEGIN
  SELECT rolsuper, rolsuper OR rolcreaterole INTO is_super, may_create_roles FROM pg_roles WHERE rolname = current_user;
  IF may_create_roles AND NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'guildhall_readonly') THEN
    BEGIN
      CREATE ROLE guildhall_readonly LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'guildhall_readonly') THEN
    RETURN;
  END IF;

  IF may_create_roles AND EXISTS (
    SELECT 1 FROM pg_roles WHERE rolname = 'guildhall_readonly'
      AND (NOT rolcanlogin OR rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls)
  ) THEN
    BEGIN
      IF is_super THEN
        ALTER ROLE guildhall_readonly LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
      ELSE
        ALTER ROLE guildhall_readonly LOGIN NOCREATEDB NOCREATEROLE;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      -- Not allowed, or another database's migration altered it at the same moment: the start-up check says
      -- whether the role is fit.
      RAISE NOTICE 'guildhall_readonly not altered: %', SQLERRM;
    END;
  END IF;

  IF may_create_roles THEN
    FOR membership IN
      SELECT g.rolname FROM pg_auth_members m
        JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
       WHERE u.rolname = 'guildhall_readonly'
    LOOP
      BEGIN
        EXECUTE format('REVOKE %I FROM guildhall_readonly', membership.rolname);
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'membership of guildhall_readonly in % not revoked: %', membership.rolname, SQLERRM;
      END;
    END LOOP;
  END IF;

  -- This database's grants: connect and see the public schema; SELECT follows (readonly-grants.ts).
  BEGIN
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO guildhall_readonly', current_database());
    GRANT USAGE ON SCHEMA public TO guildhall_readonly;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'guildhall_readonly not granted CONNECT and USAGE: %', SQLERRM;
  END;
  -- The app's role cancels a read-only statement past its timeout (pg_cancel_backend): a non-superuser needs to
  -- be a member of the role it signals.
  IF NOT is_super AND may_create_roles AND NOT pg_has_role(current_user, 'guildhall_readonly', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT guildhall_readonly TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'guildhall_readonly not granted to %: %', current_user, SQLERRM;
    END;
  END IF;
END
$$;
