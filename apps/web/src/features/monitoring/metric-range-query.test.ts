import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../ui/use-url-query';
import { metricRangeQuery } from './metric-range-query';

const rangeOf = (search: string) => parseUrlQuery(metricRangeQuery, new URLSearchParams(search)).duration;

describe('the charts range in the URL', () => {
  it('keeps a range of the picker', () => {
    expect(rangeOf('duration=21600')).toBe(21_600);
    expect(rangeOf('duration=2592000')).toBe(2_592_000);
  });

  it('falls back to 1 Hour for anything else', () => {
    expect(rangeOf('')).toBe(3600);
    expect(rangeOf('duration=999')).toBe(3600);
    expect(rangeOf('duration=abc')).toBe(3600);
  });
});
