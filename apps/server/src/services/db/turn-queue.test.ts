import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue';

describe('createTurnQueue', () => {
  it('runs jobs one at a time, in the order they were queued', async () => {
    const queue = createTurnQueue();
    const events: string[] = [];
    const job = (name: string, turns: number) => async () => {
      events.push(`start ${name}`);
      for (let turn = 0; turn < turns; turn++) await nextTurn();
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue(job('a', 3)), queue(job('b', 0)), queue(job('c', 1))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('gives the event loop a turn before each job, so I/O callbacks run between blocking jobs', async () => {
    const queue = createTurnQueue();
    const events: string[] = [];
    const blocking = (name: string) => async () => {
      events.push(name);
      // The next job is already queued; an I/O-like callback scheduled now must run before it.
      setImmediate(() => events.push(`turn after ${name}`));
    };
    await Promise.all([queue(blocking('a')), queue(blocking('b')), queue(blocking('c'))]);
    await nextTurn();
    expect(events).toEqual(['a', 'turn after a', 'b', 'turn after b', 'c', 'turn after c']);
  });

  it('keeps going after a job fails, and hands the failure to its caller', async () => {
    const queue = createTurnQueue();
    const failed = queue(async () => {
      throw new Error('broken statement');
    });
    const next = queue(async () => 'still served');
    await expect(failed).rejects.toThrow('broken statement');
    await expect(next).resolves.toBe('still served');
  });
});
