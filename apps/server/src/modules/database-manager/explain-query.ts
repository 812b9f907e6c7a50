import { randomUUID } from 'node:crypto';
import { runInQueryTransaction } from './query-session';
import { noteRun, type QueryContext } from './run-query';

/** A statement to explain. */
export interface ExplainQueryInput {
  query: string;
  analyze: boolean;
  queryId?: string;
}

/**
 * EXPLAIN (FORMAT JSON) of one statement, always in a read-only transaction that is rolled back: ANALYZE runs
 * the statement, so a write cannot be analysed (PostgreSQL refuses it there).
 */
export async function explainQuery(context: QueryContext, input: ExplainQueryInput) {
  const queryId = input.queryId ?? randomUUID();
  const startedAt = new Date();
  const start = performance.now();
  const sql = `EXPLAIN (FORMAT JSON${input.analyze ? ', ANALYZE' : ''}) ${input.query}`;
  try {
    const plan = await runInQueryTransaction(
      context,
      sql,
      { queryId, isReadOnly: true, timeoutMs: context.timeoutMs },
      async (reader) => {
        const rows = await reader.read(1);
        await reader.close();
        const value = rows[0]?.['QUERY PLAN'];
        return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
      },
    );
    const durationMs = performance.now() - start;
    await noteRun(
      context,
      { kind: 'explain', query: input.query, isReadOnly: true, startedAt, durationMs, rowCount: null, error: null },
      { queryId, analyze: input.analyze },
    );
    return { success: true as const, plan, isAnalyzed: input.analyze, durationMs: Math.round(durationMs * 100) / 100 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await noteRun(
      context,
      {
        kind: 'explain',
        query: input.query,
        isReadOnly: true,
        startedAt,
        durationMs: performance.now() - start,
        rowCount: null,
        error: message,
      },
      { queryId, analyze: input.analyze },
    );
    throw error;
  }
}
