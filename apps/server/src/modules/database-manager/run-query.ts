import { randomUUID } from 'node:crypto';
import { type AuditAction, QUERY_RESULT_MAX_BYTES, type QueryField, type QueryResultBody } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { refreshReadonlyGrants } from '../../services/db/migrate';
import type { ReadonlyAccess } from '../../services/db/readonly-access';
import { answerLimitsOf } from './engine-limits';
import { type QueryRun, recordQueryRun } from './history-queries';
import { presentRow } from './present-value';
import { approximateBytes, resultTooLarge, runInQueryTransaction, type StatementReader } from './query-session';

/** What a run needs from the app: the databases, the statement timeout, who asks and from where. */
export interface QueryContext {
  db: Db;
  readonlyAccess: ReadonlyAccess;
  timeoutMs: number;
  actor: QueryRun['actor'];
  ip: string | null;
}

/** A statement to run. */
export interface RunQueryInput {
  query: string;
  limit: number;
  allowWrites: boolean;
  queryId?: string;
}

// Counting on past the shown rows is cheap only for a while: at most this long (or as long as the first fetch
// took) and this many bytes read, rows discarded as they come, so memory stays flat and a huge result answers in
// about the time of its first rows.
const COUNT_BUDGET_MS = 5;
const COUNT_BUDGET_BYTES = 64 * 1024 * 1024;
// Batches are sized by the rows seen so far to about BATCH_BYTES each (one row at first, 1,000 at most): a result
// of 10 MB rows is read a row at a time, one of small rows a thousand at a time.
const BATCH_BYTES = 4 * 1024 * 1024;
const MAX_BATCH = 1000;

/** The next batch size from the bytes and rows read so far. */
export function nextBatchSize(bytes: number, rows: number): number {
  if (rows === 0) return 1;
  const perRow = Math.max(1, bytes / rows);
  return Math.max(1, Math.min(MAX_BATCH, Math.floor(BATCH_BYTES / perRow)));
}

/**
 * The first `want` rows, presented (long texts and bytea cut) as they arrive, in batches sized by their bytes; a
 * 400 once the presented rows pass QUERY_RESULT_MAX_BYTES. Also what was read, for the count that follows.
 */
async function readShown(reader: StatementReader, want: number) {
  const shown: Record<string, unknown>[] = [];
  let readBytes = 0;
  let shownBytes = 0;
  while (shown.length < want) {
    const asked = Math.min(nextBatchSize(readBytes, shown.length), want - shown.length);
    const batch = await reader.read(asked);
    for (const row of batch) {
      readBytes += approximateBytes(row);
      const presented = presentRow(row);
      shownBytes += approximateBytes(presented);
      if (shownBytes > QUERY_RESULT_MAX_BYTES) throw resultTooLarge();
      shown.push(presented);
    }
    if (batch.length < asked) break;
  }
  return { shown, readBytes };
}

/** The result columns with their type names; call it once the reader is closed. */
export async function fieldsOf(reader: StatementReader): Promise<QueryField[]> {
  const fields = reader.fields();
  const names = fields.length > 0 ? await reader.typeNames([...new Set(fields.map((f) => f.dataTypeID))]) : new Map();
  return fields.map((field) => ({ name: field.name, type: names.get(field.dataTypeID) ?? String(field.dataTypeID) }));
}

async function countOn(reader: StatementReader, seen: number, seenBytes: number, budgetMs: number) {
  const until = performance.now() + budgetMs;
  let count = seen;
  let bytes = seenBytes;
  let counted = 0;
  while (performance.now() < until && counted < COUNT_BUDGET_BYTES) {
    const asked = nextBatchSize(bytes, count);
    const batch = await reader.read(asked);
    count += batch.length;
    for (const row of batch) {
      const size = approximateBytes(row);
      bytes += size;
      counted += size;
    }
    // A short batch is the end of the result.
    if (batch.length < asked) return { count, hasMore: false };
  }
  return { count, hasMore: true };
}

/** The audit action of each kind of run; a query that may write has its own, so writes can be found. */
const RUN_ACTIONS = {
  query: 'database.query_run',
  explain: 'database.query_explained',
  export: 'database.query_exported',
} as const satisfies Record<QueryRun['kind'], AuditAction>;

/** Audits and records a finished or failed run; a write is audited with its full statement. */
export async function noteRun(context: QueryContext, run: Omit<QueryRun, 'actor'>, extra: Record<string, unknown> = {}) {
  await recordQueryRun(context.db, { ...run, actor: context.actor });
  await recordAudit(context.db, {
    actor: context.actor,
    action: run.kind === 'query' && !run.isReadOnly ? 'database.write_query_run' : RUN_ACTIONS[run.kind],
    details: {
      // The whole statement, read-only or not: what was run is what the audit shows (at most QUERY_MAX_LENGTH).
      query: run.query,
      isReadOnly: run.isReadOnly,
      rowCount: run.rowCount,
      durationMs: Math.round(run.durationMs),
      error: run.error,
      ...extra,
    },
    ip: context.ip,
  });
}

/**
 * Runs one statement (read-only unless allowWrites) and answers its first `limit` rows; rowCount is the true
 * total when counting on was cheap, else hasMore says "more than rowCount".
 */
export async function runQuery(context: QueryContext, input: RunQueryInput): Promise<QueryResultBody> {
  const queryId = input.queryId ?? randomUUID();
  const isReadOnly = !input.allowWrites;
  const startedAt = new Date();
  const start = performance.now();
  try {
    const result = await runInQueryTransaction(
      context,
      input.query,
      { queryId, isReadOnly, timeoutMs: context.timeoutMs },
      async (reader) => {
        const { shown: rows, readBytes } = await readShown(reader, input.limit + 1);
        const firstFetchMs = performance.now() - start;
        const hasResult = reader.fields().length > 0;
        let rowCount = rows.length;
        let hasMore = false;
        if (rows.length > input.limit) {
          ({ count: rowCount, hasMore } = await countOn(reader, rows.length, readBytes, Math.max(COUNT_BUDGET_MS, firstFetchMs)));
          rows.length = input.limit;
        } else if (!hasResult) {
          rowCount = reader.commandRowCount() ?? 0;
        }
        // The cursor holds the connection until it is closed: the type names are read after.
        await reader.close();
        const fields = await fieldsOf(reader);
        const truncated = hasMore || (fields.length > 0 && rowCount > rows.length);
        return { rows, fields, rowCount, hasMore, truncated };
      },
    );
    const durationMs = performance.now() - start;
    if (!isReadOnly) await refreshReadonlyGrants(context.db);
    await noteRun(
      context,
      { kind: 'query', query: input.query, isReadOnly, startedAt, durationMs, rowCount: result.rowCount, error: null },
      { queryId },
    );
    return {
      success: true,
      queryId,
      ...result,
      durationMs: Math.round(durationMs * 100) / 100,
      isReadOnly,
      engine: context.db.kind,
      limits: answerLimitsOf(context.db),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await noteRun(
      context,
      {
        kind: 'query',
        query: input.query,
        isReadOnly,
        startedAt,
        durationMs: performance.now() - start,
        rowCount: null,
        error: message,
      },
      { queryId },
    );
    throw error;
  }
}
