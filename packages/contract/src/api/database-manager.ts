import { z } from 'zod';
import { endpoint } from './common';

/** Rows per page of the table browser's row view, by default. */
export const DATABASE_ROWS_PAGE_SIZE = 50;
/** Rows per page of the row view at most (the kit's largest page size). */
export const DATABASE_ROWS_MAX_PAGE_SIZE = 100;

/** Below this many rows (by the planner's estimate) the table list counts exactly. */
export const DATABASE_EXACT_COUNT_LIMIT = 10_000;

/** How far the row view pages a view (OFFSET paging: a view has no index or ctid to page by). */
export const DATABASE_VIEW_ROWS_LIMIT = 10_000;

/** What the table list holds: ordinary and partitioned tables, views and materialised views. */
export const DATABASE_RELATION_KINDS = ['table', 'partitioned table', 'view', 'materialized view'] as const;
/** A relation kind of the table list. */
export type DatabaseRelationKind = (typeof DATABASE_RELATION_KINDS)[number];

/** The red-banner texts of the PostgreSQL manager (spec 1 §8), each followed by ': {reason}'. */
export const DATABASE_MANAGER_MESSAGES = {
  loadSchemasFailed: (reason: string) => `Failed to load schemas: ${reason}`,
  loadTablesFailed: (reason: string) => `Failed to load tables: ${reason}`,
  loadTableDetailsFailed: (reason: string) => `Failed to load table details: ${reason}`,
  exportFailed: (reason: string) => `Failed to export data: ${reason}`,
  schemaNotFound: (schema: string) => `Schema not found: ${schema}`,
  tableNotFound: (table: string) => `Table not found: ${table}`,
  columnNotSortable: (column: string) => `Cannot sort by ${column}: not an indexed column of this table`,
  invalidCursor: 'Invalid page cursor',
  ctidPaging: 'This table has no primary key: rows are paged by their physical position (ctid).',
  viewPaging: (limit: number) =>
    `This is a view: rows are shown in the order the view gives them, unsorted, up to the first ${limit.toLocaleString('en')}.`,
  embeddedConnections: 'Embedded PGlite: one connection inside the server process.',
} as const;

/** A PostgreSQL identifier as typed by the browser: 1-63 characters, never a NUL. */
const identifier = z
  .string()
  .min(1)
  .max(63)
  .refine((value) => !value.includes('\0'), 'Invalid identifier');

/** Table sizes in bytes: heap and TOAST, indexes, and the two together. */
export const tableSizes = z.object({ totalBytes: z.number(), tableBytes: z.number(), indexBytes: z.number() });

/** One schema of the database (spec 1 §7: entries with schema_name). */
export const databaseSchema = z.object({ schema_name: z.string() });

/**
 * One relation of a schema with its kind, row count and sizes. rowCount is the planner's estimate for large
 * tables (isEstimate) unless asked exactly; null for a view unless asked exactly (a view has no estimate short of
 * running it).
 */
export const databaseTable = z.object({
  schema: z.string(),
  name: z.string(),
  kind: z.enum(DATABASE_RELATION_KINDS),
  rowCount: z.number().nullable(),
  isEstimate: z.boolean(),
  sizes: tableSizes,
});
/** A table of the table list. */
export type DatabaseTable = z.infer<typeof databaseTable>;

/** One column: name, type, nullable and default (spec 1 §2). */
export const databaseColumn = z.object({
  name: z.string(),
  type: z.string(),
  isNullable: z.boolean(),
  default: z.string().nullable(),
});

/** One index with its UNIQUE and PRIMARY tags and its definition. */
export const databaseIndex = z.object({
  name: z.string(),
  isUnique: z.boolean(),
  isPrimary: z.boolean(),
  columns: z.array(z.string()),
  definition: z.string(),
  sizeBytes: z.number(),
});

/** One constraint (primary key, unique, check, foreign key, exclusion) with its definition. */
export const databaseConstraint = z.object({
  name: z.string(),
  type: z.enum(['primary_key', 'unique', 'check', 'foreign_key', 'exclusion', 'other']),
  definition: z.string(),
});

/** One foreign key: its columns and the table and columns it references. */
export const databaseForeignKey = z.object({
  name: z.string(),
  columns: z.array(z.string()),
  referencedSchema: z.string(),
  referencedTable: z.string(),
  referencedColumns: z.array(z.string()),
});

/** Everything the table details panel shows; `definition` is a view's or materialised view's SELECT. */
export const databaseTableDetails = z.object({
  schema: z.string(),
  name: z.string(),
  kind: z.enum(DATABASE_RELATION_KINDS),
  definition: z.string().nullable(),
  rowCount: z.number().nullable(),
  isEstimate: z.boolean(),
  sizes: tableSizes,
  columns: z.array(databaseColumn),
  indexes: z.array(databaseIndex),
  constraints: z.array(databaseConstraint),
  foreignKeys: z.array(databaseForeignKey),
});
/** A table's details. */
export type DatabaseTableDetails = z.infer<typeof databaseTableDetails>;

