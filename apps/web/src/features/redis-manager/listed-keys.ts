import type { RedisKeyEntry } from '@guildhall/contract';
import type { KeysPage } from './redis-api';

/** A key of the list with the time its page was read, so its TTL counts down. */
export interface ListedKey {
  entry: RedisKeyEntry;
  readAt: number;
}

/** The key browser's pages read so far as one list, and how far the scan has come. */
export interface ListedKeys {
  keys: ListedKey[];
  /** Keys SCAN has looked at: the whole database once the cursor is back at '0'. */
  scanned: number;
  /** The database's size (DBSIZE) at the last page. */
  totalKeys: number;
}

/**
 * The pages as one list, each key once: SCAN may return a key again on a later page while Redis resizes its
 * table (the server drops repeats only within a page). `scanned` never claims more than the database holds.
 */
export function listKeys(pages: readonly KeysPage[]): ListedKeys {
  const seen = new Set<string>();
  const keys: ListedKey[] = [];
  for (const page of pages) {
    for (const entry of page.entries) {
      const id = `${entry.keyEncoding}:${entry.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      keys.push({ entry, readAt: page.readAt });
    }
  }
  const last = pages.at(-1);
  const totalKeys = last?.totalKeys ?? 0;
  const scannedSum = pages.reduce((sum, page) => sum + page.scanned, 0);
  const scanned = last?.cursor === '0' ? totalKeys : Math.min(scannedSum, totalKeys);
  return { keys, scanned, totalKeys };
}
