import { describe, expect, it } from 'vitest';
import { parseRange } from './range-param';

describe('parseRange', () => {
  it('keeps a range of the picker', () => {
    expect(parseRange('21600')).toBe(21_600);
    expect(parseRange('2592000')).toBe(2_592_000);
  });

  it('falls back to 1 Hour for anything else', () => {
    expect(parseRange(null)).toBe(3600);
    expect(parseRange('999')).toBe(3600);
    expect(parseRange('abc')).toBe(3600);
  });
});
