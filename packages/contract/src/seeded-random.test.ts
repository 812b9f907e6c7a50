import { describe, expect, it } from 'vitest';
import { pick, seededRandom, shuffled } from './seeded-random';

describe('seededRandom', () => {
  it('gives the same numbers in [0, 1) for the same seed, and others for another seed', () => {
    const a = Array.from({ length: 5 }, seededRandom(42));
    expect(Array.from({ length: 5 }, seededRandom(42))).toEqual(a);
    expect(Array.from({ length: 5 }, seededRandom(43))).not.toEqual(a);
    for (const n of a) expect(n >= 0 && n < 1).toBe(true);
  });
  it('picks from the list and refuses an empty one', () => {
    const random = seededRandom(7);
    expect(['a', 'b', 'c']).toContain(pick(random, ['a', 'b', 'c']));
    expect(() => pick(random, [])).toThrow();
  });
  it('shuffles into a permutation without touching the input', () => {
    const list = [1, 2, 3, 4, 5, 6];
    const result = shuffled(seededRandom(1), list);
    expect([...result].sort()).toEqual(list);
    expect(list).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