/** The database engines Guildhall runs on: a PostgreSQL server, or PGlite embedded in the process. */
export const DATABASE_ENGINES = ['postgresql', 'pglite'] as const;

/** What embedded PGlite cannot do that the manager's safety model counts on, said where it matters. */
export const PGLITE_LIMITS = {
  statementTimeout:
    'Embedded PGlite does not enforce the statement timeout: a long statement runs to its end and holds the database until then.',
  cancel: 'Embedded PGlite cannot cancel a running statement.',
  wholeResult: "Embedded PGlite reads a statement's whole result into memory before the first rows are shown.",
} as const;

/** Which engine answers and what it can do: a statement timeout that fires, cancel, results read as they stream. */
export const engineLimits = z.object({
  engine: z.enum(DATABASE_ENGINES),
  enforcesStatementTimeout: z.boolean(),
  canCancel: z.boolean(),
  streamsResults: z.boolean(),
  notes: z.array(z.string()),
});
/** The engine and its limits. */
export type EngineLimits = z.infer<typeof engineLimits>;

/**
 * How the SQL runner's read-only statements run. login_role: on a connection of their own that signs in as the
 * read-only role (nothing a statement does can give it write, file or program rights). set_role: on the app's
 * connection under SET LOCAL ROLE, kept only by the statement check. read_only_transaction: the role is missing,
 * a READ ONLY transaction and the statement check alone. embedded: PGlite, under SET LOCAL ROLE and the check.
 */
export const READ_ONLY_RUNNER_MODES = ['login_role', 'set_role', 'read_only_transaction', 'embedded'] as const;

/** What the database connection may do and how read-only runs are kept read-only, with the warnings to show. */
export const databaseAccess = z.object({
  readOnlyRunner: z.enum(READ_ONLY_RUNNER_MODES),
  /** DATABASE_URL signs in as a superuser. */
  isSuperuser: z.boolean(),
  warnings: z.array(z.string()),
});
/** The database access summary. */
export type DatabaseAccess = z.infer<typeof databaseAccess>;

/** SQL an operator runs (as a superuser) to give Guildhall the roles it should sign in as. */
export const databaseRoleSql = (database: string) =>
  [
    `CREATE ROLE guildhall LOGIN PASSWORD '<choose one>' NOSUPERUSER NOCREATEDB NOCREATEROLE;`,
    `ALTER DATABASE "${database}" OWNER TO guildhall;`,
    `-- then, in that database, for each table: ALTER TABLE <table> OWNER TO guildhall;`,
    `CREATE ROLE guildhall_readonly LOGIN PASSWORD '<choose another>' NOSUPERUSER NOCREATEDB NOCREATEROLE;`,
    `GRANT guildhall_readonly TO guildhall;`,
  ].join(' ');

/** The warnings about the database connection, at start (log), on the dashboard and in the PostgreSQL manager. */
export const DATABASE_ACCESS_MESSAGES = {
  superuser: (user: string, database: string) =>
    `DATABASE_URL signs in as the superuser "${user}": anything that reaches the app's connection (the SQL runner with writes allowed among it) can read the server's files and run programs on the database host. Sign in as a role without SUPERUSER instead: ${databaseRoleSql(database)} Then set DATABASE_URL to guildhall and DATABASE_READONLY_URL to guildhall_readonly.`,
  readOnlyFallback: (reason: string) =>
    `The SQL runner cannot sign in as its read-only role (${reason}): read-only statements run on the app's own connection under SET ROLE guildhall_readonly, kept read-only by the statement check alone. Create the role (CREATE ROLE guildhall_readonly LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;), let it sign in (pg_hba.conf, a password in DATABASE_READONLY_URL) and restart.`,
  readOnlyNoRole: (reason: string) =>
    `The SQL runner has no read-only role (${reason}): read-only statements run on the app's own connection in a READ ONLY transaction, kept read-only by the statement check alone. Create the role as a superuser: CREATE ROLE guildhall_readonly LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE; GRANT guildhall_readonly TO <the app's role>; then restart.`,
  unsafeReadOnlyRole: (role: string, what: string) =>
    `DATABASE_READONLY_URL signs in as "${role}", which ${what}: it is not used. Give the read-only role nothing but SELECT (ALTER ROLE ${role} NOSUPERUSER NOCREATEDB NOCREATEROLE; revoke its memberships and write grants).`,
} as const;

/** Connections: active, idle, waiting (idle in transaction plus waiting on locks, both shown), the maximum. */
export const connectionStats = z.object({
  active: z.number(),
  idle: z.number(),
  waiting: z.number(),
  idleInTransaction: z.number(),
  waitingOnLocks: z.number(),
  max_connections: z.number(),
  isEmbedded: z.boolean(),
  note: z.string().nullable(),
  limits: engineLimits,
  /** How read-only runs are kept read-only, and the warnings about the connection's rights. */
  access: databaseAccess,
});

/** One migration: a committed file, applied or not, or an applied name whose file is gone. */
export const databaseMigration = z.object({
  name: z.string(),
  checksum: z.string().nullable(),
  appliedAt: z.string().nullable(),
  status: z.enum(['applied', 'pending', 'missing_file']),
});

