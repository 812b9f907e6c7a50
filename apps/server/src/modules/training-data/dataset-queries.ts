import type { SampleType } from '@guildhall/contract';
import type { PoolClient } from 'pg';
import Cursor from 'pg-cursor';
import type { Db, Queryable } from '../../services/db/db';
import { pgTypes } from '../../services/db/postgres-db';

/** What an export selects, whichever endpoint asked for it. */
export interface DatasetFilters {
  minQualityScore?: number;
  verifiedOnly?: boolean;
  /**
   * Intent samples whose outcome is known (was_correct is not null). Memory samples have no outcome, so the
   * filter leaves them as they are.
   */
  withOutcomes?: boolean;
  /** At most this many samples of each type, the newest first. */
  limit?: number;
  startDate?: string;
  endDate?: string;
}

/**
 * One sample as the export writes it: the reviewer's corrected label applied (the original beside it), the
 * JSON columns as the database renders them (text), so they are copied into a line without a parse.
 */
export interface MemoryRow {
  id: string;
  created_at: string;
  message_content: string;
  conversation_history: string;
  extracted_gems: string;
  extracted_event: string | null;
  original_extracted_gems: string;
  original_extracted_event: string | null;
  extracted_memories: string;
  llm_provider: string;
  llm_model: string;
  extraction_latency_ms: number | null;
  quality_score: number | null;
  human_verified: boolean;
  label_corrections: string | null;
  guild_id: string | null;
  turn_id: string | null;
}

export interface IntentRow {
  id: string;
  created_at: string;
  current_message: string;
  conversation_history: string;
  should_respond: boolean;
  original_should_respond: boolean;
  confidence: number;
  temperature: number | null;
  vibe_classification: string | null;
  original_vibe_classification: string | null;
  provider_used: string;
  model_used: string;
  actual_response_sent: boolean | null;
  was_correct: boolean | null;
  quality_score: number | null;
  human_verified: boolean;
  label_corrections: string | null;
  guild_id: string | null;
  turn_id: string | null;
}

export type DatasetRow<T extends SampleType> = T extends 'memory' ? MemoryRow : IntentRow;

// created_at is rendered as text so the timestamp keeps its microseconds and the keyset compares exactly.
/** The SELECT of each type's exported columns (alias t), without WHERE and ORDER BY (the benchmark's COPY reuses it). */
export const DATASET_SELECTS: Record<SampleType, string> = {
  memory: `SELECT t.id, to_json(t.created_at) #>> '{}' AS created_at, t.message_content,
      t.conversation_history::text AS conversation_history,
      COALESCE(t.label_corrections -> 'extractedGems', t.extracted_gems)::text AS extracted_gems,
      (CASE WHEN t.label_corrections ? 'extractedEvent' THEN t.label_corrections -> 'extractedEvent'
            ELSE t.extracted_event END)::text AS extracted_event,
      t.extracted_gems::text AS original_extracted_gems, t.extracted_event::text AS original_extracted_event,
      t.extracted_memories::text AS extracted_memories, t.llm_provider, t.llm_model, t.extraction_latency_ms,
      t.quality_score, t.human_verified, t.label_corrections::text AS label_corrections, t.guild_id, t.turn_id
    FROM memory_samples t`,
  intent: `SELECT t.id, to_json(t.created_at) #>> '{}' AS created_at, t.current_message,
      t.conversation_history::text AS conversation_history,
      COALESCE((t.label_corrections ->> 'shouldRespond')::boolean, t.should_respond) AS should_respond,
      t.should_respond AS original_should_respond, t.confidence, t.temperature,
      COALESCE(t.label_corrections ->> 'vibeClassification', t.vibe_classification) AS vibe_classification,
      t.vibe_classification AS original_vibe_classification, t.provider_used, t.model_used,
      t.actual_response_sent, t.was_correct, t.quality_score, t.human_verified,
      t.label_corrections::text AS label_corrections, t.guild_id, t.turn_id
    FROM intent_samples t`,
};

const TABLES: Record<SampleType, string> = { memory: 'memory_samples', intent: 'intent_samples' };

/** The WHERE conditions of the filters, numbered from $1. */
function conditions(type: SampleType, filters: DatasetFilters): { where: string[]; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(sql(`$${values.length}`));
  };
  if (filters.minQualityScore !== undefined) add((n) => `t.quality_score >= ${n}::real`, filters.minQualityScore);
  if (filters.verifiedOnly) where.push('t.human_verified');
  if (filters.withOutcomes && type === 'intent') where.push('t.was_correct IS NOT NULL');
  if (filters.startDate) add((n) => `t.created_at >= ${n}::timestamptz`, filters.startDate);
  if (filters.endDate) add((n) => `t.created_at <= ${n}::timestamptz`, filters.endDate);
  return { where, values };
}

