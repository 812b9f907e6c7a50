import { DATABASE_QUERY_MESSAGES } from '@guildhall/contract';
import { lexSql, SqlLexError, type SqlToken } from './statement-lexer';

/** How the statement is to run: read-only or with writes, on a PostgreSQL server or on embedded PGlite. */
export interface StatementAuditOptions {
  isReadOnly: boolean;
  engine: 'postgresql' | 'pglite';
}

/**
 * Functions a read-only run may not call: they read or list server files, signal other sessions, reload or
 * rotate the server, reach other databases (dblink), or run SQL given as text, which this check cannot see
 * (query_to_xml, ts_stat). Matched as words or quoted identifiers, qualified or not, in any case.
 */
const READ_ONLY_REFUSED_FUNCTIONS = new Set([
  'pg_read_file',
  'pg_read_binary_file',
  'pg_stat_file',
  'pg_ls_dir',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'pg_ls_archive_statusdir',
  'pg_ls_logicalsnapdir',
  'pg_ls_logicalmapdir',
  'pg_ls_replslotdir',
  'pg_file_write',
  'pg_file_rename',
  'pg_file_unlink',
  'pg_file_sync',
  'pg_logdir_ls',
  'lo_import',
  'lo_export',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_create_restore_point',
  'pg_log_backend_memory_contexts',
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'dblink_connect_u',
  'dblink_send_query',
  'dblink_open',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'ts_stat',
]);

/** Settings a read-only run may not change: who it runs as, and how long it may run. */
const GUARDED_SETTINGS = new Set(['role', 'session_authorization', 'statement_timeout']);

/** On PGlite the statement timeout never fires: these would hold the one embedded connection as long as they sleep. */
const SLEEP_FUNCTIONS = ['pg_sleep', 'pg_sleep_for', 'pg_sleep_until'];

/** Statements (by their first word) that cannot change audit_log: reading it is fine in any mode. */
const READING_STATEMENTS = new Set(['select', 'with', 'table', 'values', 'explain', 'show']);

const nameOf = (token: SqlToken | undefined) =>
  token && (token.kind === 'word' || token.kind === 'identifier') ? token.value.toLowerCase() : null;

/** SET [SESSION | LOCAL] ROLE / SESSION AUTHORIZATION / role | session_authorization | statement_timeout. */
function setsGuardedSetting(tokens: SqlToken[]): boolean {
  let i = 1;
  while (tokens[i]?.kind === 'word' && (tokens[i]!.value === 'session' || tokens[i]!.value === 'local')) i++;
  const name = nameOf(tokens[i]);
  if (name === null) return false;
  if (tokens[i]!.kind === 'word' && (name === 'role' || name === 'authorization')) return true;
  return GUARDED_SETTINGS.has(name);
}

/**
 * set_config(name, …) is allowed only as `set_config('<name>', …` with a literal name that is not guarded:
 * a name built by an expression ('ro' || 'le') cannot be checked, so it is refused too.
 */
function callsSetConfigOnGuarded(tokens: SqlToken[], at: number): boolean {
  const open = tokens[at + 1];
  const name = tokens[at + 2];
  const comma = tokens[at + 3];
  if (open?.value !== '(' || open.kind !== 'other') return true;
  if (name?.kind !== 'string' || comma?.kind !== 'other' || comma.value !== ',') return true;
  return GUARDED_SETTINGS.has(name.value.trim().toLowerCase());
}

/** The refusal of a statement in read-only mode, or null. */
function readOnlyRefusal(tokens: SqlToken[]): string | null {
  const first = tokens[0]?.kind === 'word' ? tokens[0].value : null;
  if (first === 'copy') return DATABASE_QUERY_MESSAGES.readOnlyCopy;
  if (first === 'reset') return DATABASE_QUERY_MESSAGES.readOnlyReset;
  if (first === 'load') return DATABASE_QUERY_MESSAGES.readOnlyLoad;
  if (first === 'set' && setsGuardedSetting(tokens)) return DATABASE_QUERY_MESSAGES.readOnlySet;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    // DO is reserved: unquoted, it is a DO block (or ON CONFLICT DO, a write). "do" quoted is a mere name.
    if (token.kind === 'word' && token.value === 'do') return DATABASE_QUERY_MESSAGES.readOnlyDo;
    const name = nameOf(token);
    if (name === null) continue;
    if (READ_ONLY_REFUSED_FUNCTIONS.has(name)) return DATABASE_QUERY_MESSAGES.readOnlyFunction(name);
    if (name === 'set_config' && callsSetConfigOnGuarded(tokens, i)) return DATABASE_QUERY_MESSAGES.readOnlySet;
  }
  return null;
}

/**
 * Why a statement must not run, or null: the runner's check before any statement reaches the database. It reads
 * the whole text with a real lexer (strings, dollar quotes, quoted identifiers and comments), so `select 'do'`
 * runs while `/* *\/ DO $$…$$` and `"set_config"(…)` are refused.
 *
 * - Read-only: no DO, COPY, RESET, LOAD, no change of role, session authorization or statement timeout (SET or
 *   set_config), none of the functions that reach files, other sessions or SQL given as text. Text the lexer
 *   cannot read to its end is refused too. This backs up the read-only role the run signs in as; on the
 *   fallback (SET ROLE on the app's connection) it is what keeps the role from being undone.
 * - PGlite, any mode: no COPY … PROGRAM and no pg_sleep (the timeout never fires there), also inside strings
 *   (a DO body), matched on the raw text.
 * - Writes allowed: no statement other than a read that names audit_log, and nothing that names
 *   session_replication_role (which would switch the append-only trigger off), also inside strings.
 */
export function statementRefusal(sql: string, options: StatementAuditOptions): string | null {
  let tokens: SqlToken[] | null;
  try {
    tokens = lexSql(sql);
  } catch (error) {
    if (!(error instanceof SqlLexError)) throw error;
    if (options.isReadOnly) return DATABASE_QUERY_MESSAGES.unreadable(error.message);
    tokens = null;
  }
  if (tokens && options.isReadOnly) {
    const refusal = readOnlyRefusal(tokens);
    if (refusal) return refusal;
  }
  const first = tokens?.[0]?.kind === 'word' ? tokens[0].value : null;
  if (options.engine === 'pglite') {
    const sleep = SLEEP_FUNCTIONS.find((name) => new RegExp(`\\b${name}\\b`, 'i').test(sql));
    if (sleep) return DATABASE_QUERY_MESSAGES.pgliteSleep(sleep);
    if (/\bcopy\b[\s\S]*\bprogram\b/i.test(sql)) return DATABASE_QUERY_MESSAGES.pgliteProgram;
  }
  if (!options.isReadOnly) {
    if (/session_replication_role/i.test(sql)) return DATABASE_QUERY_MESSAGES.auditLogAppendOnly;
    if (/audit_log/i.test(sql) && !(first && READING_STATEMENTS.has(first))) return DATABASE_QUERY_MESSAGES.auditLogAppendOnly;
  }
  return null;
}
