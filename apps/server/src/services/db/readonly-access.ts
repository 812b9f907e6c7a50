import { DATABASE_ACCESS_MESSAGES, type DatabaseAccess } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { READONLY_ROLE } from '../../config';
import type { Db } from './db';
import { createPostgresDb } from './postgres-db';

/**
 * The SQL runner's read-only side: a pool of its own that signs in as the read-only role (DATABASE_READONLY_URL,
 * by default DATABASE_URL as guildhall_readonly without a password), and what the check at start found. A role
 * that signs in cannot be undone by the statement (SET ROLE can: set_config('role', …) inside a DO block).
 */
export interface ReadonlyAccess {
  /** The read-only pool; null on PGlite. Used only while current().readOnlyRunner is 'login_role'. */
  readonly db: Db | null;
  current(): DatabaseAccess;
  /** Checks both connections (after migrations, which create the role) and says loudly what is unsafe. */
  check(main: Db): Promise<DatabaseAccess>;
  close(): Promise<void>;
}

/** Predefined roles that reach files, programs, other sessions or every table: the read-only role holds none. */
const SERVER_ROLES = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_signal_backend',
  'pg_read_all_data',
  'pg_write_all_data',
  'pg_checkpoint',
];

interface RoleFacts {
  name: string;
  is_superuser: boolean;
  is_privileged: boolean;
  server_roles: string[];
  can_write: boolean;
}

const ROLE_FACTS = `SELECT current_user AS name, r.rolsuper AS is_superuser,
    (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls) AS is_privileged,
    ARRAY(SELECT d.rolname::text FROM pg_roles d WHERE d.rolname = ANY($1::text[]) AND pg_has_role(current_user, d.oid, 'MEMBER')) AS server_roles,
    EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast%'
        AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
        AND has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')) AS can_write
  FROM pg_roles r WHERE r.rolname = current_user`;

/** What in the read-only role's rights makes it unfit, or null. */
function unfitness(facts: RoleFacts): string | null {
  if (facts.is_superuser) return 'is a superuser';
  if (facts.is_privileged) return 'may create roles or databases, replicate or bypass row security';
  if (facts.server_roles.length > 0) return `is a member of ${facts.server_roles.join(', ')}`;
  if (facts.can_write) return 'may write to tables';
  return null;
}

/** The read-only side for this configuration; PGlite has one embedded connection and no second pool. */
export function createReadonlyAccess(readonlyUrl: string | null, log: FastifyBaseLogger): ReadonlyAccess {
  const db = readonlyUrl ? createPostgresDb(readonlyUrl, log, { max: 4 }) : null;
  let access: DatabaseAccess = db
    ? { readOnlyRunner: 'read_only_transaction', isSuperuser: false, warnings: [] }
    : { readOnlyRunner: 'embedded', isSuperuser: false, warnings: [] };
  return {
    db,
    current: () => access,
    async check(main) {
      if (main.kind === 'pglite' || !db) {
        access = { readOnlyRunner: 'embedded', isSuperuser: false, warnings: [] };
        return access;
      }
      const warnings: string[] = [];
      const mainFacts = await main.query<RoleFacts & { database: string; can_set_role: boolean; role_exists: boolean }>(
        `SELECT f.*, current_database() AS database,
           EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $2) AS role_exists,
           EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $2 AND NOT rolsuper AND pg_has_role(current_user, oid, 'USAGE')) AS can_set_role
         FROM (${ROLE_FACTS}) f`,
        [SERVER_ROLES, READONLY_ROLE],
      );
      const app = mainFacts.rows[0]!;
      if (app.is_superuser) warnings.push(DATABASE_ACCESS_MESSAGES.superuser(app.name, app.database));
      let reason: string | null = null;
      try {
        const { rows } = await db.query<RoleFacts>(ROLE_FACTS, [SERVER_ROLES]);
        const facts = rows[0]!;
        const unfit = facts.name === app.name ? 'is the app role itself' : unfitness(facts);
        if (unfit) warnings.push(DATABASE_ACCESS_MESSAGES.unsafeReadOnlyRole(facts.name, unfit));
        reason = unfit ? `"${facts.name}" ${unfit}` : null;
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      let mode: DatabaseAccess['readOnlyRunner'] = 'login_role';
      if (reason !== null) {
        mode = app.can_set_role ? 'set_role' : 'read_only_transaction';
        warnings.push(
          mode === 'set_role'
            ? DATABASE_ACCESS_MESSAGES.readOnlyFallback(reason)
            : DATABASE_ACCESS_MESSAGES.readOnlyNoRole(app.role_exists ? reason : `${READONLY_ROLE} does not exist`),
        );
      }
      access = { readOnlyRunner: mode, isSuperuser: app.is_superuser, warnings };
      for (const warning of warnings) log.warn({ readOnlyRunner: mode }, warning);
      return access;
    },
    close: async () => {
      await db?.close();
    },
  };
}
