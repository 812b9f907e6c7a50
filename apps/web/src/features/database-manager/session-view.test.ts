import { describe, expect, it } from 'vitest';
import { durationText, formatElapsed, sessionDuration, sessionState } from './session-view';

const base = { state: 'active', waitEventType: null, waitEvent: null, backendType: 'client backend' };

describe('the session list', () => {
  it('says which sessions wait on a lock and which sit idle in a transaction', () => {
    expect(sessionState({ ...base, waitEventType: 'Lock', waitEvent: 'transactionid' })).toEqual({
      label: 'Waiting on lock',
      tone: 'bad',
      detail: 'transactionid',
    });
    expect(sessionState({ ...base, state: 'idle in transaction' }).label).toBe('Idle in transaction');
    expect(sessionState({ ...base, waitEventType: 'Timeout', waitEvent: 'PgSleep' })).toEqual({
      label: 'Active',
      tone: 'good',
      detail: 'Timeout: PgSleep',
    });
    expect(sessionState({ ...base, state: null, backendType: 'autovacuum worker' }).label).toBe('autovacuum worker');
  });

  it('counts durations on from the server reading, whatever the browser clock says', () => {
    const running = sessionDuration({ state: 'active', queryDurationMs: 12_000, transactionDurationMs: 12_000 }, 3000);
    expect(durationText(running)).toBe('running 15 s');
    const open = sessionDuration({ state: 'idle in transaction', queryDurationMs: 1000, transactionDurationMs: 185_000 }, 0);
    expect(durationText(open)).toBe('in transaction 3 min 5 s');
    const idle = sessionDuration({ state: 'idle', queryDurationMs: 7_200_000, transactionDurationMs: null }, 0);
    expect(durationText(idle)).toBe('last query 2 h ago');
    expect(durationText(sessionDuration({ state: 'idle', queryDurationMs: null, transactionDurationMs: null }, 0))).toBe('—');
  });

  it('writes elapsed times in two units at most', () => {
    expect(formatElapsed(999)).toBe('0 s');
    expect(formatElapsed(61_000)).toBe('1 min 1 s');
    expect(formatElapsed(3_600_000 + 14 * 60_000 + 5000)).toBe('1 h 14 min');
    expect(formatElapsed(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 4 h');
  });
});
