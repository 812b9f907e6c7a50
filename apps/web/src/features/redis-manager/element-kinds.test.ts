import { REDIS_MESSAGES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { ELEMENT_KINDS, elementRows, parseScore, textToBytes } from './element-kinds';

const base = { key: 'k', keyEncoding: 'utf8' as const, ttl: -1, length: 2, nextCursor: null };

describe('editing the elements of a key', () => {
  it('sets a hash field, and renames one by adding the new field before removing the old', () => {
    const [row] = elementRows({ ...base, type: 'hash', value: [{ field: 'name', value: 'Ada' }] });
    expect(row?.cells).toEqual(['name', 'Ada']);
    expect(row?.save(['name', 'Grace'])).toEqual([{ op: 'hash-set', field: 'name', value: 'Grace' }]);
    expect(row?.save(['title', 'Ada'])).toEqual([
      { op: 'hash-set', field: 'title', value: 'Ada' },
      { op: 'hash-delete', field: 'name' },
    ]);
  });

  it('numbers list items from the page offset', () => {
    const rows = elementRows({ ...base, type: 'list', offset: 500, value: ['a', { hex: 'ff' }] });
    expect(rows.map((row) => row.cells)).toEqual([
      ['500', 'a'],
      ['501', '\\xff'],
    ]);
    expect(rows[1]?.fields).toEqual([{ text: 'ff', isHex: true }]);
    expect(rows[1]?.remove).toEqual({ op: 'list-remove', index: 501 });
  });

  it('checks zset scores and keeps a member that is not renamed', () => {
    const [row] = elementRows({ ...base, type: 'zset', offset: 0, value: [{ member: 'm', score: '1.5' }] });
    expect(row?.save(['m', '2'])).toEqual([{ op: 'zset-add', member: 'm', score: 2 }]);
    expect(row?.save(['m', 'lots'])).toBe(REDIS_MESSAGES.invalidScore);
    expect(ELEMENT_KINDS.zset.add(['n', '-inf'])).toEqual([{ op: 'zset-add', member: 'n', score: '-inf' }]);
    expect(parseScore('1e3')).toBe(1000);
  });

  it('leaves an unchanged set member alone', () => {
    const [row] = elementRows({ ...base, type: 'set', value: ['x'] });
    expect(row?.save(['x'])).toEqual([]);
    expect(row?.save(['y'])).toEqual([
      { op: 'set-add', member: 'y' },
      { op: 'set-remove', member: 'x' },
    ]);
  });

  it('reads hex boxes as bytes, refusing odd digits', () => {
    expect(textToBytes({ text: 'DE AD', isHex: true })).toEqual({ hex: 'dead' });
    expect(textToBytes({ text: 'abc', isHex: true })).toBeNull();
    expect(textToBytes({ text: 'abc', isHex: false })).toBe('abc');
  });
});
