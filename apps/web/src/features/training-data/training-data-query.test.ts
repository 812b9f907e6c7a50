import { describe, expect, it } from 'vitest';
import { parseUrlQuery, urlQuerySearch } from '../../ui/use-url-query';
import { isoRange, quickRange, rangeError } from './date-range';
import { listQueryOf, listStateOf, listUrlChange, parseMinQuality, tabOf, trainingDataQuery } from './training-data-query';

const read = (text: string) => parseUrlQuery(trainingDataQuery, new URLSearchParams(text));

describe('the Training Data URL', () => {
  it('opens the tab named, else the list of the linked sample type, else Statistics', () => {
    expect(tabOf(read('tab=review'))).toBe('review');
    expect(tabOf(read('type=memory&sample=x'))).toBe('memory');
    expect(tabOf(read('type=intent'))).toBe('intent');
    expect(tabOf(read('tab=nope&type=other'))).toBe('statistics');
  });

  it('defaults the list to minimum quality 0.5, newest first, page 1', () => {
    const state = listStateOf(read(''));
    expect(state).toMatchObject({ page: 1, minQuality: '0.5', verified: 'all', sortBy: 'timestamp', sortOrder: 'desc' });
    expect(listQueryOf('memory', state)).toEqual({ page: 1, limit: 10, sortBy: 'timestamp', sortOrder: 'desc', minQuality: 0.5 });
  });

  it('sends shouldRespond for intent samples only and keeps an emptied minimum quality empty', () => {
    const url = read('shouldRespond=false&verified=unverified&minQuality=none&provider=%20openai%20&page=3&limit=50');
    const state = listStateOf(url);
    expect(state.minQuality).toBe('');
    expect(listQueryOf('intent', state)).toEqual({
      page: 3,
      limit: 50,
      sortBy: 'timestamp',
      sortOrder: 'desc',
      verified: 'false',
      shouldRespond: 'false',
      provider: 'openai',
    });
    expect(listQueryOf('memory', state)).not.toHaveProperty('shouldRespond');
    expect(urlQuerySearch(trainingDataQuery, { ...url, ...listUrlChange(state) }).get('minQuality')).toBe('none');
  });

  it('reads a minimum quality only from 0 to 1', () => {
    expect(parseMinQuality('0.7')).toBe(0.7);
    expect(parseMinQuality('1.2')).toBeUndefined();
    expect(parseMinQuality('-0.1')).toBeUndefined();
    expect(parseMinQuality('abc')).toBeUndefined();
    expect(parseMinQuality(' ')).toBeUndefined();
  });
});

describe('the date range', () => {
  it('names a start after the end, and accepts one day or an open end', () => {
    expect(rangeError({ start: '2026-03-05', end: '2026-03-01' })).toBe('Start date must be before end date');
    expect(rangeError({ start: '2026-03-01', end: '2026-03-01' })).toBeNull();
    expect(rangeError({ start: '2026-03-05', end: '' })).toBeNull();
  });

  it('makes the quick ranges end today', () => {
    const now = new Date(2026, 2, 10, 15, 30);
    expect(quickRange(0, now)).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(quickRange(7, now)).toEqual({ start: '2026-03-03', end: '2026-03-10' });
    expect(quickRange(90, now)).toEqual({ start: '2025-12-10', end: '2026-03-10' });
  });

  it('sends the whole of both days in local time, and leaves open ends out', () => {
    const range = isoRange({ start: '2026-03-01', end: '2026-03-02' });
    expect(new Date(range.startDate!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(range.endDate!).getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
    expect(isoRange({ start: '', end: '' })).toEqual({});
  });
});
