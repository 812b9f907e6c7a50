import { describe, expect, it } from 'vitest';
import { formatBytes, formatCompact, formatShare } from './format-number';

describe('formatCompact', () => {
  it('leaves small numbers as they are', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(2.5)).toBe('2.5');
  });

  it('uses K from a thousand and M from a million', () => {
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1250)).toBe('1.3K');
    expect(formatCompact(999_000)).toBe('999K');
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(12_345_678)).toBe('12.3M');
    expect(formatCompact(-1500)).toBe('-1.5K');
  });
});

describe('formatBytes', () => {
  it('scales by 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('formatShare', () => {
  it('shows a percentage with one decimal', () => {
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.4567)).toBe('45.7%');
    expect(formatShare(1)).toBe('100%');
  });
});