/** How many samples of a type the export will write (the limit included). */
export async function countDatasetRows(db: Queryable, type: SampleType, filters: DatasetFilters): Promise<number> {
  const { where, values } = conditions(type, filters);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${TABLES[type]} t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    values,
  );
  const n = rows[0]?.n ?? 0;
  return filters.limit === undefined ? n : Math.min(n, filters.limit);
}

/** The whole selection of a type as one statement, newest first, the limit included (the cursor's statement). */
export function datasetStatement(type: SampleType, filters: DatasetFilters): { text: string; values: unknown[] } {
  const { where, values } = conditions(type, filters);
  let text = `${DATASET_SELECTS[type]} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.created_at DESC, t.id DESC`;
  if (filters.limit !== undefined) {
    values.push(filters.limit);
    text += ` LIMIT $${values.length}`;
  }
  return { text, values };
}

/** A keyset position: the last row's created_at (as text) and id. */
export type DatasetKey = { createdAt: string; id: string };

/**
 * The next page of a type's samples after `after`, newest first, on the (created_at DESC, id DESC) index. The
 * limit is the caller's: it asks for no more than the rows still allowed.
 */
export async function selectDatasetPage<T extends SampleType>(
  db: Queryable,
  type: T,
  filters: DatasetFilters,
  after: DatasetKey | null,
  size: number,
): Promise<DatasetRow<T>[]> {
  const { where, values } = conditions(type, filters);
  if (after) {
    values.push(after.createdAt, after.id);
    where.push(`(t.created_at, t.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(size);
  const { rows } = await db.query<DatasetRow<T>>(
    `${DATASET_SELECTS[type]} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY t.created_at DESC, t.id DESC LIMIT $${values.length}`,
    values,
  );
  return rows;
}

/** Every selected sample of a type, a keyset page at a time (PGlite, which has no cursor of its own). */
async function* keysetPages<T extends SampleType>(
  db: Queryable,
  type: T,
  filters: DatasetFilters,
  pageSize: number,
): AsyncGenerator<DatasetRow<T>[]> {
  let left = filters.limit ?? Number.POSITIVE_INFINITY;
  let after: DatasetKey | null = null;
  while (left > 0) {
    const page: DatasetRow<T>[] = await selectDatasetPage(db, type, filters, after, Math.min(pageSize, left));
    if (page.length === 0) return;
    yield page;
    left -= page.length;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/** Every selected sample of a type through a server-side cursor: one statement, read a batch at a time. */
async function* cursorPages<T extends SampleType>(
  client: PoolClient,
  type: T,
  filters: DatasetFilters,
  pageSize: number,
): AsyncGenerator<DatasetRow<T>[]> {
  const { text, values } = datasetStatement(type, filters);
  const cursor = client.query(new Cursor<DatasetRow<T>>(text, values, { types: pgTypes }));
  try {
    for (;;) {
      const rows = await cursor.read(pageSize);
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await cursor.close();
  }
}

/** Reads the selected samples of a type, a batch at a time. */
export type DatasetReader = {
  count: (type: SampleType, filters: DatasetFilters) => Promise<number>;
  pages: <T extends SampleType>(type: T, filters: DatasetFilters, pageSize: number) => AsyncGenerator<DatasetRow<T>[]>;
};

/**
 * Runs fn over one consistent view of the samples. PostgreSQL: a READ ONLY REPEATABLE READ transaction on a
 * connection of its own, each type read through a pg-cursor (one statement, batches as they are asked for).
 * PGlite has one connection for the whole app and returns a statement's whole result at once, so it reads keyset
 * pages of the live data instead, as the guild export does. Either way memory stays flat.
 */
export function withDatasetReader<R>(db: Db, fn: (reader: DatasetReader) => Promise<R>): Promise<R> {
  if (db.kind === 'pglite') {
    return db.readOnlySnapshot((snapshot) =>
      fn({
        count: (type, filters) => countDatasetRows(snapshot, type, filters),
        pages: (type, filters, pageSize) => keysetPages(snapshot, type, filters, pageSize),
      }),
    );
  }
  return db.rawSession(async (session) => {
    if (session.kind !== 'postgresql') throw new Error('a PostgreSQL session was expected');
    const { client } = session;
    const queryable: Queryable = {
      async query<Row>(sql: string, params?: readonly unknown[]) {
        const result = await client.query(sql, params as unknown[] | undefined);
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    };
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const result = await fn({
        count: (type, filters) => countDatasetRows(queryable, type, filters),
        pages: (type, filters, pageSize) => cursorPages(client, type, filters, pageSize),
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
