import type { SampleType } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { type AnySample, COLUMNS, type IntentRow, type MemoryRow, presentAny, TABLE } from './sample-rows';

/** The queue's scope, batch size and the ids the reviewer skipped. */
export interface QueueQuery {
  type: 'both' | SampleType;
  limit: number;
  skip: string[];
}

/** Unverified samples of one type, not skipped: the part of the queue's UNION for that type. */
const unverified = (type: SampleType) =>
  `SELECT '${type}'::text AS type, id, created_at FROM ${TABLE[type]}
    WHERE NOT human_verified AND NOT (id = ANY($1::uuid[]))`;

/**
 * The review queue: unverified samples, oldest first (both types interleaved by time when the scope is both, the
 * id breaking ties), without the skipped ones; and how many such samples there are in all, this batch included.
 * The order is picked over (type, id, time) on the verified indexes; only the batch's rows are read in full.
 */
export async function reviewQueue(db: Queryable, query: QueueQuery): Promise<{ data: AnySample[]; remaining: number }> {
  const types: SampleType[] = query.type === 'both' ? ['memory', 'intent'] : [query.type];
  const union = types.map(unverified).join(' UNION ALL ');
  const [picked, count] = await Promise.all([
    db.query<{ type: SampleType; id: string }>(`${union} ORDER BY created_at, id LIMIT $2`, [query.skip, query.limit]),
    db.query<{ remaining: number }>(
      `SELECT (${types.map((type) => `(SELECT count(*) FROM (${unverified(type)}) q)`).join(' + ')})::int AS remaining`,
      [query.skip],
    ),
  ]);
  const rowsById = new Map<string, MemoryRow | IntentRow>();
  for (const type of types) {
    const ids = picked.rows.filter((row) => row.type === type).map((row) => row.id);
    if (ids.length === 0) continue;
    const { rows } = await db.query<MemoryRow | IntentRow>(
      `SELECT ${COLUMNS[type]} FROM ${TABLE[type]} WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    for (const row of rows) rowsById.set(`${type}:${row.id}`, row);
  }
  const data = picked.rows.flatMap((row) => {
    const full = rowsById.get(`${row.type}:${row.id}`);
    return full ? [presentAny(row.type, full)] : [];
  });
  return { data, remaining: count.rows[0]?.remaining ?? 0 };
}
