import { describe, expect, it } from 'vitest';
import { formatRelative, formatShortDay } from './format-date';

const now = new Date('2025-03-10T12:00:00Z');

describe('formatRelative', () => {
  it('says Never without a time', () => {
    expect(formatRelative(null, now, 'en')).toBe('Never');
    expect(formatRelative('garbage', now, 'en')).toBe('Never');
  });

  it('picks the largest whole unit', () => {
    expect(formatRelative('2025-03-10T11:59:40Z', now, 'en')).toBe('just now');
    expect(formatRelative('2025-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatRelative('2025-03-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelative('2025-03-07T12:00:00Z', now, 'en')).toBe('3 days ago');
    expect(formatRelative('2025-01-01T12:00:00Z', now, 'en')).toBe('2 months ago');
  });
});

describe('formatShortDay', () => {
  it('reads the day without a time zone shift', () => {
    expect(formatShortDay('2025-03-03', 'en')).toBe('Mar 3');
    expect(formatShortDay('oops', 'en')).toBe('oops');
  });
});
