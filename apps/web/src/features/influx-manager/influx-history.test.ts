import { describe, expect, it } from 'vitest';
import { INFLUX_HISTORY_SIZE, type InfluxHistoryEntry, withHistoryEntry } from './influx-history';

const entry = (query: string, language: InfluxHistoryEntry['language'] = 'influxql'): InfluxHistoryEntry => ({
  query,
  language,
  timestamp: '2026-01-01T00:00:00.000Z',
  durationMs: 3,
});

describe('the query history', () => {
  it('keeps the newest first, moves a repeat up and holds 20', () => {
    let history: InfluxHistoryEntry[] = [];
    for (let index = 0; index < 25; index++) history = withHistoryEntry(history, entry(`q${index}`));
    expect(history).toHaveLength(INFLUX_HISTORY_SIZE);
    expect(history[0]?.query).toBe('q24');
    history = withHistoryEntry(history, entry('q10'));
    expect(history.map((past) => past.query).slice(0, 2)).toEqual(['q10', 'q24']);
    expect(history.filter((past) => past.query === 'q10')).toHaveLength(1);
  });

  it('tells the same text in two languages apart', () => {
    const history = withHistoryEntry([entry('x', 'flux')], entry('x', 'influxql'));
    expect(history).toHaveLength(2);
  });
});
