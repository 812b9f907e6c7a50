import { describe, expect, it } from 'vitest';
import { listKeys } from './listed-keys';
import type { KeysPage } from './redis-api';

const page = (keys: string[], cursor: string, scanned: number, readAt = 1): KeysPage => ({
  entries: keys.map((key) => ({ key, keyEncoding: 'utf8', type: 'string', ttl: -1 })),
  cursor,
  scanned,
  totalKeys: 1000,
  database: 0,
  readAt,
});

describe("the key browser's list", () => {
  it('lists a key once when SCAN returns it again on a later page, keeping the first read', () => {
    const listed = listKeys([page(['a', 'b'], '7', 500, 1), page(['b', 'c'], '9', 500, 2)]);
    expect(listed.keys.map((listed) => [listed.entry.key, listed.readAt])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('tells the same bytes apart by encoding: a text key and a hex key are two keys', () => {
    const first = page(['6b'], '0', 2);
    first.entries.push({ key: '6b', keyEncoding: 'hex', type: 'string', ttl: -1 });
    expect(listKeys([first]).keys).toHaveLength(2);
  });

  it('counts the keys scanned, never more than the database holds, and all of it once the scan is done', () => {
    expect(listKeys([page([], '5', 600), page([], '6', 600)]).scanned).toBe(1000);
    expect(listKeys([page([], '5', 300)]).scanned).toBe(300);
    expect(listKeys([page([], '5', 300), page([], '0', 100)]).scanned).toBe(1000);
    expect(listKeys([])).toEqual({ keys: [], scanned: 0, totalKeys: 0 });
  });
});
