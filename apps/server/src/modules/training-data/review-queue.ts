import type { SampleType } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { selectReviewQueue, selectSamplesById } from './sample-queries';
import { type AnySample, type IntentRow, type MemoryRow, presentAny } from './sample-rows';

/** The queue's scope, batch size and the ids the reviewer skipped. */
export interface QueueQuery {
  type: 'both' | SampleType;
  limit: number;
  skip: string[];
}

/**
 * The review queue: unverified samples, oldest first (both types interleaved by time when the scope is both, the
 * id breaking ties), without the skipped ones; and how many such samples there are in all, this batch included.
 * The order is picked over (type, id, time) on the verified indexes; only the batch's rows are read in full.
 */
export async function reviewQueue(db: Queryable, query: QueueQuery): Promise<{ data: AnySample[]; remaining: number }> {
  const types: SampleType[] = query.type === 'both' ? ['memory', 'intent'] : [query.type];
  const { picked, remaining } = await selectReviewQueue(db, types, query.skip, query.limit);
  const rowsById = new Map<string, MemoryRow | IntentRow>();
  for (const type of types) {
    const ids = picked.filter((row) => row.type === type).map((row) => row.id);
    if (ids.length === 0) continue;
    for (const row of await selectSamplesById(db, type, ids)) rowsById.set(`${type}:${row.id}`, row);
  }
  const data = picked.flatMap((row) => {
    const full = rowsById.get(`${row.type}:${row.id}`);
    return full ? [presentAny(row.type, full)] : [];
  });
  return { data, remaining };
}
