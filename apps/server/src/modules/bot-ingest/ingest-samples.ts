import { type IngestResult, sampleInput } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { parseBatch } from './parse-batch';
import { type IntentInput, insertIntentSamples, insertMemorySamples, type MemoryInput } from './queries';

/**
 * Stores the valid memory and intent samples of a batch in one transaction (one multi-row INSERT per type); a
 * sample whose client id is already stored counts as a duplicate, and each invalid one is reported by its index.
 */
export async function ingestSamples(db: Db, items: readonly unknown[]): Promise<IngestResult> {
  const { valid, rejected } = parseBatch(sampleInput, items);
  const memory = valid.filter((sample): sample is MemoryInput => sample.type === 'memory');
  const intent = valid.filter((sample): sample is IntentInput => sample.type === 'intent');
  let accepted = 0;
  if (valid.length > 0) {
    accepted = await db.transaction(async (tx) => {
      let stored = 0;
      if (memory.length > 0) stored += await insertMemorySamples(tx, memory);
      if (intent.length > 0) stored += await insertIntentSamples(tx, intent);
      return stored;
    });
  }
  return { success: true, accepted, duplicates: valid.length - accepted, rejected };
}
