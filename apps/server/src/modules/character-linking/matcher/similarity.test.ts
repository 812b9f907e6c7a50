import { describe, expect, it } from 'vitest';
import { isOneEditApart, jaroWinkler } from './similarity';

describe('jaroWinkler', () => {
  it('is 1 for equal strings, 0 for nothing in common, and rewards a shared beginning', () => {
    expect(jaroWinkler('arthas', 'arthas')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('arthas', 'arthass')).toBeGreaterThan(jaroWinkler('arthas', 'rarthas'));
  });
});

describe('isOneEditApart', () => {
  it.each([
    ['arthas', 'arthass', true],
    ['arthas', 'arthos', true],
    ['arthas', 'artahs', true],
    ['arthas', 'rthas', true],
    ['arthas', 'arthas', false],
    ['korthor', 'korlethor', false],
    ['arthas', 'arhtsa', false],
    ['arthas', 'arthasdk', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(isOneEditApart(a, b)).toBe(expected);
  });
});
