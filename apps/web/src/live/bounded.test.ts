import { describe, expect, it } from 'vitest';
import { appendBounded, prependBounded } from './bounded';

describe('bounded lists', () => {
  it('keeps the newest entries at the front', () => {
    expect(prependBounded([2, 1], 3, 2)).toEqual([3, 2]);
  });

  it('keeps the newest entries at the end', () => {
    expect(appendBounded([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(appendBounded([], 1, 3)).toEqual([1]);
  });
});
