import { describe, expect, it } from 'vitest';
import { axisTicks, labelIndexes } from './scale';

describe('axisTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(axisTicks(10)).toEqual([0, 5, 10]);
    expect(axisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(1800)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('uses whole steps for small counts and a unit axis when empty', () => {
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });
});

describe('labelIndexes', () => {
  it('keeps all labels when they fit', () => {
    expect([...labelIndexes(4, 6)].sort()).toEqual([0, 1, 2, 3]);
  });

  it('thins labels evenly and keeps the last', () => {
    const shown = labelIndexes(12, 6);
    expect(shown.has(11)).toBe(true);
    expect(shown.size).toBeLessThanOrEqual(6);
  });
});
