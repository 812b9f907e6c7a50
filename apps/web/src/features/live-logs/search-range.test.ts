import { describe, expect, it } from 'vitest';
import { fromLocalInput, rangeProblem, toLocalInput } from './search-range';

describe('search time range', () => {
  it('writes a time as a datetime-local value, local time to the minute', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 9, 7, 42))).toBe('2026-01-05T09:07');
  });

  it('reads a datetime-local value back as the same instant', () => {
    const date = new Date(2026, 10, 24, 6, 30);
    expect(fromLocalInput(toLocalInput(date))).toBe(date.toISOString());
  });

  it('leaves an empty or broken value out', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('not a time')).toBeUndefined();
  });

  it('refuses a range that ends before it starts', () => {
    expect(rangeProblem('2026-11-24T10:00', '2026-11-24T09:00')).toBe('From must be before To');
    expect(rangeProblem('2026-11-24T09:00', '2026-11-24T10:00')).toBeNull();
    expect(rangeProblem('2026-11-24T09:00', '')).toBeNull();
  });
});
