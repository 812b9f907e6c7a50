import { z } from 'zod';
import { endpoint } from './common';
import { DATABASE_ENGINES } from './database-manager';

/** Rows a query answers with unless the caller asks for another limit (spec 2: limit=100). */
export const QUERY_DEFAULT_LIMIT = 100;
/** The most rows one query answer may hold. */
export const QUERY_MAX_LIMIT = 1000;
/** The longest SQL text the runner accepts. */
export const QUERY_MAX_LENGTH = 100_000;

/** Bytes of result rows one answer may hold (cells past LONG_TEXT_PREVIEW_CHARS already cut); more is refused. */
export const QUERY_RESULT_MAX_BYTES = 32 * 1024 * 1024;

/** Why the runner refuses a statement before it runs, or stops one; each is a 400 with this text. */
export const DATABASE_QUERY_MESSAGES = {
  readOnlyDo: 'Read-only mode refuses DO blocks: the code inside them escapes the statement check.',
  readOnlyCopy: 'Read-only mode refuses COPY: use Export to download a result.',
  readOnlySet: 'Read-only mode refuses changing the role, the session authorization or the statement timeout (SET, set_config).',
  readOnlyReset: 'Read-only mode refuses RESET: it would undo the settings the read-only run is made with.',
  readOnlyLoad: 'Read-only mode refuses LOAD: it loads code into the database server.',
  readOnlyFunction: (name: string) =>
    `Read-only mode refuses ${name}(): it reads server files, signals other sessions or runs SQL text the check cannot see.`,
  unreadable: (reason: string) =>
    `The statement could not be checked (${reason}): read-only mode runs only statements it can read to their end.`,
  pgliteProgram:
    'COPY … PROGRAM is refused on the embedded database (PGlite): it cannot start programs and would hang the server process.',
  pgliteSleep: (name: string) =>
    `${name}() is refused on the embedded database (PGlite): the statement timeout does not fire there, so the server would wait for it.`,
  auditLogAppendOnly: 'audit_log is append-only: the query runner does not change, remove or add its records.',
  resultTooLarge: (megabytes: number) =>
    `The result is too large to show (its rows pass ${megabytes} MB): select fewer rows or columns, cut long values (left(column, 1000)), or export it.`,
  oneStatement:
    'Run one statement at a time: the runner sends its text as a single statement, and this text holds more than one.',
  timedOut: (ms: number) => `canceling statement due to statement timeout (${ms} ms): the server stopped it.`,
} as const;

const sqlText = z.string().trim().min(1, 'Enter a query').max(QUERY_MAX_LENGTH);

/** One SQL statement to run; read-only unless allowWrites, with an id the client may cancel it by. */
export const runQueryBody = z.object({
  query: sqlText,
  allowWrites: z.boolean().default(false),
  limit: z.coerce.number().int().min(1).max(QUERY_MAX_LIMIT).default(QUERY_DEFAULT_LIMIT),
  queryId: z.uuid().optional(),
});

/** A result column: its name and the PostgreSQL type name. */
export const queryField = z.object({ name: z.string(), type: z.string() });
/** A result column. */
export type QueryField = z.infer<typeof queryField>;

/** A statement's answer: at most limit rows; rowCount is the true total unless hasMore (then "more than rowCount"). */
export const queryResult = z.object({
  success: z.literal(true),
  queryId: z.string(),
  rows: z.array(z.record(z.string(), z.unknown())),
  fields: z.array(queryField),
  rowCount: z.number(),
  hasMore: z.boolean(),
  truncated: z.boolean(),
  durationMs: z.number(),
  isReadOnly: z.boolean(),
  /** The engine that ran it, and what it could not do for this answer (PGlite: no timeout, whole result read). */
  engine: z.enum(DATABASE_ENGINES),
  limits: z.array(z.string()),
});
/** A statement's answer. */
export type QueryResultBody = z.infer<typeof queryResult>;

