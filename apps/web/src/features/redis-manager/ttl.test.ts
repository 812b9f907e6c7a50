import { describe, expect, it } from 'vitest';
import { parseTtlSeconds, remainingTtl, ttlText } from './ttl';

describe('a key TTL', () => {
  it('counts down from the time it was read, stopping at zero', () => {
    expect(remainingTtl(60, 1_000, 1_000)).toBe(60);
    expect(remainingTtl(60, 1_000, 6_999)).toBe(55);
    expect(remainingTtl(60, 1_000, 500_000)).toBe(0);
    expect(remainingTtl(-1, 1_000, 9_000)).toBe(-1);
  });

  it('reads in the largest two units', () => {
    expect(ttlText(45)).toBe('45s');
    expect(ttlText(185)).toBe('3m 05s');
    expect(ttlText(7_440)).toBe('2h 04m');
    expect(ttlText(284_400)).toBe('3d 07h');
  });

  it('is typed as whole positive seconds', () => {
    expect(parseTtlSeconds(' 120 ')).toBe(120);
    expect(parseTtlSeconds('0')).toBeNull();
    expect(parseTtlSeconds('1.5')).toBeNull();
    expect(parseTtlSeconds('-3')).toBeNull();
    expect(parseTtlSeconds('ten')).toBeNull();
    expect(parseTtlSeconds('')).toBeNull();
  });
});