/** The schema and table every table call names. */
export const tableRef = z.object({ schema: identifier.default('public'), table: identifier });

/** The row view's page request: sort by an indexed column (default the primary key), the page size, the cursor. */
export const tableRowsQuery = tableRef.extend({
  sort: identifier.optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(DATABASE_ROWS_MAX_PAGE_SIZE).default(DATABASE_ROWS_PAGE_SIZE),
  after: z.string().max(4096).optional(),
});

/** Characters of a long text the row view and the query runner send; the rest stays in the database. */
export const LONG_TEXT_PREVIEW_CHARS = 65_536;

/**
 * A text (or a json value's text) longer than LONG_TEXT_PREVIEW_CHARS as the row view and the query runner
 * answer it: its first LONG_TEXT_PREVIEW_CHARS characters and its full length in characters (code points, as
 * PostgreSQL's char_length counts).
 */
export const truncatedText = z.object({ truncatedText: z.string(), length: z.number() });
/** A long text cut for the screen. */
export type TruncatedText = z.infer<typeof truncatedText>;

/**
 * One rendered cell: JSON values as they are, bytea as `{ hex, length }` (hex of the first 1 KiB), a text
 * longer than LONG_TEXT_PREVIEW_CHARS as TruncatedText, timestamps as ISO 8601 with their zone, big numbers as text.
 */
export const renderedValue = z.unknown();

/**
 * A page of rows: column names, the rows as arrays in column order, and the cursor of the next page. `sort` is
 * the column the page is sorted by, 'ctid' for a table without a key, 'none' for a view.
 */
export const tableRowsPage = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(renderedValue)),
  sort: z.string(),
  direction: z.enum(['asc', 'desc']),
  nextCursor: z.string().nullable(),
  note: z.string().nullable(),
});

/** The export's request: a whole table as CSV or JSON. */
export const tableExportQuery = tableRef.extend({ format: z.enum(['csv', 'json']).default('csv') });

/** Spec 2's table parameter: `table` in the public schema or `schema.table`. */
export const qualifiedTableParams = z.object({
  table: z
    .string()
    .min(1)
    .max(127)
    .refine((value) => !value.includes('\0'), 'Invalid identifier'),
});

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

/** The PostgreSQL manager's catalogue and table browser (spec 1 §7), admin.full_access. */
export const databaseManagerApi = {
  schemas: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/schemas',
    summary: 'Schemas of the database (system schemas only with includeSystem=true)',
    query: z.object({ includeSystem: z.stringbool().default(false) }),
    response: ok({ schemas: z.array(databaseSchema) }),
  }),
  tables: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/tables',
    summary: "A schema's tables with row counts (estimated when large unless exact=true) and sizes",
    query: z.object({ schema: identifier.default('public'), exact: z.stringbool().default(false) }),
    response: ok({ tables: z.array(databaseTable) }),
  }),
  tableDetails: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/table-details',
    summary: 'Columns, indexes, constraints, foreign keys, row count and sizes of one table',
    query: tableRef,
    response: ok({ table: databaseTableDetails }),
  }),
  connectionStats: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/connection-stats',
    summary: 'Active, idle and waiting connections and max_connections',
    response: ok(connectionStats.shape),
  }),
  migrations: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/migrations',
    summary: "The project's migrations: name, checksum, applied at, and files not applied",
    response: ok({ migrations: z.array(databaseMigration) }),
  }),
  rows: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/rows',
    summary: 'A keyset page of rows (50 unless `limit` says, at most 100) sorted by an indexed column (default the primary key)',
    query: tableRowsQuery,
    response: ok({ page: tableRowsPage }),
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/export',
    summary: 'Streams a whole table as CSV (formula cells neutralised) or JSON, audited',
    query: tableExportQuery,
    response: z.unknown().describe('text/csv or application/json'),
  }),
} as const;

/** Spec 2's Database Explorer calls over the same operations (public schema unless `schema.table`). */
export const databaseExplorerApi = {
  tables: endpoint({
    method: 'GET',
    path: '/api/admin/db/tables',
    summary: 'Tables of the public schema (or ?schema=) with row counts and sizes',
    query: z.object({ schema: identifier.default('public'), exact: z.stringbool().default(false) }),
    response: ok({ tables: z.array(databaseTable) }),
  }),
  schema: endpoint({
    method: 'GET',
    path: '/api/admin/db/schema/:table',
    summary: "A table's columns, constraints and foreign keys",
    params: qualifiedTableParams,
    response: ok({ table: databaseTableDetails }),
  }),
  indexes: endpoint({
    method: 'GET',
    path: '/api/admin/db/indexes/:table',
    summary: "A table's indexes",
    params: qualifiedTableParams,
    response: ok({ indexes: z.array(databaseIndex) }),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/admin/db/stats',
    summary: 'Connection counts and the database size',
    response: ok({ stats: connectionStats, databaseSizeBytes: z.number() }),
  }),
} as const;