/** A statement to explain; ANALYZE runs it (read-only) as well. */
export const explainQueryBody = z.object({ query: sqlText, analyze: z.boolean().default(false), queryId: z.uuid().optional() });

/** EXPLAIN (FORMAT JSON)'s plan as PostgreSQL gives it. */
export const explainResult = z.object({
  success: z.literal(true),
  plan: z.unknown(),
  isAnalyzed: z.boolean(),
  durationMs: z.number(),
});

/** The id of a running statement to cancel. */
export const cancelQueryBody = z.object({ queryId: z.uuid() });

/** Whether a running statement with that id was found and asked to stop; a note when the engine cannot cancel. */
export const cancelQueryResult = z.object({ success: z.literal(true), cancelled: z.boolean(), note: z.string().nullable() });

/** The export formats of a query's result. */
export const QUERY_EXPORT_FORMATS = ['json', 'csv'] as const;

/** A statement whose whole result is streamed as a file (read-only). */
export const exportQueryBody = z.object({ query: sqlText, format: z.enum(QUERY_EXPORT_FORMATS).default('json') });

/** Spec 2's query call: one statement, read-only, limit rows (default 100). */
export const dbQueryBody = z.object({
  query: sqlText,
  limit: z.coerce.number().int().min(1).max(QUERY_MAX_LIMIT).default(QUERY_DEFAULT_LIMIT),
});

/** What the history records each run as. */
export const QUERY_HISTORY_KINDS = ['query', 'explain', 'export'] as const;

/** One recorded run: who ran what, when, how long, how many rows, which error. */
export const queryHistoryEntry = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  kind: z.enum(QUERY_HISTORY_KINDS),
  query: z.string(),
  isReadOnly: z.boolean(),
  startedAt: z.string(),
  durationMs: z.number(),
  rowCount: z.number().nullable(),
  error: z.string().nullable(),
});
/** One recorded run. */
export type QueryHistoryEntry = z.infer<typeof queryHistoryEntry>;

/** The history's page size (spec 2: limit=50). */
export const queryHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

const FILE_SUMMARY = 'Streams the result as application/json (an array of rows) or text/csv (RFC 4180), read-only';

/** The SQL query runner (admin.full_access), under both API families of the spec. */
export const databaseQueryApi = {
  run: endpoint({
    method: 'POST',
    path: '/api/admin/database/postgresql/query',
    summary: 'Runs one statement in its own transaction (read-only unless allowWrites) with a timeout and a row cap',
    body: runQueryBody,
    response: queryResult,
  }),
  explain: endpoint({
    method: 'POST',
    path: '/api/admin/database/postgresql/explain',
    summary: 'EXPLAIN (FORMAT JSON) of one statement; ANALYZE only inside a read-only transaction',
    body: explainQueryBody,
    response: explainResult,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/admin/database/postgresql/cancel',
    summary: 'Cancels the running statement with that queryId (pg_cancel_backend)',
    body: cancelQueryBody,
    response: cancelQueryResult,
  }),
  exportQuery: endpoint({
    method: 'POST',
    path: '/api/admin/database/postgresql/export-query',
    summary: FILE_SUMMARY,
    body: exportQueryBody,
    response: z.unknown().describe('application/json or text/csv'),
  }),
  dbQuery: endpoint({
    method: 'POST',
    path: '/api/admin/db/query',
    summary: 'Runs one read-only statement, at most limit rows',
    body: dbQueryBody,
    response: queryResult,
  }),
  dbHistory: endpoint({
    method: 'GET',
    path: '/api/admin/db/query-history',
    summary: 'The server-side history of queries, explains and exports, newest first',
    query: queryHistoryQuery,
    response: z.object({ success: z.literal(true), history: z.array(queryHistoryEntry) }),
  }),
  dbExport: endpoint({
    method: 'POST',
    path: '/api/admin/db/export',
    summary: FILE_SUMMARY,
    body: exportQueryBody,
    response: z.unknown().describe('application/json or text/csv'),
  }),
} as const;
