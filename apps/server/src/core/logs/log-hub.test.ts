import { LOG_LIMITS, type LogEntry } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { LogHub } from './log-hub';

const line = (level: number, msg: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ level, time: Date.now(), pid: 1, hostname: 'h', instance: 'me', msg, ...extra })}\n`;

describe('LogHub', () => {
  it('keeps the last LOG_LIMITS.ring lines and backfills the newest matching ones', () => {
    const hub = new LogHub({ dir: '/nonexistent', instanceId: 'me' });
    for (let i = 0; i < LOG_LIMITS.ring + 50; i++) hub.stream.write(line(i % 2 ? 40 : 30, `line ${i}`, { i }));
    const all = hub.recent({}, 5000);
    expect(all).toHaveLength(LOG_LIMITS.ring);
    expect(all[0]?.fields.i).toBe(50);
    expect(hub.recent({ level: 'warn' }, 2).map((entry) => entry.fields.i)).toEqual([LOG_LIMITS.ring + 47, LOG_LIMITS.ring + 49]);
  });

  it('keeps the message of a huge line but not its fields', () => {
    const hub = new LogHub({ dir: '/nonexistent', instanceId: 'me' });
    hub.stream.write(line(30, 'big', { payload: 'x'.repeat(100_000) }));
    const [entry] = hub.recent({}, 1);
    expect(entry?.message).toBe('big');
    expect(JSON.stringify(entry).length).toBeLessThan(1000);
  });

  it('sends new matching lines in order to subscribers until they unsubscribe, not back to the one that logged them', () => {
    const hub = new LogHub({ dir: '/nonexistent', instanceId: 'me' });
    const seen: LogEntry[] = [];
    const others: LogEntry[] = [];
    // Like a tail dropping its slow client: it logs while handling a line.
    const unsubscribe = hub.subscribe({ level: 'info' }, (entry) => {
      seen.push(entry);
      if (entry.message === 'trigger') hub.stream.write(line(40, 'logged while sending'));
    });
    hub.subscribe({}, (entry) => others.push(entry));
    expect(hub.streamCount()).toBe(2);
    hub.stream.write(line(20, 'debug, filtered out'));
    hub.stream.write(line(30, 'trigger'));
    expect(seen.map((entry) => entry.message)).toEqual(['trigger']);
    expect(others.map((entry) => entry.message)).toEqual(['debug, filtered out', 'trigger', 'logged while sending']);
    unsubscribe();
    expect(hub.streamCount()).toBe(1);
    hub.stream.write(line(30, 'after'));
    expect(seen).toHaveLength(1);
  });
});
