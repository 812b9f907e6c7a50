import type { Queryable } from './db';

/**
 * What the SQL runner's read-only role may not read, even where it reads the rest of a table: the whole of
 * app_meta (the generated community token secret), and every column that holds a credential or a secret's
 * ciphertext: password and token hashes, invite codes' and OAuth states' hashes, sealed Discord tokens, guild
 * settings' encrypted secrets and their history, and the mail outbox's texts (live reset and verification links).
 * Columns are matched by name, so a later table's password_hash or *_secret is hidden without another rule.
 */
export const READONLY_HIDDEN_TABLES = ['app_meta'];
export const READONLY_HIDDEN_COLUMNS = ['mail_outbox.text', 'mail_outbox.html', 'guild_setting_versions.overrides'];
export const READONLY_HIDDEN_COLUMN_PATTERN = '(password_hash|secret|sealed|_hash$|^hash$|totp|recovery_code)';

/**
 * Grants the read-only role SELECT on every table and view of the public schema this role owns, each column but
 * the hidden ones (a table with a hidden column gets a column-level grant, so `SELECT *` there is refused while
 * its other columns stay readable), and sequences. Run by migrate() after every set of migrations; a no-op where
 * the role does not exist. Table grants are per database, under the migration lock.
 */
const GRANTS_SQL = `
DO $grants$
DECLARE
  t record;
  allowed text;
  hidden integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'guildhall_readonly') THEN
    RETURN;
  END IF;
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND pg_has_role(c.relowner, 'USAGE')
  LOOP
    EXECUTE format('REVOKE ALL ON TABLE public.%I FROM guildhall_readonly', t.relname);
    CONTINUE WHEN t.relname = ANY(%TABLES%);
    SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE NOT h.is_hidden),
           count(*) FILTER (WHERE h.is_hidden)
      INTO allowed, hidden
      FROM pg_attribute a
      CROSS JOIN LATERAL (SELECT a.attname ~* %PATTERN% OR (t.relname || '.' || a.attname) = ANY(%COLUMNS%) AS is_hidden) h
     WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped;
    IF hidden = 0 THEN
      EXECUTE format('GRANT SELECT ON TABLE public.%I TO guildhall_readonly', t.relname);
    ELSIF allowed IS NOT NULL THEN
      EXECUTE format('GRANT SELECT (%s) ON TABLE public.%I TO guildhall_readonly', allowed, t.relname);
    END IF;
  END LOOP;
  GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO guildhall_readonly;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'read-only grants not made: %', SQLERRM;
END
$grants$`;

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlArray = (values: string[]) => `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;

/** The grants as one script (its lists written in, since a DO block takes no parameters). */
export const READONLY_GRANTS_SQL = GRANTS_SQL.replace('%TABLES%', sqlArray(READONLY_HIDDEN_TABLES))
  .replace('%PATTERN%', sqlText(READONLY_HIDDEN_COLUMN_PATTERN))
  .replace('%COLUMNS%', sqlArray(READONLY_HIDDEN_COLUMNS));

/** (Re)makes the read-only role's SELECT grants; see READONLY_GRANTS_SQL. */
export async function grantReadonlySelect(tx: Queryable): Promise<void> {
  await tx.exec(READONLY_GRANTS_SQL);
}
