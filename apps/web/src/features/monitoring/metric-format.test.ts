import { describe, expect, it } from 'vitest';
import { formatMetric, formatUptime } from './metric-format';

describe('formatMetric', () => {
  it('reads each unit as a person would', () => {
    expect(formatMetric(42.345, 'percent')).toBe('42.3%');
    expect(formatMetric(3.25, 'ms')).toBe('3.3 ms');
    expect(formatMetric(250.4, 'ms')).toBe('250 ms');
    expect(formatMetric(1520, 'ms')).toBe('1.52 s');
    expect(formatMetric(1536, 'bytes')).toBe('1.5 KB');
    expect(formatMetric(2.5, 'per_second')).toBe('2.50/s');
    expect(formatMetric(0.013, 'per_second')).toBe('0.01/s');
    expect(formatMetric(42.37, 'per_second')).toBe('42.4/s');
    expect(formatMetric(1500, 'per_second')).toBe('1.5K/s');
    expect(formatMetric(0.4213, 'load')).toBe('0.42');
    expect(formatMetric(2_400_000, 'count')).toBe('2.4M');
  });

  it('shows a dash for a value that is not there', () => {
    expect(formatMetric(undefined, 'percent')).toBe('—');
    expect(formatMetric(null, 'ms')).toBe('—');
    expect(formatMetric(Number.NaN, 'count')).toBe('—');
  });
});

describe('formatUptime', () => {
  it('keeps the two largest units', () => {
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(125)).toBe('2m');
    expect(formatUptime(3 * 3600 + 20 * 60 + 5)).toBe('3h 20m');
    expect(formatUptime(5 * 86_400 + 4 * 3600)).toBe('5d 4h');
    expect(formatUptime(undefined)).toBe('—');
  });
});
