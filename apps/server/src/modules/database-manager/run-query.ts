import { randomUUID } from 'node:crypto';
import type { QueryField, QueryResultBody } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { recordAudit } from '../audit/record-audit';
import { answerLimitsOf } from './engine-limits';
import { presentRow } from './present-value';
import { type QueryRun, recordQueryRun } from './query-history';
import { runInQueryTransaction, type StatementReader } from './query-session';

/** What a run needs from the app: the database, the statement timeout, who asks and from where. */
export interface QueryContext {
  db: Db;
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
// took), in batches of COUNT_BATCH, rows discarded as they come, so memory stays flat and a huge result answers
// in about the time of its first rows.
const COUNT_BUDGET_MS = 5;
const COUNT_BATCH = 1000;

/** The result columns with their type names; call it once the reader is closed. */
export async function fieldsOf(reader: StatementReader): Promise<QueryField[]> {
  const fields = reader.fields();
  const names = fields.length > 0 ? await reader.typeNames([...new Set(fields.map((f) => f.dataTypeID))]) : new Map();
  return fields.map((field) => ({ name: field.name, type: names.get(field.dataTypeID) ?? String(field.dataTypeID) }));
}

async function countOn(reader: StatementReader, seen: number, budgetMs: number) {
  const until = performance.now() + budgetMs;
  let count = seen;
  while (performance.now() < until) {
    const batch = await reader.read(COUNT_BATCH);
    count += batch.length;
    // A short batch is the end of the result.
    if (batch.length < COUNT_BATCH) return { count, hasMore: false };
  }
  return { count, hasMore: true };
}

/** Audits and records a finished or failed run; a write is audited with its full statement. */
export async function noteRun(context: QueryContext, run: Omit<QueryRun, 'actor'>, extra: Record<string, unknown> = {}) {
  await recordQueryRun(context.db, { ...run, actor: context.actor });
  await recordAudit(context.db, {
    actor: context.actor,
    action: run.kind === 'query' && !run.isReadOnly ? 'database.query_write' : `database.${run.kind}`,
    details: {
      query: run.isReadOnly ? run.query.slice(0, 2000) : run.query,
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
      context.db,
      input.query,
      { queryId, isReadOnly, timeoutMs: context.timeoutMs },
      async (reader) => {
        const rows = await reader.read(input.limit + 1);
        const firstFetchMs = performance.now() - start;
        const hasResult = reader.fields().length > 0;
        let rowCount = rows.length;
        let hasMore = false;
        if (rows.length > input.limit) {
          ({ count: rowCount, hasMore } = await countOn(reader, rows.length, Math.max(COUNT_BUDGET_MS, firstFetchMs)));
          rows.length = input.limit;
        } else if (!hasResult) {
          rowCount = reader.commandRowCount() ?? 0;
        }
        // The cursor holds the connection until it is closed: the type names are read after.
        await reader.close();
        const fields = await fieldsOf(reader);
        const truncated = hasMore || (fields.length > 0 && rowCount > rows.length);
        return { rows: rows.map(presentRow), fields, rowCount, hasMore, truncated };
      },
    );
    const durationMs = performance.now() - start;
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
