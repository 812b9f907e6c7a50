import { describe, expect, it } from 'vitest';
import { durationTone } from './slow-query-tone';

describe('durationTone (spec 2 §4)', () => {
  it('is red over 1000 ms, amber over 500 ms, else green', () => {
    expect(durationTone(1000.5)).toBe('bad');
    expect(durationTone(1000)).toBe('warn');
    expect(durationTone(501)).toBe('warn');
    expect(durationTone(500)).toBe('good');
    expect(durationTone(3)).toBe('good');
  });
});
