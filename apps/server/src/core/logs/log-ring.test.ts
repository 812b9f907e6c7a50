import { describe, expect, it } from 'vitest';
import { LogRing } from './log-ring';

describe('LogRing', () => {
  it('keeps the newest items up to its capacity, oldest first', () => {
    const ring = new LogRing<number>(3);
    expect(ring.newest(10)).toEqual([]);
    for (let i = 1; i <= 5; i++) ring.push(i);
    expect(ring.size).toBe(3);
    expect(ring.newest(10)).toEqual([3, 4, 5]);
    expect(ring.newest(2)).toEqual([4, 5]);
  });

  it('picks the newest items that pass a test', () => {
    const ring = new LogRing<number>(10);
    for (let i = 1; i <= 10; i++) ring.push(i);
    expect(ring.newest(3, (n) => n % 2 === 1)).toEqual([5, 7, 9]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LogRing<number>(0)).toThrow(RangeError);
  });
});
