import type { LogEntry } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { emptyTail, type TailState, tailReducer } from './tail-buffer';

const line = (message: string, time = '2026-11-24T06:00:00.000Z'): LogEntry => ({
  time,
  level: 'info',
  source: 'http',
  message,
  requestId: null,
  instance: 'test',
  fields: {},
});

const messages = (state: TailState) => state.lines.map((item) => item.entry.message);
const receive = (state: TailState, ...names: string[]) =>
  tailReducer(state, { type: 'receive', entries: names.map((name) => line(name)) });

describe('the live tail buffer', () => {
  it('keeps lines oldest first, at most its limit, dropping the oldest', () => {
    const state = receive(emptyTail(3), 'a', 'b', 'c', 'd');
    expect(messages(receive(state, 'e'))).toEqual(['c', 'd', 'e']);
  });

  it('gives every line a key of its own', () => {
    const state = receive(receive(emptyTail(), 'a', 'b'), 'c');
    expect(new Set(state.lines.map((item) => item.id)).size).toBe(3);
  });

  it('does not show a line twice when a reconnected stream sends its backfill again', () => {
    const state = receive(receive(emptyTail(), 'a', 'b'), 'a', 'b', 'c');
    expect(messages(state)).toEqual(['a', 'b', 'c']);
  });

  it('while paused, counts new lines without showing them, then shows them on resume', () => {
    let state = tailReducer(receive(emptyTail(), 'a'), { type: 'pause' });
    state = receive(state, 'b', 'c');
    expect(messages(state)).toEqual(['a']);
    expect(state.heldCount).toBe(2);
    state = tailReducer(state, { type: 'resume' });
    expect(messages(state)).toEqual(['a', 'b', 'c']);
    expect(state.heldCount).toBe(0);
    expect(state.isPaused).toBe(false);
  });

  it('counts every line received while paused even past the bound, and keeps only the newest', () => {
    let state = tailReducer(emptyTail(2), { type: 'pause' });
    state = receive(state, 'a', 'b', 'c');
    expect(state.heldCount).toBe(3);
    expect(messages(tailReducer(state, { type: 'resume' }))).toEqual(['b', 'c']);
  });

  it('clears the screen and what was held, staying paused', () => {
    let state = tailReducer(receive(emptyTail(), 'a'), { type: 'pause' });
    state = tailReducer(receive(state, 'b'), { type: 'clear' });
    expect(state.lines).toEqual([]);
    expect(state.heldCount).toBe(0);
    expect(state.isPaused).toBe(true);
    // A line cleared away is a new line when it comes again.
    expect(messages(tailReducer(receive(state, 'a'), { type: 'resume' }))).toEqual(['a']);
  });

  it('tells apart lines with the same text at different times', () => {
    const state = tailReducer(emptyTail(), {
      type: 'receive',
      entries: [line('same', '2026-11-24T06:00:00.000Z'), line('same', '2026-11-24T06:00:00.001Z')],
    });
    expect(state.lines).toHaveLength(2);
  });
});
