import { type IngestResult, turnInput } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { parseBatch } from './parse-batch';
import { insertTurns } from './queries';

/** Stores the valid turns of a batch in one transaction; reports each invalid one by its index. */
export async function ingestTurns(db: Db, items: readonly unknown[]): Promise<IngestResult> {
  const { valid, rejected } = parseBatch(turnInput, items);
  let accepted = 0;
  if (valid.length > 0) {
    accepted = await db.transaction((tx) => insertTurns(tx, valid));
  }
  return { success: true, accepted, duplicates: valid.length - accepted, rejected };
}
